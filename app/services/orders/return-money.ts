// Which priced line an order's item is (decision 0044): the payment's breakdown names its lines by their place in the
// payment's cart snapshot, and the checkout writes the order's items in `snapshotOrder`, so the n-th item (by id) is
// the n-th line of the snapshot in that order. Pure, so the allocation is tested without a database.
import type { CartSnapshotLine } from "~/db/schema";
import type { PriceBreakdown, PricedLine } from "./pricing";

/** The order the checkout takes a payment's lines in (products, then variants: the lock order) and writes its items. */
export const snapshotOrder = (a: CartSnapshotLine, b: CartSnapshotLine) =>
  a.productId - b.productId || (a.variantId ?? 0) - (b.variantId ?? 0);

export interface ItemPrice {
  id: number;
  quantity: number;
  priceCents: number;
}

/**
 * Each item's priced line, by item id. An order from before the breakdown (migration 0013) cost its lines' sum: each
 * line is its price × quantity, no discount, no tax.
 */
export function pricedLinesOfItems(
  items: readonly ItemPrice[],
  snapshot: readonly CartSnapshotLine[] | null,
  breakdown: PriceBreakdown | null,
): Map<number, PricedLine> {
  const byId = [...items].sort((a, b) => a.id - b.id);
  const found = new Map<number, PricedLine>();
  if (!breakdown || !snapshot) {
    for (const item of byId) {
      const cents = item.priceCents * item.quantity;
      found.set(item.id, {
        key: item.id,
        quantity: item.quantity,
        unitCents: item.priceCents,
        subtotalCents: cents,
        discountCents: 0,
        taxCents: 0,
        totalCents: cents,
      });
    }
    return found;
  }
  const keys = snapshot
    .map((line, key) => ({ line, key }))
    .sort((a, b) => snapshotOrder(a.line, b.line))
    .map(({ key }) => key);
  const lines = new Map(breakdown.lines.map((line) => [line.key, line]));
  byId.forEach((item, index) => {
    const line = keys[index] === undefined ? undefined : lines.get(keys[index]);
    if (!line || line.quantity !== item.quantity || line.unitCents !== item.priceCents) {
      throw new Error(`order item ${item.id} does not match its payment's priced lines`);
    }
    found.set(item.id, line);
  });
  return found;
}
