import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { z } from "zod/v4";
import { endpoints } from "~/client/api.server";
import { GeneralErrorBoundary } from "~/components/layout/error-boundary";
import { useIsPending } from "~/hooks/use-is-pending";
import { formatPrice } from "~/lib/money";
import { itemName } from "~/lib/item-name";
import { pageTitle } from "~/lib/site";
import { IdSchema } from "~/schemas/common";
import {
  ReturnApproveSchema,
  ReturnCloseSchema,
  ReturnReceiveSchema,
  ReturnRefundSchema,
  ReturnRejectSchema,
} from "~/schemas/returns";
import { attempt, intentReply, outcomeReply, readForm } from "~/web/actions.server";
import { requireAdmin } from "~/web/guards.server";
import { formatMoment } from "~/lib/dates";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: pageTitle(data ? `Return ${data.ret.number}` : "Return") },
  { name: "robots", content: "noindex" },
];

function returnIdOf(params: { returnId?: string }) {
  const returnId = IdSchema.safeParse(params.returnId);
  if (!returnId.success || !/^\d+$/.test(params.returnId ?? "")) throw data("Not found", { status: 404 });
  return returnId.data;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const returnId = returnIdOf(params);
  const auth = await requireAdmin(request);
  const found = await attempt(auth.api(endpoints.returns.get, { params: { returnId } }));
  if (!found.ok) throw data(found.error.message, { status: found.error.status });
  return data({ ret: found.value.data });
}

/** The admin's steps, one form each with its intent; each answers with a toast back on this page. */
const IntentSchema = z.discriminatedUnion("intent", [
  ReturnApproveSchema.extend({ intent: z.literal("approve") }),
  ReturnRejectSchema.extend({ intent: z.literal("reject") }),
  ReturnReceiveSchema.extend({ intent: z.literal("receive") }),
  ReturnRefundSchema.extend({ intent: z.literal("refund") }),
  ReturnCloseSchema.extend({ intent: z.literal("close") }),
]);

export async function action({ request, params }: ActionFunctionArgs) {
  const returnId = returnIdOf(params);
  const auth = await requireAdmin(request);
  const form = await readForm(request);
  const back = `/admin/returns/${returnId}`;
  const parsed = IntentSchema.safeParse({
    intent: form.get("intent"),
    message: form.get("message") ?? undefined,
    restock: form.getAll("restock").map(String),
    shipping: form.get("shipping") ?? undefined,
  });
  if (!parsed.success) {
    return intentReply(auth, form, back, { ok: false, message: parsed.error.issues[0]?.message ?? "Check the form." });
  }
  const call = parsed.data;
  const params_ = { params: { returnId } };
  const outcome =
    call.intent === "approve"
      ? await attempt(auth.api(endpoints.returns.approve, { ...params_, body: { message: call.message } }))
      : call.intent === "reject"
        ? await attempt(auth.api(endpoints.returns.reject, { ...params_, body: { message: call.message } }))
        : call.intent === "close"
          ? await attempt(auth.api(endpoints.returns.close, { ...params_, body: { message: call.message } }))
          : call.intent === "receive"
            ? await attempt(auth.api(endpoints.returns.receive, { ...params_, body: { restock: call.restock } }))
            : await attempt(auth.api(endpoints.returns.refund, { ...params_, body: { shipping: call.shipping } }));
  return outcomeReply(auth, form, back, outcome);
}

export default function AdminReturn() {
  const { ret } = useLoaderData<typeof loader>();
  const busy = useIsPending();
  const linesTotal = ret.lines.reduce((sum, line) => sum + line.refundAmount, 0);
  // a withdrawal's goods that are back are owed their refund: no closing without one (returns-admin.server.ts)
  const closable = ret.status === "approved" || (ret.status === "received" && ret.via !== "withdrawal");
  return (
    <div className="mx-auto max-w-4xl px-4 py-8">
      <h1 className="text-2xl font-bold text-slate-900">Return {ret.number}</h1>
      <p className="mt-2 text-slate-700">
        <Link to={`/orders/${ret.orderId}`} className="font-semibold text-brand-700 underline">
          Order #{ret.orderId}
        </Link>{" "}
        · {ret.customerEmail || "a deleted account"} · <span data-testid="return-status">{ret.statusLabel}</span>
      </p>
      <p className="mt-1 text-sm text-slate-600">
        {ret.reasonLabel}
        {ret.via === "withdrawal" ? " (opened by a withdrawal from the contract)" : ""} · asked{" "}
        {formatMoment(ret.createdAt)}
        {ret.decidedAt ? ` · decided ${formatMoment(ret.decidedAt)}` : ""}
        {ret.receivedAt ? ` · received ${formatMoment(ret.receivedAt)}` : ""}
        {ret.refundedAt ? ` · refunded ${formatMoment(ret.refundedAt)}` : ""}
      </p>
      {ret.note ? <p className="mt-2 text-slate-800">Shopper&apos;s note: {ret.note}</p> : null}
      {ret.adminMessage ? <p className="mt-2 text-slate-800">Our message: {ret.adminMessage}</p> : null}

      <Form method="post" className="mt-6" id="receive-form">
        <table className="w-full border-collapse text-left text-sm">
          <thead>
            <tr className="border-b border-slate-300">
              <th className="py-2">Item</th>
              <th className="py-2 text-right">Quantity</th>
              <th className="py-2 text-right">Refund</th>
              <th className="py-2 text-right">Back on sale</th>
            </tr>
          </thead>
          <tbody>
            {ret.lines.map((line) => (
              <tr key={line.id} className="border-b border-slate-200">
                <td className="py-2">{itemName(line)}</td>
                <td className="py-2 text-right tabular-nums">{line.quantity}</td>
                <td className="py-2 text-right tabular-nums">{formatPrice(line.refunded ?? line.refundAmount)}</td>
                <td className="py-2 text-right">
                  {ret.status === "approved" ? (
                    <input
                      type="checkbox"
                      name="restock"
                      value={line.id}
                      defaultChecked
                      aria-label={`Put ${line.productName} back on sale`}
                    />
                  ) : line.restock === null ? (
                    "–"
                  ) : line.restock ? (
                    "Yes"
                  ) : (
                    "No"
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {ret.status === "approved" ? (
          <button type="submit" name="intent" value="receive" className="btn-primary mt-3" disabled={busy}>
            Mark received
          </button>
        ) : null}
      </Form>

      {ret.status === "requested" || ret.status === "approved" || closable ? (
        <Form method="post" className="mt-6 space-y-2 rounded-xl border border-slate-200 p-4">
          <label htmlFor="message" className="block font-medium text-slate-900">
            Message to the shopper{" "}
            {ret.status === "requested"
              ? "(optional to approve, needed to reject)"
              : ret.status === "approved"
                ? "(why: needed to reject or close)"
                : "(why: needed to close without refund)"}
          </label>
          <textarea id="message" name="message" rows={3} maxLength={2000} className="input w-full" />
          <div className="flex flex-wrap gap-3">
            {ret.status === "requested" ? (
              <button type="submit" name="intent" value="approve" className="btn-primary" disabled={busy}>
                Approve
              </button>
            ) : null}
            {ret.status === "received" ? null : (
              <button type="submit" name="intent" value="reject" className="btn-secondary" disabled={busy}>
                Reject
              </button>
            )}
            {closable ? (
              <button type="submit" name="intent" value="close" className="btn-secondary" disabled={busy}>
                Close without refund
              </button>
            ) : null}
          </div>
          {closable ? (
            <p className="text-sm text-slate-600">
              Close without refund when the parcel never arrived or the goods came back damaged by use: the pieces
              cannot be returned again.
            </p>
          ) : null}
        </Form>
      ) : null}

      {ret.status === "received" ? (
        <Form method="post" className="mt-6 space-y-2 rounded-xl border border-slate-200 p-4">
          <p className="text-slate-800">
            The lines give back {formatPrice(linesTotal)} (their price less their share of the discount, with their
            share of the tax).
          </p>
          {ret.shippingRefundable > 0 ? (
            <label className="flex items-center gap-2 text-slate-800">
              <input type="checkbox" name="shipping" value="true" /> Refund the shipping too (
              {formatPrice(ret.shippingRefundable)})
            </label>
          ) : null}
          <button type="submit" name="intent" value="refund" className="btn-primary" disabled={busy}>
            Refund
          </button>
        </Form>
      ) : null}

      {ret.refundTotal !== null ? (
        <p className="mt-6 text-slate-800" data-testid="return-refund">
          Refund of {formatPrice(ret.refundTotal)}:{" "}
          {ret.refundStatus === "succeeded" ? "carried out" : "owed (see Refunds)"}
          {ret.creditNoteNumber ? (
            <>
              {" "}
              ·{" "}
              <Link to={`/orders/${ret.orderId}/credit-notes`} className="text-brand-700 underline">
                Credit note {ret.creditNoteNumber}
              </Link>
            </>
          ) : null}
        </p>
      ) : null}

      <p className="mt-8 flex flex-wrap gap-3">
        <Link to="/admin/returns" className="btn-secondary">
          All returns
        </Link>
        <Link to={`/returns/${ret.id}/slip`} className="btn-secondary">
          Return slip
        </Link>
      </p>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
