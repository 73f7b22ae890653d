// "E-mail me when it is back" on a sold-out product's or variant's details page (docs/decisions/0046-back-in-stock-alerts.md).
// The anonymous page is one cached copy per URL: this form depends on nothing of the visitor's; a signed-in shopper's
// page (never cached) has no address field, the account's address is used.
import { Form } from "@remix-run/react";
import { Spinner } from "~/components/ui/spinner";
import { useIsPending } from "~/hooks/use-is-pending";

export function StockAlertForm({
  variantId,
  signedIn,
  sent,
}: {
  /** posted only for a product sold in several forms */
  variantId: number | null;
  signedIn: boolean;
  sent: { ok: boolean; message: string; errors: Record<string, string[]>; email: string } | null;
}) {
  const busy = useIsPending({ intent: "stock-alert" });
  const emailError = sent?.errors.email?.[0];
  return (
    <Form
      method="post"
      id="stock-alert"
      preventScrollReset
      className="space-y-3 rounded-xl border border-slate-200 bg-slate-50 p-4"
      aria-labelledby="stock-alert-heading"
    >
      <h2 id="stock-alert-heading" className="font-semibold text-slate-900">
        E-mail me when it is back
      </h2>
      {variantId !== null ? <input type="hidden" name="variantId" value={variantId} /> : null}
      {signedIn ? (
        <p className="text-sm text-slate-600">
          We send one e-mail to your account's address when it is in stock again.
        </p>
      ) : (
        <div>
          <label htmlFor="stock-alert-email" className="block text-sm font-medium text-slate-700">
            Your e-mail address
          </label>
          <input
            id="stock-alert-email"
            name="email"
            type="email"
            autoComplete="email"
            required
            maxLength={254}
            defaultValue={sent?.email ?? ""}
            aria-invalid={emailError ? true : undefined}
            aria-describedby={emailError ? "stock-alert-email-error" : "stock-alert-email-hint"}
            className="mt-1 w-full rounded-lg border border-slate-300 px-3 py-2"
          />
          {emailError ? (
            <p id="stock-alert-email-error" className="mt-1 text-sm text-red-700">
              {emailError}
            </p>
          ) : (
            <p id="stock-alert-email-hint" className="mt-1 text-xs text-slate-500">
              We send a link to confirm it first; one e-mail when it is back, and a link to unsubscribe in each.
            </p>
          )}
        </div>
      )}
      <button type="submit" name="intent" value="stock-alert" disabled={busy} className="btn-primary px-4 py-2">
        {busy ? <Spinner label="Sending" className="h-4 w-4" /> : null}
        E-mail me when it is back
      </button>
      <div role="status" className="text-sm">
        {sent ? (
          <p
            className={
              sent.ok
                ? "rounded-lg border border-emerald-200 bg-emerald-50 p-3 text-emerald-900"
                : "rounded-lg border border-red-200 bg-red-50 p-3 text-red-800"
            }
          >
            {sent.message}
          </p>
        ) : null}
      </div>
    </Form>
  );
}
