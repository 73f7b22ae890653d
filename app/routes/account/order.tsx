import { PriceSummary } from "~/components/shop/price-summary";
import { hasBreakdown, orderPriceParts } from "~/lib/price-lines";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { endpoints } from "~/client/api.server";
import { GeneralErrorBoundary } from "~/components/layout/error-boundary";
import {
  OrderItemsTable,
  OrderStatusBadge,
  ShippingAddressBlock,
  orderDateFormat,
} from "~/components/shop/order-parts";
import { IdSchema } from "~/schemas/common";
import type { OrderDto } from "~/schemas/orders";
import { attempt } from "~/web/actions.server";
import { countryNamesOf } from "~/lib/countries.server";
import { requireAuth, unauthorized } from "~/web/guards.server";
import { formatPrice } from "~/lib/money";
import { pageTitle } from "~/lib/site";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: pageTitle(data ? `Order #${data.order.id}` : "Order") },
  { name: "robots", content: "noindex" },
];

/** An order's page (the confirmation after paying, and each order of the history), for its owner or an admin. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const orderId = IdSchema.safeParse(params.orderId);
  if (!orderId.success || !/^\d+$/.test(params.orderId ?? "")) throw data("Not found", { status: 404 });
  const auth = await requireAuth(request, { roles: ["ROLE_USER", "ROLE_ADMIN"] });
  const found = await attempt(auth.api(endpoints.orders.get, { params: { orderId: orderId.data } }));
  if (!found.ok) {
    // someone else's order is refused as every other page of someone else's is
    if (found.error.status === 403) throw unauthorized(request);
    throw data(found.error.status === 404 ? "Order not found" : found.error.message, { status: found.error.status });
  }
  const order = found.value.data;
  return data({
    order,
    countryNames: countryNamesOf([order.shippingAddress?.country]),
    mine: order.userId === auth.userId,
  });
}

/** What happens next, in the shopper's words. */
function nextStep(order: OrderDto): string {
  switch (order.statusLabel) {
    case "Paid":
      return "We have your payment and will prepare your order shortly. We will e-mail you when it ships.";
    case "Preparing":
      return "We are packing your order. We will e-mail you when it ships.";
    case "Shipped":
      return "Your order is on its way.";
    case "Delivered":
      return "Your order has been delivered. Enjoy your new gear!";
    case "Refunded":
      return "This order was cancelled and your payment has been refunded.";
    default:
      return "This order was cancelled. Your payment is being refunded.";
  }
}

export default function Order() {
  const { order, countryNames, mine } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-4xl px-4 py-8">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold text-slate-900">Order #{order.id}</h1>
        <OrderStatusBadge order={order} className="text-sm" />
      </div>
      <p className="mt-2 text-slate-700">
        Placed on <time dateTime={order.orderDate}>{orderDateFormat.format(new Date(order.orderDate))}</time>.{" "}
        {nextStep(order)}
      </p>

      <div className="mt-6 grid gap-6 md:grid-cols-[1fr_16rem]">
        <section
          aria-labelledby="order-items"
          className="min-w-0 rounded-xl border border-slate-200 bg-white shadow-sm"
        >
          <h2 id="order-items" className="border-b border-slate-200 px-4 py-3 text-lg font-semibold text-slate-900">
            Items
          </h2>
          <OrderItemsTable order={order} />
          {hasBreakdown(orderPriceParts(order)) ? (
            <div className="px-4 pb-3">
              <PriceSummary parts={orderPriceParts(order)} />
            </div>
          ) : (
            <p className="flex items-baseline justify-between border-t border-slate-200 px-4 py-3">
              <span className="font-semibold text-slate-900">Total</span>
              <span className="text-xl font-bold tabular-nums text-slate-900">{formatPrice(order.totalAmount)}</span>
            </p>
          )}
        </section>
        <section
          aria-labelledby="order-ship-to"
          className="h-fit rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
        >
          <h2 id="order-ship-to" className="text-lg font-semibold text-slate-900">
            Shipping address
          </h2>
          <div className="mt-2 text-sm">
            {order.shippingAddress ? (
              <ShippingAddressBlock address={order.shippingAddress} countryNames={countryNames} />
            ) : (
              <p className="text-slate-600">No shipping address is kept with this order.</p>
            )}
          </div>
        </section>
      </div>

      <div className="mt-8 flex flex-wrap gap-3">
        {mine ? (
          <Link to={`/user-profile/${order.userId}/profile`} className="btn-secondary">
            All my orders
          </Link>
        ) : (
          <Link to="/admin/orders" className="btn-secondary">
            All orders
          </Link>
        )}
        <Link to="/products" className="btn-primary">
          Continue Shopping
        </Link>
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
