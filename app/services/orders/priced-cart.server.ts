// Pricing a shopper's cart for payment: the cart's lines, its code, where it ships and how, priced by quote.server.ts
// (the one place totals are computed), and refused in words when it cannot be paid. payment-attempts.server.ts makes
// the payment of what this prices.
import type { DbOrTx } from "~/db/client.server";
import type { CartSnapshotLine, ShippingSnapshot } from "~/db/schema";
import type { Billing } from "~/schemas/payments";
import { formatCents } from "~/lib/money";
import { ConflictError, OutOfStockError } from "../errors";
import { cartLinesForCheckout, nameWithVariant, stockMessage } from "./cart.server";
import { appliedCode, appliedRefusal, checkoutRefusal } from "./discounts.server";
import type { PriceBreakdown } from "./pricing";
import { pricingLines, quote, type Quote } from "./quote.server";
import { defaultShipping, shippingSnapshot } from "./ship-to.server";

/** The address a cart is priced for: the chosen saved one, else the user's default (null: none). */
export async function shipToFor(
  userId: number,
  addressId: number | undefined,
  billing: Billing | undefined,
  db: DbOrTx,
) {
  const chosen = await shippingSnapshot(userId, addressId, billing, db).catch(() => null);
  return chosen ?? (await defaultShipping(userId, db));
}

/** What a payment pays for: the cart's lines at this moment. */
function snapshotOf(lines: Awaited<ReturnType<typeof cartLinesForCheckout>>): CartSnapshotLine[] {
  return lines.map(({ productId, variantId, variantLabel, name, brand, quantity, priceCents }) => ({
    productId,
    variantId,
    variantLabel,
    name,
    brand,
    quantity,
    priceCents,
  }));
}

/** What the shopper chose that the total depends on: where the order goes and how. */
export interface PricingChoice {
  /** the address it ships to (null: none known) */
  shipTo: ShippingSnapshot | null;
  shippingMethodId?: number;
}

export type PricedCart = {
  snapshot: CartSnapshotLine[];
  totalCents: number;
  breakdown: PriceBreakdown;
  /** what besides the lines the total depends on (address, method), for the attempt's key */
  context: string;
  quote: Quote;
  /** the applied code that gives something (its use is taken when the payment is made) */
  code: { codeId: number; code: string } | null;
  /** why the applied code gives nothing now (the checkout refuses then; the cart shows it) */
  codeRefusal: { code: string; reason: string } | null;
};

/** The cart's lines priced for a destination (quote.server.ts: the one place totals are computed). */
export async function priceLines(
  userId: number,
  lines: Awaited<ReturnType<typeof cartLinesForCheckout>>,
  choice: PricingChoice,
  db: DbOrTx,
): Promise<PricedCart> {
  const destination = choice.shipTo ? { country: choice.shipTo.country, state: choice.shipTo.state } : null;
  const applied = await appliedCode(userId, db);
  const priced = await quote({
    lines: pricingLines(lines),
    destination,
    methodId: choice.shippingMethodId,
    discount: applied?.discount ?? null,
    db,
  });
  const { breakdown, context } = priced;
  const refusal = appliedRefusal(applied, breakdown);
  return {
    snapshot: snapshotOf(lines),
    totalCents: breakdown.totalCents,
    breakdown,
    context,
    quote: priced,
    code: applied?.row && breakdown.discount ? { codeId: applied.row.id, code: applied.row.code } : null,
    codeRefusal: applied && refusal ? { code: applied.row?.code ?? applied.typed, reason: refusal } : null,
  };
}

/**
 * The caller's cart priced on the server for where it goes: what a payment is for. Empty or over-stock carts cannot
 * be paid, nor a cart no shipping method serves.
 */
export async function pricedCart(userId: number, db: DbOrTx, choice: PricingChoice = { shipTo: null }) {
  const lines = await cartLinesForCheckout(userId, db);
  if (lines.length === 0) throw new ConflictError("Your cart is empty.");
  for (const line of lines) {
    if (line.quantity > line.inventory)
      throw new OutOfStockError(
        `${stockMessage(nameWithVariant(line.name, line.variantLabel), line.inventory)} Please update your cart.`,
      );
  }
  const priced = await priceLines(userId, lines, choice, db);
  // a code that stopped giving anything since the cart was shown: refused, never a different amount charged
  if (priced.codeRefusal) throw checkoutRefusal(priced.codeRefusal.code, priced.codeRefusal.reason);
  if (priced.quote.shipsByZone && !choice.shipTo?.country)
    throw new ConflictError("Please choose where your order ships to: the shipping cost depends on it.");
  if (!priced.quote.shippable) throw new ConflictError(cannotShip(choice.shipTo));
  // a card cannot be charged less than this (Stripe's smallest charge in dollars): a code that takes the total under
  // it is refused in words, before any payment is made
  if (priced.totalCents < SMALLEST_CHARGE_CENTS) {
    throw new ConflictError(
      `Your total of ${formatCents(priced.totalCents)} is less than the smallest amount a card can be charged (${formatCents(SMALLEST_CHARGE_CENTS)}). Please add to your cart or remove the discount code.`,
    );
  }
  return priced;
}

/** Stripe's smallest charge in US dollars; the test provider keeps to it too */
export const SMALLEST_CHARGE_CENTS = 50;

/** "We cannot ship to this address (US, AK)." */
export function cannotShip(shipTo: { country: string; state: string } | null) {
  const where = shipTo ? [shipTo.country, shipTo.state].filter(Boolean).join(", ") : "";
  return `Sorry, we cannot ship this order to this address${where ? ` (${where})` : ""}. Please choose another address.`;
}
