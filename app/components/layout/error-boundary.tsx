import { isRouteErrorResponse, Link, useLocation, useRouteError, type ErrorResponse } from "@remix-run/react";
import type { ReactNode } from "react";

type StatusHandler = (error: ErrorResponse) => ReactNode;

function ErrorPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="mx-auto max-w-xl px-4 py-20 text-center">
      <h1 className="text-2xl font-bold">{title}</h1>
      {children}
    </div>
  );
}

/** The same page again (a GET: a form's post is not repeated behind the shopper's back). */
function RetryLink() {
  const location = useLocation();
  return (
    <a href={location.pathname + location.search} className="btn-primary mt-6">
      Try again
    </a>
  );
}

const browse = (
  <Link to="/products" className="btn-primary mt-6">
    Browse all products
  </Link>
);

/** What the server said, when it is a short sentence for people (thrown as `data("…", { status })`). */
const said = (error: ErrorResponse) => (typeof error.data === "string" && error.data.length < 300 ? error.data : null);

const DEFAULT_HANDLERS: Record<number, StatusHandler> = {
  400: (error) => (
    <ErrorPage title="This request could not be read">
      <p className="mt-3 text-slate-600">{said(error) ?? "Please go back and try again."}</p>
      {browse}
    </ErrorPage>
  ),
  422: (error) => (
    <ErrorPage title="This request could not be read">
      <p className="mt-3 text-slate-600">{said(error) ?? "Please go back and try again."}</p>
      {browse}
    </ErrorPage>
  ),
  403: () => (
    <ErrorPage title="Unauthorized: You do not have permission to access this page.">
      <Link to="/" className="btn-primary mt-6">
        Back to the shop
      </Link>
    </ErrorPage>
  ),
  404: () => (
    <ErrorPage title="Page not found">
      <p className="mt-3 text-slate-600">We couldn&apos;t find the page you were looking for.</p>
      {browse}
    </ErrorPage>
  ),
  503: (error) => (
    <ErrorPage title="The shop is busy right now">
      <p className="mt-3 text-slate-600">We could not reach our records just now. Please try again in a few seconds.</p>
      {/* what the server said besides (a card charged before the order could be placed, and what happens next) */}
      {said(error) && !said(error)!.startsWith("The shop is busy right now") ? (
        <p className="mt-3 font-medium text-slate-900">{said(error)}</p>
      ) : null}
      <RetryLink />
    </ErrorPage>
  ),
  413: (error) => (
    <ErrorPage title="That was too much to send">
      <p className="mt-3 text-slate-600">{said(error) ?? "The form was larger than the shop accepts."}</p>
      {browse}
    </ErrorPage>
  ),
};

function Unexpected() {
  return (
    <ErrorPage title="Something went wrong">
      <p className="mt-3 text-slate-600">Please try again in a moment. If it keeps happening, contact us.</p>
      {browse}
    </ErrorPage>
  );
}

/**
 * The error boundary of every route: a response thrown with a status (404, 403, 413, …) is rendered by the route's
 * handler for that status or the default one; anything else is "Something went wrong", never a stack trace.
 */
export function GeneralErrorBoundary({ statusHandlers = {} }: { statusHandlers?: Record<number, StatusHandler> }) {
  const error = useRouteError();
  if (!isRouteErrorResponse(error)) {
    if (typeof document !== "undefined") console.error(error);
    return <Unexpected />;
  }
  const handler = statusHandlers[error.status] ?? DEFAULT_HANDLERS[error.status];
  return handler ? <>{handler(error)}</> : <Unexpected />;
}

/** The 404 of a page about one thing (a product, an order): its own words and a way on. */
export function notFound(
  title: string,
  text: string,
  link: { to: string; label: string } = { to: "/products", label: "Browse all products" },
) {
  return {
    404: () => (
      <ErrorPage title={title}>
        <p className="mt-3 text-slate-600">{text}</p>
        <Link to={link.to} className="btn-primary mt-6">
          {link.label}
        </Link>
      </ErrorPage>
    ),
  };
}

/** The pages about one product (details, update, delete): a 404 says the product is gone. */
export const noProduct = () => notFound("No product", "This product does not exist or is no longer sold.");
