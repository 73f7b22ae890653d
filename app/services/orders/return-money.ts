// Which priced line an order's item is (decision 0044): the payment's breakdown names its lines by their place in the
// payment's cart snapshot, and the checkout writes the order's items in `snapshotOrder`, so the n-th item (by id) is
// the n-th line of the snapshot in that order. Pure, so the allocation is tested without a database.
import type { CartSnapshotLine } from "~/db/schema";
import { mulDivHalfUp, spread, type PriceBreakdown, type PricedLine } from "./pricing";

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

/** One returned line as its credit note reads it: the pieces, the pieces refunded before them, what was given back. */
export interface CreditedLine {
  orderItemId: number;
  units: number;
  /** pieces of the same item refunded by earlier returns */
  before: number;
  /** what the refund gave back for these pieces (the return line's `refundCents`) */
  refundCents: number;
}

export interface CreditedParts {
  lines: Array<{ orderItemId: number; quantity: number; unitCents: number; totalCents: number }>;
  subtotalCents: number;
  discountCents: number;
  /** the order's shipping, when this refund gave it back (its cost as the invoice shows it) */
  shipping: { name: string; cents: number } | null;
  taxes: Array<{ name: string; basisPoints: number; cents: number }>;
  taxIncluded: boolean;
  totalCents: number;
}

/**
 * The parts of a return's credit note (decision 0042 addendum): the returned pieces at their unit price, their share
 * of the line's discount and tax (shared by pieces cumulatively, as `refundOfUnits` shares the line's total), and the
 * shipping when the refund gave it back. The discount share is what makes the pieces' price, less it, plus the added
 * tax, come to what was refunded to the cent; the tax is spread over the order's rates by their amounts. So the parts
 * add up to the credited total exactly, whatever the rounding.
 */
export function creditedReturnParts(
  priced: ReadonlyMap<number, PricedLine>,
  breakdown: PriceBreakdown | null,
  taxIncluded: boolean,
  orderTaxes: ReadonlyArray<{ name: string; basisPoints: number; cents: number }>,
  returned: readonly CreditedLine[],
  shippingRefunded: boolean,
): CreditedParts {
  const shares = (amount: number, line: PricedLine, before: number, units: number) =>
    mulDivHalfUp(amount, before + units, line.quantity) - mulDivHalfUp(amount, before, line.quantity);
  let subtotalCents = 0;
  let discountCents = 0;
  let taxCents = 0;
  let totalCents = 0;
  const lines = returned.map((entry) => {
    const line = priced.get(entry.orderItemId);
    if (!line) throw new Error(`order item ${entry.orderItemId} has no priced line`);
    const pieces = line.unitCents * entry.units;
    const tax = shares(line.taxCents, line, entry.before, entry.units);
    const base = entry.refundCents - (taxIncluded ? 0 : tax);
    subtotalCents += pieces;
    discountCents += pieces - base;
    taxCents += tax;
    totalCents += entry.refundCents;
    return { orderItemId: entry.orderItemId, quantity: entry.units, unitCents: line.unitCents, totalCents: pieces };
  });
  const shipped = shippingRefunded ? (breakdown?.shipping ?? null) : null;
  if (shipped) {
    taxCents += shipped.taxCents;
    totalCents += shipped.cents + (taxIncluded ? 0 : shipped.taxCents);
  }
  const weights = orderTaxes.map((tax) => tax.cents);
  const perRate =
    orderTaxes.length === 0 || weights.every((w) => w === 0)
      ? []
      : spread(taxCents, weights).map((cents, index) => ({ ...orderTaxes[index]!, cents }));
  return {
    lines,
    subtotalCents,
    discountCents,
    shipping: shipped ? { name: shipped.name, cents: shipped.cents } : null,
    taxes: perRate,
    taxIncluded,
    totalCents,
  };
}
