import { data, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import {
  isRouteErrorResponse,
  Link,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteError,
  useRouteLoaderData,
} from "@remix-run/react";
import type { ReactNode } from "react";
import { ToastProvider } from "~/components/ui/toast";
import { Footer } from "~/components/layout/footer";
import { Navbar } from "~/components/layout/navbar";
import { api } from "~/services/api-client.server";
import stylesheet from "~/tailwind.css?url";
import { getAuth } from "~/utils/auth.server";
import { pageTitle, SITE_TAGLINE } from "~/utils/site";
import { takeToast } from "~/utils/toast.server";

export const meta: MetaFunction = () => [
  { title: pageTitle() },
  {
    name: "description",
    content: `${SITE_TAGLINE}: mice, keyboards, headsets, controllers, chairs and streaming gear.`,
  },
];

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const [categories, auth, flash] = await Promise.all([api.categories.all(), getAuth(request), takeToast(request)]);
  const cartCount = auth
    ? await auth
        .call((token) => api.cart.count(token, auth.userId))
        .catch((error: unknown) => {
          if (error instanceof Response) throw error; // a failed refresh logs the user out
          console.error("cart count", error);
          return 0;
        })
    : 0;
  // a refreshed session (its toast already taken) replaces the flash cookie: one Set-Cookie per response
  const setCookie = auth?.headers.get("Set-Cookie") ?? flash.setCookie;
  return data(
    {
      categories,
      user: auth ? { id: auth.userId, isAdmin: auth.isAdmin, cartCount } : null,
      toast: flash.toast,
    },
    { headers: setCookie ? { "Set-Cookie": setCookie } : undefined },
  );
}

export function Layout({ children }: { children: ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0f172a" />
        <Meta />
        <Links />
      </head>
      <body className="flex min-h-screen flex-col">
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:bg-white focus:p-2"
        >
          Skip to content
        </a>
        <ToastProvider serverToast={data?.toast ?? null}>
          <Navbar user={data?.user ?? null} />
          <main id="main" className="flex-1">
            {children}
          </main>
        </ToastProvider>
        <Footer categories={data?.categories ?? []} />
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  if (!isRouteErrorResponse(error)) console.error(error);
  return (
    <div className="mx-auto max-w-xl px-4 py-20 text-center">
      <h1 className="text-2xl font-bold">{notFound ? "Page not found" : "Something went wrong"}</h1>
      <p className="mt-3 text-slate-600">
        {notFound
          ? "We couldn't find the page you were looking for."
          : "Please try again in a moment. If it keeps happening, contact us."}
      </p>
      <Link to="/products" className="btn-primary mt-6">
        Browse all products
      </Link>
    </div>
  );
}
