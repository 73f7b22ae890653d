// The pages of a back-in-stock mail's links (docs/decisions/0046-back-in-stock-alerts.md): opening the link shows one
// button, and only pressing it (a plain form post) confirms or unsubscribes, so a mail scanner that opens links changes
// nothing.
import { Form, Link } from "@remix-run/react";
import { Spinner } from "~/components/ui/spinner";
import { useIsPending } from "~/hooks/use-is-pending";

export interface LinkPageProps {
  title: string;
  intro: string;
  button: string;
  token: string;
  /** the answer after the button was pressed */
  done: { ok: boolean; message: string; heading: string; productId?: number } | null;
}

export function StockAlertLinkPage({ title, intro, button, token, done }: LinkPageProps) {
  const busy = useIsPending();
  return (
    <div className="mx-auto max-w-xl px-4 py-12">
      <h1 className="text-2xl font-bold text-slate-900">{done ? done.heading : title}</h1>
      {done ? (
        <p className="mt-4 text-slate-700" role={done.ok ? "status" : "alert"}>
          {done.message}
        </p>
      ) : token ? (
        <Form method="post" className="mt-4 space-y-4">
          <p className="text-slate-700">{intro}</p>
          <input type="hidden" name="token" value={token} />
          <button type="submit" className="btn-primary px-6 py-3" disabled={busy}>
            {busy ? <Spinner label="Sending" className="h-4 w-4" /> : null}
            {button}
          </button>
        </Form>
      ) : (
        <p className="mt-4 text-slate-700" role="alert">
          This link is not valid. Please use the link in the newest e-mail from us.
        </p>
      )}
      <p className="mt-6 flex gap-6">
        {done?.productId ? (
          <Link to={`/product/${done.productId}/details`} className="font-semibold underline">
            Back to the product
          </Link>
        ) : null}
        <Link to="/" className="font-semibold underline">
          Back to the shop
        </Link>
      </p>
    </div>
  );
}
