import type { OrderDto } from "~/schemas/orders";
import { formatPrice, lineTotal } from "~/utils/money";

const STATUS_STYLES: Record<OrderDto["status"], string> = {
  PENDING: "bg-amber-100 text-amber-900",
  PROCESSING: "bg-sky-100 text-sky-900",
  SHIPPED: "bg-indigo-100 text-indigo-900",
  DELIVERED: "bg-emerald-100 text-emerald-900",
  CANCELLED: "bg-slate-200 text-slate-700",
};

const dateFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" });

/** The dashboard's orders: id, date, total, status and the items (total = quantity × unit price). */
export function OrdersHistory({ orders }: { orders: OrderDto[] }) {
  return (
    <ul className="mt-4 space-y-4">
      {orders.map((order) => (
        <li key={order.id} className="rounded-lg border border-slate-200" data-testid="order">
          <div className="flex flex-wrap items-center gap-x-6 gap-y-1 border-b border-slate-200 bg-slate-50 px-4 py-3 text-sm">
            <p>
              <span className="text-slate-500">Order </span>
              <span className="font-semibold text-slate-900">#{order.id}</span>
            </p>
            <p>
              <span className="text-slate-500">Date </span>
              <time dateTime={order.orderDate}>{dateFormat.format(new Date(order.orderDate))}</time>
            </p>
            <p>
              <span className="text-slate-500">Total </span>
              <span className="font-semibold tabular-nums text-slate-900">{formatPrice(order.totalAmount)}</span>
            </p>
            <p className={`ml-auto rounded-full px-2.5 py-0.5 text-xs font-semibold ${STATUS_STYLES[order.status]}`}>
              {order.status}
            </p>
          </div>
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Items of order {order.id}</caption>
              <thead className="text-xs uppercase tracking-wide text-slate-500">
                <tr>
                  <th scope="col" className="px-4 py-2 font-semibold">
                    Item
                  </th>
                  <th scope="col" className="px-4 py-2 font-semibold">
                    Name
                  </th>
                  <th scope="col" className="px-4 py-2 font-semibold">
                    Brand
                  </th>
                  <th scope="col" className="px-4 py-2 text-right font-semibold">
                    Qty
                  </th>
                  <th scope="col" className="px-4 py-2 text-right font-semibold">
                    Price
                  </th>
                  <th scope="col" className="px-4 py-2 text-right font-semibold">
                    Total
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {order.items.map((item, index) => (
                  <tr key={`${item.productId ?? "gone"}-${index}`}>
                    <td className="px-4 py-2 tabular-nums text-slate-500">{item.productId ?? "–"}</td>
                    <td className="px-4 py-2 font-medium text-slate-900">{item.productName}</td>
                    <td className="px-4 py-2 text-slate-600">{item.productBrand}</td>
                    <td className="px-4 py-2 text-right tabular-nums">{item.quantity}</td>
                    <td className="px-4 py-2 text-right tabular-nums">{formatPrice(item.price)}</td>
                    <td className="px-4 py-2 text-right font-semibold tabular-nums">
                      {formatPrice(lineTotal(item.price, item.quantity))}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </li>
      ))}
    </ul>
  );
}
