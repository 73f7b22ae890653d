import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { callApi, endpoints } from "~/client/api.server";
import { GeneralErrorBoundary } from "~/components/layout/error-boundary";
import { StockAlertLinkPage } from "~/components/shop/stock-alert-link";
import { pageTitle } from "~/lib/site";
import { attempt, readForm } from "~/web/actions.server";

export const meta: MetaFunction = () => [
  { title: pageTitle("Confirm your alert") },
  { name: "robots", content: "noindex" },
];

const NO_STORE = { "Cache-Control": "no-store" };

/** The confirmation link of a visitor's back-in-stock alert (docs/decisions/0046-back-in-stock-alerts.md). */
export function loader({ request }: LoaderFunctionArgs) {
  const token = (new URL(request.url).searchParams.get("token") ?? "").slice(0, 600);
  return data({ token }, { status: token ? 200 : 400, headers: NO_STORE });
}

export async function action({ request }: ActionFunctionArgs) {
  const form = await readForm(request);
  const token = String(form.get("token") ?? "").slice(0, 600);
  const done = await attempt(callApi(endpoints.stockAlerts.confirm, { body: { token } }));
  if (!done.ok) {
    return data(
      { ok: false, heading: "Link not valid", message: done.error.message },
      { status: done.error.status, headers: NO_STORE },
    );
  }
  return data(
    {
      ok: true,
      heading: done.value.data.inStock ? "It is back" : "Alert confirmed",
      message: done.value.message,
      productId: done.value.data.productId,
    },
    { headers: NO_STORE },
  );
}

export default function StockAlertConfirm() {
  const { token } = useLoaderData<typeof loader>();
  const done = useActionData<typeof action>();
  return (
    <StockAlertLinkPage
      title="Confirm your alert"
      intro="Press the button, and we e-mail you once when it is back in stock."
      button="Confirm the alert"
      token={token}
      done={done ?? null}
    />
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
