import { data, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { Toaster, ToastProvider } from "~/components/ui/toast";
import { GeneralErrorBoundary } from "~/components/layout/error-boundary";
import { Footer } from "~/components/layout/footer";
import { Navbar } from "~/components/layout/navbar";
import { useNonce } from "~/components/layout/nonce";
import { endpoints } from "~/client/api.server";
import { getAuth } from "~/client/auth.server";
import { categoriesWithProducts } from "~/web/products.server";
import stylesheet from "~/tailwind.css?url";
import { pageTitle, SITE_TAGLINE } from "~/lib/site";
import { takeToast } from "~/client/session.server";
import { createLogger } from "~/lib/log.server";

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
  const [categories, auth, toast] = await Promise.all([
    // the footer links only categories with products: an emptied one would lead to an empty page
    categoriesWithProducts(),
    getAuth(request),
    takeToast(request),
  ]);
  const cartCount = auth
    ? await auth
        .api(endpoints.cart.count, { params: { userId: auth.userId } })
        .then((answer) => answer.data.count)
        .catch((error: unknown) => {
          if (error instanceof Response) throw error; // a failed refresh logs the user out
          createLogger("root").error("cart count failed", error);
          return 0;
        })
    : 0;
  return data({
    categories,
    user: auth ? { id: auth.userId, isAdmin: auth.isAdmin, isStaff: auth.isStaff, cartCount } : null,
    toast,
  });
}

export function Layout({ children }: { children: ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  const nonce = useNonce();
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
          <Toaster />
          <main id="main" className="flex-1">
            {children}
          </main>
        </ToastProvider>
        <Footer categories={data?.categories ?? []} />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
