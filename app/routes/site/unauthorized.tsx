import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/layout/error-boundary";
import { safeRedirectPath } from "~/lib/safe-redirect";
import { pageTitle } from "~/lib/site";

export const meta: MetaFunction = () => [{ title: pageTitle("Unauthorized") }, { name: "robots", content: "noindex" }];

export function loader({ request }: LoaderFunctionArgs) {
  const from = new URL(request.url).searchParams.get("from");
  return { from: from ? safeRedirectPath(from, "") : "" };
}

export default function Unauthorized() {
  const { from } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-xl px-4 py-20 text-center">
      <h1 className="text-2xl font-bold text-slate-900">
        Unauthorized: You do not have permission to access this page.
      </h1>
      {from ? <p className="mt-3 text-sm text-slate-600">You tried to open {from}.</p> : null}
      <Link to="/" className="btn-primary mt-6">
        Back to the shop
      </Link>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
