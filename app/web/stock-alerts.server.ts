// The details page's "E-mail me when it is back" form (docs/decisions/0046-back-in-stock-alerts.md): a plain post that
// answers with the message, or the field errors and what was typed. A signed-in shopper's alert uses the account's
// address (the form has no field then); a visitor's goes through the API with the caller's address, for its limit.
import { data } from "@remix-run/node";
import { callApi, endpoints } from "~/client/api.server";
import { callerHeaders, getAuth } from "~/client/auth.server";
import { StockAlertSubscribeSchema } from "~/schemas/stock-alerts";
import { attempt, fieldErrorsOf } from "./actions.server";

export interface StockAlertReply {
  stockAlert: { ok: boolean; message: string; errors: Record<string, string[]>; email: string };
}

export const isStockAlertIntent = (form: FormData) => form.get("intent") === "stock-alert";

export async function stockAlertAction(request: Request, productId: number, form: FormData) {
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : undefined;
  };
  const email = (text("email") ?? "").slice(0, 300);
  const reply = (ok: boolean, message: string, errors: Record<string, string[]>, status: number) =>
    data<StockAlertReply>({ stockAlert: { ok, message, errors, email: ok ? "" : email } }, { status });
  const parsed = StockAlertSubscribeSchema.safeParse({ variantId: text("variantId"), email: text("email") });
  if (!parsed.success) {
    return reply(false, "Please check the e-mail address.", fieldErrorsOf(parsed.error), 422);
  }
  const auth = await getAuth(request);
  const call = { params: { id: productId }, body: parsed.data, headers: callerHeaders(request) };
  const sent = await attempt(
    auth ? auth.api(endpoints.stockAlerts.subscribe, call) : callApi(endpoints.stockAlerts.subscribe, call),
  );
  if (!sent.ok) return reply(false, sent.error.message, sent.error.errors ?? {}, sent.error.status);
  return reply(true, sent.value.message, {}, 200);
}
