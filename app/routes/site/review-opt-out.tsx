import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { endpoints, callApi } from "~/client/api.server";
import { GeneralErrorBoundary } from "~/components/layout/error-boundary";
import { pageTitle } from "~/lib/site";
import { attempt } from "~/web/actions.server";

export const meta: MetaFunction = () => [
  { title: pageTitle("Review e-mails") },
  { name: "robots", content: "noindex" },
];

/**
 * The one click of a review request's opt-out link (docs/decisions/0045-reviews.md): the link itself turns the e-mails
 * off, nothing more to confirm; opening it twice changes nothing.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const done = await attempt(callApi(endpoints.reviews.optOut, { body: { token: token.slice(0, 200) } }));
  return data(
    { ok: done.ok, message: done.ok ? done.value.message : done.error.message },
    { status: done.ok ? 200 : 400, headers: { "Cache-Control": "no-store" } },
  );
}

export default function ReviewOptOut() {
  const { ok, message } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-xl px-4 py-12">
      <h1 className="text-2xl font-bold text-slate-900">{ok ? "You are unsubscribed" : "Link not valid"}</h1>
      <p className="mt-4 text-slate-700" role={ok ? "status" : "alert"}>
        {message}
      </p>
      <p className="mt-6">
        <Link to="/" className="font-semibold underline">
          Back to the shop
        </Link>
      </p>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
