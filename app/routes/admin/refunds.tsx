import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { z } from "zod/v4";
import { endpoints } from "~/client/api.server";
import { GeneralErrorBoundary } from "~/components/layout/error-boundary";
import { useIsPending } from "~/hooks/use-is-pending";
import { IdSchema } from "~/schemas/common";
import type { RefundDto } from "~/schemas/refunds";
import { attempt, intentReply, outcomeReply, readForm } from "~/web/actions.server";
import { requireAdmin } from "~/web/guards.server";
import { formatPrice } from "~/lib/money";
import { pageTitle } from "~/lib/site";
import { formatMoment } from "~/lib/dates";

export const meta: MetaFunction = () => [{ title: pageTitle("Refunds") }, { name: "robots", content: "noindex" }];

const RetryIntentSchema = z.object({ refundId: IdSchema });

export async function loader({ request }: LoaderFunctionArgs) {
  const auth = await requireAdmin(request);
  const { data: refunds } = await auth.api(endpoints.refunds.list, {});
  return data(refunds);
}

export async function action({ request }: ActionFunctionArgs) {
  const auth = await requireAdmin(request);
  const form = await readForm(request);
  const parsed = RetryIntentSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) return intentReply(auth, form, "/admin/refunds", { ok: false, message: "Choose a refund." });
  const outcome = await attempt(auth.api(endpoints.refunds.retry, { params: { refundId: parsed.data.refundId } }));
  return outcomeReply(auth, form, "/admin/refunds", outcome);
}

const when = (iso: string | null) => (iso ? formatMoment(iso) : "–");

function RefundFacts({ refund }: { refund: RefundDto }) {
  return (
    <>
      <p className="break-words font-medium text-slate-900">
        {formatPrice(refund.amount)} to {refund.customerEmail || "a deleted account"}
      </p>
      <p className="break-words text-sm text-slate-600">
        {refund.orderId !== null ? (
          <>
            <Link to={`/orders/${refund.orderId}`} className="font-semibold text-brand-700 underline">
              Order #{refund.orderId}
            </Link>{" "}
            {/* "order 2 cancelled": the order is the link */}
            {refund.reason.replace(new RegExp(`^order #?${refund.orderId} `), "")}
          </>
        ) : (
          refund.reason
        )}{" "}
        · payment {refund.providerPaymentId} · owed since {when(refund.createdAt)}
        {refund.returnId !== null ? (
          <>
            {" · "}
            <Link to={`/admin/returns/${refund.returnId}`} className="font-semibold text-brand-700 underline">
              the return
            </Link>
          </>
        ) : null}
        {refund.creditNoteNumber && refund.orderId !== null ? (
          <>
            {" · "}
            <Link
              to={`/orders/${refund.orderId}/credit-notes`}
              className="font-semibold text-brand-700 underline"
              data-testid="refund-credit-note"
            >
              Credit note {refund.creditNoteNumber}
            </Link>
          </>
        ) : null}
      </p>
    </>
  );
}

export default function AdminRefunds() {
  const { pending, done } = useLoaderData<typeof loader>();
  const busy = useIsPending();
  return (
    <div className="mx-auto max-w-5xl px-4 py-8">
      <h1 className="text-2xl font-bold text-slate-900">Refunds</h1>
      <p className="mt-2 text-slate-600">
        Money owed back to shoppers: orders cancelled, and payments whose items sold out before the order was placed. A
        refund the payment provider refuses is tried again automatically, waiting longer each time. Withdrawals from the
        contract are listed on{" "}
        <Link to="/admin/withdrawals" className="font-semibold text-brand-700 underline">
          Withdrawals
        </Link>
        .
      </p>

      <h2 className="mt-8 text-xl font-semibold text-slate-900">Still owed ({pending.length})</h2>
      {pending.length === 0 ? <p className="mt-3 text-slate-600">Nothing is owed: every refund went through.</p> : null}
      <ul className="mt-3 space-y-3">
        {pending.map((refund) => (
          <li key={refund.id} className="rounded-lg border border-amber-300 bg-amber-50 p-4" data-testid="refund-owed">
            <RefundFacts refund={refund} />
            <p className="mt-1 break-words text-sm text-amber-900">
              {refund.attempts === 0
                ? "Not tried yet."
                : `Tried ${refund.attempts} time${refund.attempts === 1 ? "" : "s"}: ${refund.lastError ?? "refused"}.`}{" "}
              Next try {when(refund.nextAttemptAt)}.
            </p>
            <Form method="post" className="mt-2">
              <input type="hidden" name="refundId" value={refund.id} />
              <button
                type="submit"
                className="btn-primary"
                disabled={busy}
                aria-label={`Retry refund ${refund.id} now`}
              >
                Retry now
              </button>
            </Form>
          </li>
        ))}
      </ul>

      <h2 className="mt-10 text-xl font-semibold text-slate-900">Refunded lately</h2>
      {done.length === 0 ? <p className="mt-3 text-slate-600">No refunds yet.</p> : null}
      <ul className="mt-3 divide-y divide-slate-200">
        {done.map((refund) => (
          <li key={refund.id} className="py-3" data-testid="refund-done">
            <RefundFacts refund={refund} />
            <p className="text-sm text-emerald-800">Refunded {when(refund.refundedAt)}</p>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
