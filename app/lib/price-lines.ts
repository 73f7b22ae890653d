// How the parts of a price read (the checkout's summary, the order page, the e-mails): the figures are the server's,
// nothing is added up here.

/** The parts of a price as the API shows them (a cart's quote, an order). */
export interface PriceParts {
  subtotal: number;
  discount: number;
  shipping: { method: string; amount: number } | null;
  taxes: Array<{ name: string; rate: number; amount: number }>;
  taxIncluded: boolean;
  total: number;
  /** the applied discount code (a cart's quote), for the discount's label */
  discountCode?: { code: string } | null;
}

/** "incl. 19% VAT" (in the prices) or "Sales tax (OR)" (added). */
export function taxLabel(tax: { name: string; rate: number }, included: boolean) {
  return included ? `incl. ${tax.rate}% ${tax.name}` : tax.name;
}

/** An order's parts (its total is `totalAmount`). */
export function orderPriceParts(order: Omit<PriceParts, "total"> & { totalAmount: number }): PriceParts {
  const { subtotal, discount, shipping, taxes, taxIncluded, totalAmount } = order;
  return { subtotal, discount, shipping, taxes, taxIncluded, total: totalAmount };
}

/** The price has more than its lines (shipping, tax, a discount): worth a breakdown. */
export function hasBreakdown(parts: PriceParts) {
  return parts.shipping !== null || parts.taxes.length > 0 || parts.discount > 0;
}

/** The lines between the items and the total: [label, dollars]. */
export function breakdownLines(parts: PriceParts): Array<[string, number]> {
  const lines: Array<[string, number]> = [["Subtotal", parts.subtotal]];
  if (parts.discount > 0) lines.push(["Discount", -parts.discount]);
  if (parts.shipping) lines.push([`Shipping (${parts.shipping.method})`, parts.shipping.amount]);
  for (const tax of parts.taxes) lines.push([taxLabel(tax, parts.taxIncluded), tax.amount]);
  return lines;
}
