import { Link } from "@remix-run/react";
import type { Category } from "~/schemas/catalogue";
import type { PolicySlug } from "~/schemas/policies";
import { COPYRIGHT_YEAR, SITE_NAME } from "~/lib/site";

const SOCIAL = [
  { name: "Twitch", href: "https://www.twitch.tv/" },
  { name: "YouTube", href: "https://www.youtube.com/" },
  { name: "Instagram", href: "https://www.instagram.com/" },
  { name: "Discord", href: "https://discord.com/" },
];

/** The shop's policy pages (app/routes/site/policy.tsx), by the names shoppers look for. */
const POLICY_LINKS: Array<{ slug: PolicySlug; label: string }> = [
  { slug: "terms", label: "Terms and conditions" },
  { slug: "privacy", label: "Privacy policy" },
  { slug: "shipping", label: "Shipping" },
  { slug: "returns", label: "Returns and withdrawal" },
  { slug: "contact", label: "Contact and imprint" },
];

export function Footer({ categories }: { categories: Category[] }) {
  return (
    <footer className="mt-16 bg-slate-900 text-slate-300 print:hidden">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:grid-cols-2 lg:grid-cols-4">
        <section aria-labelledby="footer-about">
          <h2 id="footer-about" className="mb-3 text-sm font-semibold uppercase tracking-wide text-white">
            About Us
          </h2>
          <p className="text-sm leading-6">
            {SITE_NAME} is an independent shop for gaming accessories: mice, keyboards, headsets, controllers and
            streaming gear picked and tested by players, shipped fast and fairly priced.
          </p>
        </section>
        {/* no heading over nothing (a page whose root data failed to load, a shop without products yet) */}
        {categories.length > 0 ? (
          <section aria-labelledby="footer-categories">
            <h2 id="footer-categories" className="mb-3 text-sm font-semibold uppercase tracking-wide text-white">
              Categories
            </h2>
            <ul className="space-y-1 text-sm">
              {categories.map((category) => (
                <li key={category.id}>
                  <Link to={`/products/category/${category.id}/products`} className="hover:text-white hover:underline">
                    {category.name}
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact" className="mb-3 text-sm font-semibold uppercase tracking-wide text-white">
            Contact
          </h2>
          <address className="space-y-1 text-sm not-italic">
            <p>12 Respawn Street, Austin, TX 78701</p>
            <p>
              <a href="mailto:support@gearhub.example" className="hover:text-white hover:underline">
                support@gearhub.example
              </a>
            </p>
            <p>
              <a href="tel:+15125550142" className="hover:text-white hover:underline">
                +1 (512) 555-0142
              </a>
            </p>
          </address>
          <nav aria-label="Shop policies" className="mt-3">
            <ul className="space-y-1 text-sm">
              {POLICY_LINKS.map((link) => (
                <li key={link.slug}>
                  <Link to={`/policies/${link.slug}`} className="hover:text-white hover:underline">
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          {/* the withdrawal function, always reachable, no account needed (docs/decisions/0039-after-sale.md) */}
          <p className="mt-3 text-sm">
            <Link to="/withdraw" className="font-semibold text-white underline hover:text-slate-100">
              Withdraw from contract
            </Link>
          </p>
        </section>
        <section aria-labelledby="footer-social">
          <h2 id="footer-social" className="mb-3 text-sm font-semibold uppercase tracking-wide text-white">
            Follow us
          </h2>
          <ul className="flex flex-wrap gap-3 text-sm">
            {SOCIAL.map((link) => (
              <li key={link.name}>
                <a href={link.href} rel="noopener noreferrer" className="hover:text-white hover:underline">
                  {link.name}
                </a>
              </li>
            ))}
          </ul>
        </section>
      </div>
      <p className="border-t border-white/10 py-4 text-center text-xs text-slate-400">
        © {COPYRIGHT_YEAR} {SITE_NAME}. All rights reserved.
      </p>
    </footer>
  );
}
