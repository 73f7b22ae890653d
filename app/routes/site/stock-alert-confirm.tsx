import type { ActionFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/layout/error-boundary";
import { StockAlertLinkPage } from "~/components/shop/stock-alert-link";
import { pageTitle } from "~/lib/site";
import { stockAlertLinkAction, stockAlertLinkLoader } from "~/web/stock-alert-links.server";

export const meta: MetaFunction = () => [
  { title: pageTitle("Confirm your alert") },
  { name: "robots", content: "noindex" },
];

/** The confirmation link of a visitor's back-in-stock alert (docs/decisions/0046-back-in-stock-alerts.md). */
export const loader = stockAlertLinkLoader;

export const action = (args: ActionFunctionArgs) => stockAlertLinkAction(args, "confirm");

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
