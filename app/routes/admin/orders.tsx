import { breakdownLines, hasBreakdown, orderPriceParts } from "~/lib/price-lines";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { endpoints } from "~/client/api.server";
import { GeneralErrorBoundary } from "~/components/layout/error-boundary";
import { Pager } from "~/components/ui/pager";
import { OrdersHistory } from "~/components/shop/orders-history";
import { ShippingAddressBlock } from "~/components/shop/order-parts";
import { useIsPending } from "~/hooks/use-is-pending";
import {
  AdminOrdersQuerySchema,
  NEXT_STATUS,
  ORDER_STATUSES,
  OrderStatusChangeSchema,
  orderStatusLabel,
  type OrderStatus,
} from "~/schemas/orders";
import { attempt, intentReply, outcomeReply, readForm } from "~/web/actions.server";
import { countryNamesOf } from "~/lib/countries.server";
import { requireStaff } from "~/web/guards.server";
import { STAFF_ORDER_STATUSES } from "~/schemas/staff";
import { formatPrice } from "~/lib/money";
import { pageTitle } from "~/lib/site";

export const meta: MetaFunction = () => [{ title: pageTitle("Orders") }, { name: "robots", content: "noindex" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const auth = await requireStaff(request);
  const url = new URL(request.url);
  const query = AdminOrdersQuerySchema.safeParse(Object.fromEntries(url.searchParams));
  const { status, page } = query.success ? query.data : { status: undefined, page: 1 };
  const { data: orders } = await auth.api(endpoints.orders.all, { query: { status, page } });
  return data({
    // staff are offered the steps forward only: cancelling (money back) is the admin's
    orders: {
      ...orders,
      content: orders.content.map((o) => ({
        ...o,
        next: NEXT_STATUS[o.status].filter((s) => auth.isAdmin || STAFF_ORDER_STATUSES.includes(s)),
      })),
    },
    status: status ?? "",
    isAdmin: auth.isAdmin,
    countryNames: countryNamesOf(orders.content.map((o) => o.shippingAddress?.country)),
  });
}

export async function action({ request }: ActionFunctionArgs) {
  const auth = await requireStaff(request);
  const form = await readForm(request);
  const back = `/admin/orders${new URL(request.url).search}`;
  const parsed = OrderStatusChangeSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) return intentReply(auth, form, back, { ok: false, message: "Choose an order and a status." });
  const { orderId, status } = parsed.data;
  const outcome = await attempt(auth.api(endpoints.orders.setStatus, { params: { orderId }, body: { status } }));
  return outcomeReply(auth, form, back, outcome);
}

const ACTION_LABEL: Record<OrderStatus, string> = {
  PENDING: "Back to pending",
  PROCESSING: "Start processing",
  SHIPPED: "Mark shipped",
  DELIVERED: "Mark delivered",
  CANCELLED: "Cancel order",
};

export default function AdminOrders() {
  const { orders, status, countryNames, isAdmin } = useLoaderData<typeof loader>();
  const busy = useIsPending();
  const search = (page: number) => `?${new URLSearchParams({ ...(status ? { status } : {}), page: String(page) })}`;
  return (
    <div className="mx-auto max-w-5xl px-4 py-8">
      <h1 className="text-2xl font-bold text-slate-900">Orders</h1>
      <Form method="get" className="mt-4 flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor="status" className="label">
            Status
          </label>
          <select id="status" name="status" defaultValue={status} className="input">
            <option value="">All statuses</option>
            {ORDER_STATUSES.map((s) => (
              <option key={s} value={s}>
                {orderStatusLabel(s, false)}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="btn-secondary">
          Filter
        </button>
        <p className="ml-auto text-sm text-slate-600">
          {orders.totalElements} order{orders.totalElements === 1 ? "" : "s"}
        </p>
      </Form>
      {orders.content.length === 0 ? <p className="mt-8 text-slate-600">No orders found at the moment</p> : null}
      <ul className="mt-6 space-y-6">
        {orders.content.map((order) => (
          // each order a card of its own: its customer and ship-to read as its own, not the order above's
          <li
            key={order.id}
            data-testid="admin-order"
            className="rounded-lg border border-slate-200 p-3 sm:p-4"
            aria-label={`Order #${order.id}`}
          >
            <div className="mb-2 grid gap-2 text-sm sm:grid-cols-3">
              <p className="text-slate-700">
                <span className="block font-semibold text-slate-900">Customer</span>
                {order.customer.name}
                <br />
                <a
                  href={`mailto:${order.customer.email}`}
                  className="break-all text-blue-700 underline hover:text-blue-900"
                >
                  {order.customer.email}
                </a>
              </p>
              <p className="text-slate-700">
                <span className="block font-semibold text-slate-900">Total</span>
                <span data-testid="admin-order-total">{formatPrice(order.totalAmount)}</span>
                {hasBreakdown(orderPriceParts(order)) ? (
                  <span className="block text-xs text-slate-600" data-testid="admin-order-breakdown">
                    {breakdownLines(orderPriceParts(order))
                      .map(([label, amount]) => `${label} ${formatPrice(amount)}`)
                      .join(" · ")}
                  </span>
                ) : null}
              </p>
              <div className="text-slate-700">
                <span className="block font-semibold text-slate-900">Ship to</span>
                {order.shippingAddress ? (
                  <ShippingAddressBlock address={order.shippingAddress} countryNames={countryNames} />
                ) : (
                  <span className="text-slate-600">No address kept with this order</span>
                )}
              </div>
            </div>
            <OrdersHistory orders={[order]} />
            <p className="mt-1 flex flex-wrap gap-x-4 gap-y-2 text-sm">
              {order.invoiceNumber ? (
                <a
                  href={`/orders/${order.id}/invoice`}
                  className="text-blue-700 underline hover:text-blue-900"
                  aria-label={`Invoice ${order.invoiceNumber} of order ${order.id}`}
                >
                  Invoice {order.invoiceNumber}
                </a>
              ) : null}
              {order.statusLabel === "Refunded" ? (
                <a
                  href={`/orders/${order.id}/credit-notes`}
                  className="text-blue-700 underline hover:text-blue-900"
                  aria-label={`Credit note of order ${order.id}`}
                >
                  Credit note
                </a>
              ) : null}
              {isAdmin ? (
                <a
                  href={`/admin/audit?entityType=order&entityId=${order.id}`}
                  className="text-blue-700 underline hover:text-blue-900"
                  aria-label={`History of order ${order.id}`}
                >
                  History
                </a>
              ) : null}
            </p>
            {order.next.length > 0 ? (
              <Form
                method="post"
                className="mt-2 flex flex-wrap gap-2"
                onSubmit={(event) => {
                  const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
                  if (
                    submitter?.value === "CANCELLED" &&
                    !window.confirm(`Cancel order ${order.id}? The stock goes back and the payment is refunded.`)
                  )
                    event.preventDefault();
                }}
              >
                <input type="hidden" name="orderId" value={order.id} />
                {order.next.map((next) => (
                  <button
                    key={next}
                    type="submit"
                    name="status"
                    value={next}
                    disabled={busy}
                    className={next === "CANCELLED" ? "btn-secondary text-red-700" : "btn-primary"}
                    aria-label={`${ACTION_LABEL[next]}: order ${order.id}`}
                  >
                    {ACTION_LABEL[next]}
                  </button>
                ))}
              </Form>
            ) : null}
          </li>
        ))}
      </ul>
      <Pager page={orders.page} totalPages={orders.totalPages} href={search} />
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
