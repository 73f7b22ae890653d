import type { ActionFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/layout/error-boundary";
import { StockAlertLinkPage } from "~/components/shop/stock-alert-link";
import { pageTitle } from "~/lib/site";
import { stockAlertLinkAction, stockAlertLinkLoader } from "~/web/stock-alert-links.server";

export const meta: MetaFunction = () => [
  { title: pageTitle("Unsubscribe from alerts") },
  { name: "robots", content: "noindex" },
];

/** The one-click unsubscribe link of every back-in-stock mail (docs/decisions/0046-back-in-stock-alerts.md). */
export const loader = stockAlertLinkLoader;

export const action = (args: ActionFunctionArgs) => stockAlertLinkAction(args, "unsubscribe");

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
