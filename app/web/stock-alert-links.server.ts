// The two links of the stock-alert mails, confirm and unsubscribe (docs/decisions/0046-back-in-stock-alerts.md): one
// owner for their loader (the token from the address, never cached) and their action (a plain form post of the token
// to the API, answered with a heading and the message).
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { callApi, endpoints } from "~/client/api.server";
import { attempt, readForm } from "./actions.server";

const NO_STORE = { "Cache-Control": "no-store" };
/** longer than any token the shop signs; what is cut off would not verify anyway */
const TOKEN_MAX = 600;

export interface StockAlertLinkReply {
  ok: boolean;
  heading: string;
  message: string;
  /** the confirmed alert's product (confirm only) */
  productId?: number;
}

export function stockAlertLinkLoader({ request }: LoaderFunctionArgs) {
  const token = (new URL(request.url).searchParams.get("token") ?? "").slice(0, TOKEN_MAX);
  return data({ token }, { status: token ? 200 : 400, headers: NO_STORE });
}

export async function stockAlertLinkAction({ request }: ActionFunctionArgs, link: "confirm" | "unsubscribe") {
  const form = await readForm(request);
  const token = String(form.get("token") ?? "").slice(0, TOKEN_MAX);
  if (link === "confirm") {
    const done = await attempt(callApi(endpoints.stockAlerts.confirm, { body: { token } }));
    if (!done.ok) return failed(done.error);
    const { inStock, productId } = done.value.data;
    const heading = inStock ? "It is back" : "Alert confirmed";
    return data<StockAlertLinkReply>(
      { ok: true, heading, message: done.value.message, productId },
      { headers: NO_STORE },
    );
  }
  const done = await attempt(callApi(endpoints.stockAlerts.unsubscribe, { body: { token } }));
  if (!done.ok) return failed(done.error);
  return data<StockAlertLinkReply>(
    { ok: true, heading: "You are unsubscribed", message: done.value.message },
    { headers: NO_STORE },
  );
}

function failed(error: { message: string; status: number }) {
  return data<StockAlertLinkReply>(
    { ok: false, heading: "Link not valid", message: error.message },
    { status: error.status, headers: NO_STORE },
  );
}
