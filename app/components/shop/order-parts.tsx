import type { OrderDto, ShippingAddress } from "~/schemas/orders";
import { formatPrice, lineTotal } from "~/lib/money";

const STATUS_STYLES: Record<OrderDto["status"], string> = {
  // "Paid": done on the shopper's side, nothing to wait for (amber read as "waiting")
  PENDING: "bg-sky-100 text-sky-900",
  PROCESSING: "bg-violet-100 text-violet-900",
  SHIPPED: "bg-indigo-100 text-indigo-900",
  DELIVERED: "bg-emerald-100 text-emerald-900",
  CANCELLED: "bg-slate-200 text-slate-800",
};

/** The status as a shopper reads it (Paid, Preparing, Shipped, Delivered, Cancelled, Refunded). */
export function OrderStatusBadge({ order, className = "" }: { order: OrderDto; className?: string }) {
  return (
    <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${STATUS_STYLES[order.status]} ${className}`}>
      {order.statusLabel}
    </span>
  );
}

const CELL = "px-2 py-2 sm:px-4";

/** An order's lines: item id, name, brand, quantity, unit price and total (quantity × price). */
export function OrderItemsTable({ order }: { order: OrderDto }) {
  return (
    // A narrow screen may still scroll the table sideways: the box takes the keyboard's focus, so the arrow keys scroll it too. A group,
    // not a region: it sits in the page's "Items" section, and a second landmark there would only be noise.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable box must be focusable (WCAG 2.1.1)
    <div role="group" aria-label={`Items of order ${order.id}`} tabIndex={0} className="relative overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Items of order {order.id}</caption>
        <thead className="text-xs uppercase tracking-wide text-slate-600">
          <tr>
            {/* on a phone: name and total, the rest folded under the name */}
            <th scope="col" className={`${CELL} hidden font-semibold sm:table-cell`}>
              Item
            </th>
            <th scope="col" className={`${CELL} font-semibold`}>
              Name
            </th>
            <th scope="col" className={`${CELL} hidden font-semibold sm:table-cell`}>
              Brand
            </th>
            <th scope="col" className={`${CELL} hidden text-right font-semibold sm:table-cell`}>
              Qty
            </th>
            <th scope="col" className={`${CELL} hidden text-right font-semibold sm:table-cell`}>
              Price
            </th>
            <th scope="col" className={`${CELL} text-right font-semibold`}>
              Total
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {order.items.map((item, index) => (
            <tr key={`${item.productId ?? "gone"}-${index}`}>
              <td className={`${CELL} hidden tabular-nums text-slate-600 sm:table-cell`}>{item.productId ?? "–"}</td>
              <td className={CELL}>
                <span className="font-medium text-slate-900">{item.productName}</span>
                {item.variantLabel ? (
                  <span className="block text-xs text-slate-600" data-testid="order-line-variant">
                    {item.variantLabel}
                  </span>
                ) : null}
                <span className="block text-xs text-slate-600 sm:hidden">
                  {item.productId === null ? "" : `#${item.productId} · `}
                  {item.productBrand}
                  <span className="block tabular-nums">
                    {item.quantity} × {formatPrice(item.price)}
                  </span>
                </span>
              </td>
              <td className={`${CELL} hidden text-slate-700 sm:table-cell`}>{item.productBrand}</td>
              <td className={`${CELL} hidden text-right tabular-nums sm:table-cell`}>{item.quantity}</td>
              <td className={`${CELL} hidden text-right tabular-nums sm:table-cell`}>{formatPrice(item.price)}</td>
              <td className={`${CELL} text-right align-top font-semibold tabular-nums`}>
                {formatPrice(lineTotal(item.price, item.quantity))}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A shipping address as a postal label (`countryNames`: code → name, from the server's country list). */
export function ShippingAddressBlock({
  address,
  countryNames,
}: {
  address: ShippingAddress;
  countryNames: Record<string, string>;
}) {
  const place = [address.city, address.state, address.postalCode].filter(Boolean).join(", ");
  return (
    <address className="not-italic leading-relaxed text-slate-800">
      {address.name ? <span className="block font-medium text-slate-900">{address.name}</span> : null}
      <span className="block">{address.street}</span>
      {place ? <span className="block">{place}</span> : null}
      {address.country ? <span className="block">{countryNames[address.country] ?? address.country}</span> : null}
      {address.mobileNumber ? <span className="block text-slate-600">Phone: {address.mobileNumber}</span> : null}
    </address>
  );
}
