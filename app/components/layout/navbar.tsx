import { Form, Link, NavLink, useLocation } from "@remix-run/react";
import { useCartCount } from "~/hooks/use-optimistic-cart";
import { SITE_NAME } from "~/utils/site";
import { loginHref } from "~/utils/safe-redirect";

export interface NavUser {
  id: number;
  isAdmin: boolean;
  cartCount: number;
}

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-md px-3 py-2 text-sm font-medium ${isActive ? "bg-white/15 text-white" : "text-slate-200 hover:bg-white/10 hover:text-white"}`;

export function Navbar({ user }: { user: NavUser | null }) {
  const cartCount = useCartCount(user?.cartCount ?? 0);
  const location = useLocation();
  return (
    <header className="bg-slate-900 text-white">
      <nav aria-label="Main" className="mx-auto flex max-w-7xl flex-wrap items-center gap-1 px-4 py-3 sm:gap-2">
        <Link to="/" className="mr-auto flex items-center gap-2 text-lg font-bold tracking-tight">
          <svg aria-hidden="true" viewBox="0 0 24 24" className="h-7 w-7 text-brand-500" fill="currentColor">
            <path d="M7 6h10a5 5 0 0 1 4.9 6l-.8 4A3 3 0 0 1 16 17.5L14.5 15h-5L8 17.5A3 3 0 0 1 2.9 16l-.8-4A5 5 0 0 1 7 6Zm1 3v1.5H6.5v1H8V13h1v-1.5h1.5v-1H9V9H8Zm7.5.5a1 1 0 1 0 0 2 1 1 0 0 0 0-2Zm2 2a1 1 0 1 0 0 2 1 1 0 0 0 0-2Z" />
          </svg>
          {SITE_NAME}
        </Link>
        <NavLink to="/products" className={linkClass}>
          All Products
        </NavLink>
        {user?.isAdmin ? (
          <>
            <NavLink to="/add-product" className={linkClass}>
              Manage Shop
            </NavLink>
            <NavLink to="/admin/products" end className={linkClass}>
              Products
            </NavLink>
            <NavLink to="/admin/catalogue" className={linkClass}>
              Brands &amp; categories
            </NavLink>
            <NavLink to="/admin/orders" className={linkClass}>
              Orders
            </NavLink>
            <NavLink to="/admin/refunds" className={linkClass}>
              Refunds
            </NavLink>
            <NavLink to="/admin/mail" className={linkClass}>
              Sent mail
            </NavLink>
          </>
        ) : null}
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
                className="rounded-md px-3 py-2 text-sm font-medium text-slate-200 hover:bg-white/10 hover:text-white"
              >
                Logout
              </button>
            </Form>
          </>
        ) : (
          <NavLink to={loginHref(location)} className={linkClass}>
            Login
          </NavLink>
        )}
      </nav>
    </header>
  );
}
