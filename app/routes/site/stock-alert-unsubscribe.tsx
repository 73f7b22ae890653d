import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { callApi, endpoints } from "~/client/api.server";
import { GeneralErrorBoundary } from "~/components/layout/error-boundary";
import { StockAlertLinkPage } from "~/components/shop/stock-alert-link";
import { pageTitle } from "~/lib/site";
import { attempt, readForm } from "~/web/actions.server";

export const meta: MetaFunction = () => [
  { title: pageTitle("Unsubscribe from alerts") },
  { name: "robots", content: "noindex" },
];

const NO_STORE = { "Cache-Control": "no-store" };

/** The one-click unsubscribe link of every back-in-stock mail (docs/decisions/0046-back-in-stock-alerts.md). */
export function loader({ request }: LoaderFunctionArgs) {
  const token = (new URL(request.url).searchParams.get("token") ?? "").slice(0, 600);
  return data({ token }, { status: token ? 200 : 400, headers: NO_STORE });
}

export async function action({ request }: ActionFunctionArgs) {
  const form = await readForm(request);
  const token = String(form.get("token") ?? "").slice(0, 600);
  const done = await attempt(callApi(endpoints.stockAlerts.unsubscribe, { body: { token } }));
  if (!done.ok) {
    return data(
      { ok: false, heading: "Link not valid", message: done.error.message },
      { status: done.error.status, headers: NO_STORE },
    );
  }
  return data({ ok: true, heading: "You are unsubscribed", message: done.value.message }, { headers: NO_STORE });
}

export default function StockAlertUnsubscribe() {
  const { token } = useLoaderData<typeof loader>();
  const done = useActionData<typeof action>();
  return (
    <StockAlertLinkPage
      title="Unsubscribe from alerts"
      intro="Press the button, and we send this address no more back-in-stock e-mails."
      button="Unsubscribe"
      token={token}
      done={done ?? null}
    />
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
