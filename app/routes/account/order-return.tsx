import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { endpoints } from "~/client/api.server";
import { GeneralErrorBoundary } from "~/components/layout/error-boundary";
import { useIsPending } from "~/hooks/use-is-pending";
import { itemName } from "~/lib/item-name";
import { pageTitle } from "~/lib/site";
import { IdSchema } from "~/schemas/common";
import { RETURN_REASON_LABELS, SHOPPER_RETURN_REASONS } from "~/schemas/return-constants";
import { ReturnRequestSchema } from "~/schemas/returns";
import { attempt, readForm } from "~/web/actions.server";
import { requireAuth, unauthorized } from "~/web/guards.server";
import { formatLongMoment } from "~/lib/dates";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: pageTitle(data ? `Return items of order #${data.orderId}` : "Return items") },
  { name: "robots", content: "noindex" },
];

function orderIdOf(params: { orderId?: string }) {
  const orderId = IdSchema.safeParse(params.orderId);
  if (!orderId.success || !/^\d+$/.test(params.orderId ?? "")) throw data("Not found", { status: 404 });
  return orderId.data;
}

/** The owner's return request (docs/decisions/0044-returns.md): which lines, how many, why. A plain form. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const orderId = orderIdOf(params);
  const auth = await requireAuth(request, { roles: ["ROLE_USER", "ROLE_ADMIN"] });
  const found = await attempt(auth.api(endpoints.returns.returnable, { params: { orderId } }));
  if (!found.ok) {
    if (found.error.status === 403) throw unauthorized(request);
    throw data(found.error.status === 404 ? "Order not found" : found.error.message, { status: found.error.status });
  }
  return data({ orderId, returnable: found.value.data });
}

type Refusal = { ok: false; message: string; errors: Record<string, string[]> };

/** The form's fields (`quantity-<line>`, reason, note) in the API's shape; a success goes back to the order. */
export async function action({ request, params }: ActionFunctionArgs) {
  const orderId = orderIdOf(params);
  const auth = await requireAuth(request, { roles: ["ROLE_USER", "ROLE_ADMIN"] });
  // someone else's order is refused before the form is read, as its page is
  const found = await attempt(auth.api(endpoints.returns.returnable, { params: { orderId } }));
  if (!found.ok) {
    if (found.error.status === 403) throw unauthorized(request);
    throw data(found.error.message, { status: found.error.status });
  }
  const form = await readForm(request);
  const lines = [...form.keys()]
    .filter((key) => /^quantity-\d{1,10}$/.test(key))
    .map((key) => ({ orderItemId: key.slice("quantity-".length), quantity: String(form.get(key) ?? "") }));
  const parsed = ReturnRequestSchema.safeParse({ lines, reason: form.get("reason"), note: form.get("note") });
  if (!parsed.success) {
    const errors: Record<string, string[]> = {};
    for (const issue of parsed.error.issues) (errors[String(issue.path[0] ?? "form")] ??= []).push(issue.message);
    return data<Refusal>({ ok: false, message: "Please check the form.", errors }, { status: 422 });
  }
  const outcome = await attempt(auth.api(endpoints.returns.request, { params: { orderId }, body: parsed.data }));
  if (outcome.ok) return auth.redirect(`/orders/${orderId}`, { type: "success", message: outcome.value.message });
  if (outcome.error.status === 403) throw unauthorized(request);
  return data<Refusal>(
    { ok: false, message: outcome.error.message, errors: outcome.error.errors ?? {} },
    { status: outcome.error.status },
  );
}

export default function OrderReturn() {
  const { orderId, returnable } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>() as Refusal | undefined;
  const busy = useIsPending();
  const error = (field: string) => reply?.errors[field]?.[0];
  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <h1 className="text-2xl font-bold text-slate-900">Return items of order #{orderId}</h1>
      {!returnable.canReturn ? (
        <p className="mt-4 text-slate-700">{returnable.refusal}</p>
      ) : (
        <Form method="post" className="mt-4 space-y-5" aria-describedby="return-form-error">
          <p className="text-slate-700">
            Choose the items and how many of each you are sending back.
            {returnable.returnUntil ? ` You can ask until ${formatLongMoment(returnable.returnUntil)}.` : ""}
          </p>
          <fieldset className="rounded-xl border border-slate-200 bg-white p-4">
            <legend className="px-1 font-semibold text-slate-900">Items</legend>
            <ul className="divide-y divide-slate-200">
              {returnable.lines.map((line) => (
                <li key={line.orderItemId} className="flex flex-wrap items-center justify-between gap-3 py-2">
                  <label htmlFor={`quantity-${line.orderItemId}`} className="text-slate-800">
                    {itemName(line)}{" "}
                    <span className="text-sm text-slate-600">
                      ({line.returnable} of {line.bought} can be returned)
                    </span>
                  </label>
                  <input
                    id={`quantity-${line.orderItemId}`}
                    name={`quantity-${line.orderItemId}`}
                    type="number"
                    min={0}
                    max={line.returnable}
                    defaultValue={0}
                    disabled={line.returnable === 0}
                    className="input w-24"
                  />
                </li>
              ))}
            </ul>
            <p className="min-h-5 text-sm text-red-700" id="lines-error">
              {error("lines")}
            </p>
          </fieldset>
          <div>
            <label htmlFor="reason" className="block font-medium text-slate-900">
              Reason
            </label>
            <select id="reason" name="reason" required className="input mt-1" defaultValue="">
              <option value="" disabled>
                Choose a reason
              </option>
              {SHOPPER_RETURN_REASONS.map((reason) => (
                <option key={reason} value={reason}>
                  {RETURN_REASON_LABELS[reason]}
                </option>
              ))}
            </select>
            <p className="min-h-5 text-sm text-red-700">{error("reason")}</p>
          </div>
          <div>
            <label htmlFor="note" className="block font-medium text-slate-900">
              Note (optional)
            </label>
            <textarea id="note" name="note" rows={3} maxLength={1000} className="input mt-1 w-full" />
            <p className="min-h-5 text-sm text-red-700">{error("note")}</p>
          </div>
          <p id="return-form-error" className="min-h-5 text-sm text-red-700" role="alert">
            {reply && !reply.ok && Object.keys(reply.errors).length === 0 ? reply.message : ""}
          </p>
          <div className="flex flex-wrap gap-3">
            <button type="submit" className="btn-primary" disabled={busy}>
              Request return
            </button>
            <Link to={`/orders/${orderId}`} className="btn-secondary">
              Back to order
            </Link>
          </div>
        </Form>
      )}
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
