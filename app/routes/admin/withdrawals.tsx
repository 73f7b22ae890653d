import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { endpoints } from "~/client/api.server";
import { GeneralErrorBoundary } from "~/components/layout/error-boundary";
import { requireAdmin } from "~/web/guards.server";
import { pageTitle } from "~/lib/site";
import { formatMoment } from "~/lib/dates";

export const meta: MetaFunction = () => [{ title: pageTitle("Withdrawals") }, { name: "robots", content: "noindex" }];

/** Every withdrawal from the contract and what came of it (docs/decisions/0039-after-sale.md). */
export async function loader({ request }: LoaderFunctionArgs) {
  const auth = await requireAdmin(request);
  const { data: withdrawals } = await auth.api(endpoints.afterSale.list, {});
  return data({ withdrawals });
}

const STATUS_NAMES: Record<string, string> = {
  PENDING: "Paid",
  PROCESSING: "Preparing",
  SHIPPED: "Shipped",
  DELIVERED: "Delivered",
  CANCELLED: "Cancelled",
};

export default function AdminWithdrawals() {
  const { withdrawals } = useLoaderData<typeof loader>();
  const open = withdrawals.filter((w) => w.status === "open").length;
  return (
    <div className="mx-auto max-w-5xl px-4 py-8">
      <h1 className="text-2xl font-bold text-slate-900">Withdrawals</h1>
      <p className="mt-2 text-slate-600">
        Shoppers who withdrew from the contract, through the public form or their order page. An order that had not
        shipped was cancelled and refunded at once; for a shipped one the items are to come back ({open} to arrange).
        Each shopper was sent a confirmation with the date and time.
      </p>
      {withdrawals.length === 0 ? (
        <p className="mt-6 text-slate-600">No withdrawals yet.</p>
      ) : (
        <div className="mt-6 overflow-x-auto">
          <table className="w-full min-w-[40rem] text-left text-sm">
            <thead className="border-b border-slate-200 text-slate-600">
              <tr>
                <th scope="col" className="py-2 pr-4 font-semibold">
                  Received
                </th>
                <th scope="col" className="py-2 pr-4 font-semibold">
                  Order
                </th>
                <th scope="col" className="py-2 pr-4 font-semibold">
                  E-mail
                </th>
                <th scope="col" className="py-2 pr-4 font-semibold">
                  Order was
                </th>
                <th scope="col" className="py-2 pr-4 font-semibold">
                  Outcome
                </th>
                <th scope="col" className="py-2 font-semibold">
                  Through
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200">
              {withdrawals.map((w) => (
                <tr key={w.id} data-testid="withdrawal">
                  <td className="py-2 pr-4 whitespace-nowrap">{formatMoment(w.createdAt)}</td>
                  <td className="py-2 pr-4">
                    <Link to={`/orders/${w.orderId}`} className="font-semibold text-brand-700 underline">
                      #{w.orderId}
                    </Link>
                  </td>
                  <td className="py-2 pr-4 break-all">{w.email}</td>
                  <td className="py-2 pr-4">{STATUS_NAMES[w.orderStatus] ?? w.orderStatus}</td>
                  <td className={`py-2 pr-4 ${w.status === "open" ? "font-semibold text-amber-800" : ""}`}>
                    {w.statusLabel}
                  </td>
                  <td className="py-2">{w.via === "form" ? "Public form" : "Order page"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
