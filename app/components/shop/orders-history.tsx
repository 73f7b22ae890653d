import { Link } from "@remix-run/react";
import type { OrderDto } from "~/schemas/orders";
import { formatPrice } from "~/lib/money";
import { OrderItemsTable, OrderStatusBadge } from "./order-parts";
import { formatDay } from "~/lib/dates";

/** The dashboard's orders: id (a link to the order's page), date, total, status and the items. */
export function OrdersHistory({ orders }: { orders: OrderDto[] }) {
  return (
    <ul className="mt-4 space-y-4">
      {orders.map((order) => (
        <li key={order.id} className="rounded-lg border border-slate-200" data-testid="order">
          <div className="flex flex-wrap items-center gap-x-6 gap-y-1 border-b border-slate-200 bg-slate-50 px-4 py-3 text-sm">
            <p>
              <span className="text-slate-600">Order </span>
              <Link to={`/orders/${order.id}`} className="font-semibold text-blue-700 underline hover:text-blue-900">
                #{order.id}
              </Link>
            </p>
            <p>
              <span className="text-slate-600">Date </span>
              <time dateTime={order.orderDate}>{formatDay(order.orderDate)}</time>
            </p>
            <p>
              <span className="text-slate-600">Total </span>
              <span className="font-semibold tabular-nums text-slate-900">{formatPrice(order.totalAmount)}</span>
            </p>
            <p className="ml-auto">
              <span className="sr-only">Status </span>
              <OrderStatusBadge order={order} />
            </p>
          </div>
          <OrderItemsTable order={order} />
        </li>
      ))}
    </ul>
  );
}
