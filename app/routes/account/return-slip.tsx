import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { endpoints } from "~/client/api.server";
import { GeneralErrorBoundary } from "~/components/layout/error-boundary";
import { itemName } from "~/lib/item-name";
import { pageTitle } from "~/lib/site";
import { IdSchema } from "~/schemas/common";
import { attempt } from "~/web/actions.server";
import { requireAuth, unauthorized } from "~/web/guards.server";
import { formatLongDay } from "~/lib/dates";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: pageTitle(data ? `Return slip ${data.ret.number}` : "Return slip") },
  { name: "robots", content: "noindex" },
];

/** The printable return slip (docs/decisions/0044-returns.md): for the return's owner or an admin; print CSS, no JS. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const returnId = IdSchema.safeParse(params.returnId);
  if (!returnId.success || !/^\d+$/.test(params.returnId ?? "")) throw data("Not found", { status: 404 });
  const auth = await requireAuth(request);
  const found = await attempt(auth.api(endpoints.returns.get, { params: { returnId: returnId.data } }));
  if (!found.ok) {
    if (found.error.status === 403) throw unauthorized(request);
    throw data(found.error.status === 404 ? "Return not found" : found.error.message, { status: found.error.status });
  }
  return data({ ret: found.value.data });
}

export default function ReturnSlip() {
  const { ret } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-3xl px-4 py-8 print:max-w-none print:p-0">
      <article className="rounded-xl border border-slate-300 bg-white p-6 print:border-0 print:p-0">
        <h1 className="text-2xl font-bold text-slate-900">Return slip</h1>
        <dl className="mt-4 grid grid-cols-[10rem_1fr] gap-y-1 text-slate-800">
          <dt className="font-semibold">Return</dt>
          <dd data-testid="slip-return-number">{ret.number}</dd>
          <dt className="font-semibold">Order number</dt>
          <dd>#{ret.orderId}</dd>
          <dt className="font-semibold">Requested</dt>
          <dd>{formatLongDay(ret.createdAt)}</dd>
          <dt className="font-semibold">Reason</dt>
          <dd>{ret.reasonLabel}</dd>
          <dt className="font-semibold">Status</dt>
          <dd>{ret.statusLabel}</dd>
        </dl>
        <table className="mt-6 w-full border-collapse text-left">
          <thead>
            <tr className="border-b border-slate-300">
              <th className="py-2">Item</th>
              <th className="py-2 text-right">Quantity</th>
            </tr>
          </thead>
          <tbody>
            {ret.lines.map((line) => (
              <tr key={line.id} className="border-b border-slate-200">
                <td className="py-2">{itemName(line)}</td>
                <td className="py-2 text-right tabular-nums">{line.quantity}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <p className="mt-6 text-sm text-slate-700">
          Put this slip in the parcel with the items. Write {ret.number} on the outside of the parcel.
        </p>
      </article>
      <p className="mt-6 flex flex-wrap gap-3 print:hidden">
        <Link to={`/orders/${ret.orderId}`} className="btn-secondary">
          Back to order #{ret.orderId}
        </Link>
      </p>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
