import type { orders } from "~/db/schema";
import { centsToDollars } from "~/lib/money";

/** An order's price as it was kept when placed, in dollars: what the order page, the e-mails and the invoice show. */
export function priceParts(order: typeof orders.$inferSelect) {
  return {
    subtotal: centsToDollars(order.subtotalCents),
    discount: centsToDollars(order.discountCents),
    shipping:
      order.shippingMethod === null
        ? null
        : { method: order.shippingMethod, amount: centsToDollars(order.shippingCents) },
    taxes: order.taxes.map((tax) => ({
      name: tax.name,
      rate: tax.basisPoints / 100,
      amount: centsToDollars(tax.cents),
    })),
    taxIncluded: order.taxIncluded,
  };
}
