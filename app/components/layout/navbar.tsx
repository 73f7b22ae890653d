import { Form, Link, NavLink, useLocation, useMatches } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { useCartCount } from "~/hooks/use-optimistic-cart";
import { SITE_NAME } from "~/lib/site";
import { loginHref } from "~/lib/safe-redirect";

export interface NavUser {
  id: number;
  isAdmin: boolean;
  /** staff or an admin */
  isStaff?: boolean;
  cartCount: number;
}

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-md px-3 py-2 text-sm font-medium xl:px-2 ${isActive ? "bg-white/15 text-white" : "text-slate-200 hover:bg-white/10 hover:text-white"}`;

/**
 * `staff`: staff see these links too (docs/decisions/0038-running-the-shop.md); the others are the admin's only.
 * `more`: the rarer pages, under "More" in the wide bar so that it stays one row at 1280 px.
 */
const ADMIN_LINKS = [
  { to: "/admin", label: "Dashboard", end: true },
  { to: "/add-product", label: "Manage Shop" },
  { to: "/admin/products", label: "Products", end: true },
  { to: "/admin/catalogue", label: "Brands & categories" },
  { to: "/admin/orders", label: "Orders", staff: true },
  { to: "/admin/stock", label: "Stock", staff: true },
  { to: "/admin/returns", label: "Returns", more: true },
  { to: "/admin/refunds", label: "Refunds" },
  { to: "/admin/reviews", label: "Reviews", more: true },
  { to: "/admin/discounts", label: "Discounts", more: true },
  { to: "/admin/shipping", label: "Shipping", more: true },
  { to: "/admin/tax", label: "Tax", more: true },
  { to: "/admin/pages", label: "Shop pages", more: true },
  { to: "/admin/seller", label: "Seller details", more: true },
  { to: "/admin/mail", label: "Sent mail", more: true },
  { to: "/admin/users", label: "Users", more: true },
  { to: "/admin/audit", label: "Audit log", more: true },
];

/** A native <details> menu (it opens without JavaScript too) that closes like a menu: on Escape, a click elsewhere, a navigation. */
function useMenu() {
  const menu = useRef<HTMLDetailsElement>(null);
  const location = useLocation();
  // a client-side navigation keeps the bar: close the menu behind it
  useEffect(() => {
    if (menu.current) menu.current.open = false;
  }, [location]);
  useEffect(() => {
    const close = (event: Event) => {
      const details = menu.current;
      if (!details?.open) return;
      if (event instanceof KeyboardEvent && event.key === "Escape") {
        details.open = false;
        details.querySelector("summary")?.focus();
      } else if (event.type === "click" && !details.contains(event.target as Node)) {
        details.open = false;
      }
    };
    document.addEventListener("keydown", close);
    document.addEventListener("click", close);
    return () => {
      document.removeEventListener("keydown", close);
      document.removeEventListener("click", close);
    };
  }, []);
  return menu;
}

const SUMMARY_CLASS =
  "flex cursor-pointer list-none items-center gap-1 rounded-md px-3 py-2 text-sm font-medium text-slate-200 hover:bg-white/10 hover:text-white xl:px-2 [&::-webkit-details-marker]:hidden";
const PANEL_CLASS =
  "absolute right-0 z-50 mt-2 flex w-56 flex-col gap-1 rounded-lg bg-slate-800 p-2 shadow-xl ring-1 ring-white/10";

function Chevron() {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 20 20"
      className="h-4 w-4 transition-transform group-open:rotate-180"
      fill="currentColor"
    >
      <path d="M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4Z" />
    </svg>
  );
}

/**
 * The admin's pages: in the bar on a wide screen, the rarer ones under "More"; below 1280 px one "Admin" menu. Both
 * are native <details> (they open without JavaScript too), which keeps the bar at the shopper's two rows on a phone
 * and at one row at 1280 px. Only one of the two sets is displayed.
 */
function AdminLinks({ staffOnly }: { staffOnly: boolean }) {
  const menu = useMenu();
  const more = useMenu();
  const shown = ADMIN_LINKS.filter((link) => !staffOnly || link.staff);
  const link = (item: (typeof ADMIN_LINKS)[number]) => (
    <NavLink key={item.to} to={item.to} end={item.end} className={linkClass}>
      {item.label}
    </NavLink>
  );
  const rare = shown.filter((item) => item.more);
  return (
    <>
      <div className="hidden xl:contents">
        {shown.filter((item) => !item.more).map(link)}
        {rare.length > 0 ? (
          <details ref={more} className="group relative">
            <summary className={SUMMARY_CLASS}>
              More
              <Chevron />
            </summary>
            <div className={PANEL_CLASS}>{rare.map(link)}</div>
          </details>
        ) : null}
      </div>
      <details ref={menu} className="group relative xl:hidden">
        <summary className={SUMMARY_CLASS}>
          Admin
          <Chevron />
        </summary>
        <div className={PANEL_CLASS}>{shown.map(link)}</div>
      </details>
    </>
  );
}

export function Navbar({ user }: { user: NavUser | null }) {
  const cartCount = useCartCount(user?.cartCount ?? 0);
  const location = useLocation();
  // a page that does not exist is no page to come back to after signing in
  const notFound = useMatches().at(-1)?.id === "routes/site/not-found";
  return (
    <header className="bg-slate-900 text-white print:hidden">
      <nav
        aria-label="Main"
        className="mx-auto flex max-w-7xl flex-wrap items-center gap-1 px-4 py-3 sm:gap-2 xl:gap-1"
      >
        <Link to="/" className="mr-auto flex items-center gap-2 text-lg font-bold tracking-tight">
          <svg aria-hidden="true" viewBox="0 0 24 24" className="h-7 w-7 text-brand-500" fill="currentColor">
            <path d="M7 6h10a5 5 0 0 1 4.9 6l-.8 4A3 3 0 0 1 16 17.5L14.5 15h-5L8 17.5A3 3 0 0 1 2.9 16l-.8-4A5 5 0 0 1 7 6Zm1 3v1.5H6.5v1H8V13h1v-1.5h1.5v-1H9V9H8Zm7.5.5a1 1 0 1 0 0 2 1 1 0 0 0 0-2Zm2 2a1 1 0 1 0 0 2 1 1 0 0 0 0-2Z" />
          </svg>
          {SITE_NAME}
        </Link>
        <NavLink to="/products" className={linkClass}>
          All Products
        </NavLink>
        {user?.isAdmin || user?.isStaff ? <AdminLinks staffOnly={!user.isAdmin} /> : null}
        {user ? (
          <>
            <NavLink to={`/user-profile/${user.id}/profile`} className={linkClass}>
              My Account
            </NavLink>
            <NavLink
              to={`/user/${user.id}/my-cart`}
              className={(state) => `relative ${linkClass(state)}`}
              aria-label={`Cart, ${cartCount} item${cartCount === 1 ? "" : "s"}`}
            >
              <svg
                aria-hidden="true"
                viewBox="0 0 24 24"
                className="h-5 w-5"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
              >
                <path
                  d="M3 4h2l2.4 11.2a1 1 0 0 0 1 .8h9.2a1 1 0 0 0 1-.8L21 8H6.2"
                  strokeLinecap="round"
                  strokeLinejoin="round"
                />
                <circle cx="9" cy="20" r="1.3" />
                <circle cx="18" cy="20" r="1.3" />
              </svg>
              <span
                data-testid="cart-count"
                className="absolute -right-1 -top-1 min-w-5 rounded-full bg-amber-400 px-1 text-center text-xs font-bold leading-5 text-slate-900"
              >
                {cartCount}
              </span>
            </NavLink>
            <Form method="post" action="/logout">
              <button
                type="submit"
                className="rounded-md px-3 py-2 text-sm font-medium text-slate-200 hover:bg-white/10 hover:text-white xl:px-2"
              >
                Logout
              </button>
            </Form>
          </>
        ) : (
          <NavLink to={notFound ? "/login" : loginHref(location)} className={linkClass}>
            Login
          </NavLink>
        )}
      </nav>
    </header>
  );
}
