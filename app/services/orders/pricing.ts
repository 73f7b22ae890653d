// The price of an order: the one function that says what a cart costs (docs/decisions/0035-pricing.md). Pure: the
// caller reads the lines, the applied code, the chosen shipping method, the tax rates of the address and the shop's
// setting, and everything that shows or charges a price reads this result: the cart, the checkout, the payment amount,
// the order, the receipt, the e-mails, refunds. Nothing recomputes a price elsewhere.
//
// Order: lines → discount → shipping → tax. All amounts are integer cents; rates are basis points (1900 = 19%).
// Rounding: half up (a half cent goes up), once per order per rounding step (the discount once, each tax rate once);
// an order-level amount is then spread over the lines it concerns by the largest-remainder method, so the lines' shares
// add up to it exactly and a refund line by line never loses or invents a cent.

import type { DiscountRefusal, PriceBreakdown, PricedLine, PricedTax, ShippingRate } from "~/db/schema/pricing";

export type { DiscountRefusal, PriceBreakdown, PricedLine, PricedTax, ShippingRate };

/** One cart line, as the pricing needs it. */
export interface PricingLine {
  /** the line's identity in the result (a cart item id) */
  key: number;
  productId: number;
  categoryId: number | null;
  unitCents: number;
  quantity: number;
  /** per unit, for shipping priced by weight; none counts as 0 */
  weightGrams: number | null;
}

/** An applied discount code, as stored (its limits and dates are checked where it is applied, not here). */
export interface PricingDiscount {
  code: string;
  kind: "percent" | "fixed" | "free_shipping";
  /** percent: basis points (1500 = 15%); fixed: cents; free_shipping: unused */
  value: number;
  /** the lines' subtotal (before any discount) the code needs, in cents */
  minSubtotalCents: number | null;
  /** when set, the code applies only to these products and categories (either list matching is enough) */
  productIds: number[] | null;
  categoryIds: number[] | null;
}

export interface PricingShipping {
  methodId: number;
  name: string;
  rate: ShippingRate;
  /** free when the discounted subtotal reaches this (cents) */
  freeOverCents: number | null;
}

export interface PricingTaxRate {
  /** what the shopper reads: "VAT", "Sales tax (OR)" */
  name: string;
  basisPoints: number;
}

export interface PricingSettings {
  /** prices are entered with tax in them (EU VAT): the tax is a part of the total, not added to it */
  pricesIncludeTax: boolean;
  /** shipping is taxed at the same rates */
  taxShipping: boolean;
}

export interface PricingInput {
  lines: PricingLine[];
  discount: PricingDiscount | null;
  /** null: no method chosen yet (the cart before an address): no shipping cost */
  shipping: PricingShipping | null;
  taxRates: PricingTaxRate[];
  settings: PricingSettings;
}

/** a × b / c rounded half up, for non-negative integers (in BigInt: a product of two amounts may pass 2^53). */
export function mulDivHalfUp(a: number, b: number, c: number): number {
  if (c <= 0) throw new RangeError("divisor must be positive");
  const [x, y, z] = [BigInt(a), BigInt(b), BigInt(c)];
  const quotient = (x * y) / z;
  const remainder = x * y - quotient * z;
  return Number(remainder * 2n >= z ? quotient + 1n : quotient);
}

/**
 * Spreads `amount` (≥ 0) over parts in proportion to their weights (≥ 0) so the shares add up to `amount` exactly
 * (largest remainder; a tie goes to the earlier part). All weights 0: every share 0, and then `amount` must be 0.
 */
export function spread(amount: number, weights: readonly number[]): number[] {
  const total = BigInt(weights.reduce((sum, w) => sum + w, 0));
  if (total === 0n) {
    if (amount !== 0) throw new RangeError("cannot spread an amount over nothing");
    return weights.map(() => 0);
  }
  const parts = weights.map((w, index) => {
    const exact = BigInt(amount) * BigInt(w);
    return { index, share: Number(exact / total), remainder: exact % total };
  });
  let left = amount - parts.reduce((sum, part) => sum + part.share, 0);
  const shares = parts.map((part) => part.share);
  const order = [...parts].sort((a, b) =>
    a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1,
  );
  for (const { index } of order) {
    if (left <= 0) break;
    shares[index]! += 1;
    left -= 1;
  }
  return shares;
}

function eligible(line: PricingLine, discount: PricingDiscount): boolean {
  if (!discount.productIds && !discount.categoryIds) return true;
  return (
    (discount.productIds?.includes(line.productId) ?? false) ||
    (line.categoryId !== null && (discount.categoryIds?.includes(line.categoryId) ?? false))
  );
}

function shippingCost(shipping: PricingShipping, discountedSubtotal: number, weightGrams: number): number | null {
  if (shipping.freeOverCents !== null && discountedSubtotal >= shipping.freeOverCents) return 0;
  const rate = shipping.rate;
  switch (rate.kind) {
    case "flat":
      return rate.cents;
    case "subtotal": {
      const bands = [...rate.bands].sort((a, b) => a.fromCents - b.fromCents);
      let cents = bands[0]?.cents ?? 0;
      for (const band of bands) if (band.fromCents <= discountedSubtotal) cents = band.cents;
      return cents;
    }
    case "weight": {
      const bands = [...rate.bands].sort((a, b) => a.upToGrams - b.upToGrams);
      return bands.find((band) => weightGrams <= band.upToGrams)?.cents ?? null;
    }
  }
}

/** The whole price of an order (see the top of this file for the order of steps and the rounding). */
export function priceOrder(input: PricingInput): PriceBreakdown {
  const lines = input.lines.map((line) => ({ ...line, subtotalCents: line.unitCents * line.quantity }));
  const subtotalCents = lines.reduce((sum, line) => sum + line.subtotalCents, 0);

  // 1. discount: on the eligible lines' subtotal, once, then spread over those lines
  let discountCents = 0;
  let freeShipping = false;
  let discountRefused: DiscountRefusal | null = null;
  const code = input.discount;
  const lineDiscounts = lines.map(() => 0);
  if (code) {
    const weights = lines.map((line) => (eligible(line, code) ? line.subtotalCents : 0));
    const eligibleCents = weights.reduce((sum, w) => sum + w, 0);
    if (code.minSubtotalCents !== null && subtotalCents < code.minSubtotalCents) {
      discountRefused = { reason: "min_subtotal", minSubtotalCents: code.minSubtotalCents };
    } else if (code.kind !== "free_shipping" && eligibleCents === 0) {
      discountRefused = { reason: "no_eligible_lines" };
    } else if (code.kind === "free_shipping") {
      freeShipping = true;
    } else {
      discountCents =
        code.kind === "percent"
          ? mulDivHalfUp(eligibleCents, Math.min(code.value, 10_000), 10_000)
          : Math.min(code.value, eligibleCents);
      spread(discountCents, weights).forEach((share, index) => (lineDiscounts[index] = share));
    }
  }
  const discountedSubtotal = subtotalCents - discountCents;

  // 2. shipping: priced on the discounted subtotal and the order's weight
  let shippingCents = 0;
  let shippingUnavailable = false;
  if (input.shipping) {
    const weight = lines.reduce((sum, line) => sum + (line.weightGrams ?? 0) * line.quantity, 0);
    const cost = shippingCost(input.shipping, discountedSubtotal, weight);
    if (cost === null) shippingUnavailable = true;
    else shippingCents = freeShipping ? 0 : cost;
  }

  // 3. tax: per rate, once per order, on the discounted lines (and shipping, when taxed); then spread over the lines
  const totalBasisPoints = input.taxRates.reduce((sum, rate) => sum + rate.basisPoints, 0);
  const included = input.settings.pricesIncludeTax;
  const taxBase = (amount: number, rate: PricingTaxRate) =>
    included
      ? mulDivHalfUp(amount, rate.basisPoints, 10_000 + totalBasisPoints)
      : mulDivHalfUp(amount, rate.basisPoints, 10_000);
  const taxedShipping = input.settings.taxShipping ? shippingCents : 0;
  const taxes: PricedTax[] = input.taxRates.map((rate) => ({
    name: rate.name,
    basisPoints: rate.basisPoints,
    cents: taxBase(discountedSubtotal + taxedShipping, rate),
  }));
  const taxCents = taxes.reduce((sum, tax) => sum + tax.cents, 0);
  // the tax is spread over the lines and shipping by what each is taxed on
  const lineBases = lines.map((line, index) => line.subtotalCents - lineDiscounts[index]!);
  const shares = spread(taxCents, [...lineBases, taxedShipping]);
  const shippingTaxCents = shares[lines.length] ?? 0;

  const priced: PricedLine[] = lines.map((line, index) => {
    const lineTax = shares[index]!;
    return {
      key: line.key,
      quantity: line.quantity,
      unitCents: line.unitCents,
      subtotalCents: line.subtotalCents,
      discountCents: lineDiscounts[index]!,
      taxCents: lineTax,
      totalCents: lineBases[index]! + (included ? 0 : lineTax),
    };
  });

  return {
    lines: priced,
    subtotalCents,
    discountCents,
    discount: code && !discountRefused ? { code: code.code, kind: code.kind } : null,
    discountRefused,
    shipping: input.shipping
      ? {
          methodId: input.shipping.methodId,
          name: input.shipping.name,
          cents: shippingCents,
          taxCents: shippingTaxCents,
        }
      : null,
    shippingUnavailable,
    taxes,
    taxCents,
    taxIncluded: included,
    totalCents: discountedSubtotal + shippingCents + (included ? 0 : taxCents),
  };
}

/**
 * What refunding whole lines gives back: each line's total, plus shipping (and its tax, when added) once the last line
 * of the order is refunded. `refunded` are the keys refunded before, `now` the keys refunded this time.
 */
export function refundOfLines(breakdown: PriceBreakdown, refunded: readonly number[], now: readonly number[]): number {
  const lines = breakdown.lines.filter((line) => now.includes(line.key) && !refunded.includes(line.key));
  const linesCents = lines.reduce((sum, line) => sum + line.totalCents, 0);
  const after = new Set([...refunded, ...lines.map((line) => line.key)]);
  const last = breakdown.lines.every((line) => after.has(line.key));
  const shipping = breakdown.shipping;
  const shippingCents = last && shipping ? shipping.cents + (breakdown.taxIncluded ? 0 : shipping.taxCents) : 0;
  return linesCents + shippingCents;
}

/**
 * What giving back `units` more pieces of a priced line gives back when `before` of them were given back already: the
 * line's total (its price less its share of the discount, plus its share of the tax when added) shared by pieces,
 * rounded half up cumulatively, so that every piece given back, in any number of steps, adds up to the line's total
 * exactly and no step gives back more than its pieces are worth (decision 0044).
 */
export function refundOfUnits(line: PricedLine, before: number, units: number): number {
  if (!Number.isInteger(before) || !Number.isInteger(units) || before < 0 || units < 0) {
    throw new RangeError("pieces are whole and not negative");
  }
  if (before + units > line.quantity) throw new RangeError("more pieces than the line has");
  const upTo = (pieces: number) => mulDivHalfUp(line.totalCents, pieces, line.quantity);
  return upTo(before + units) - upTo(before);
}

/** What refunding an order's shipping gives back: its cost, and its tax share when the tax was added to it. */
export function refundOfShipping(breakdown: PriceBreakdown): number {
  const shipping = breakdown.shipping;
  return shipping ? shipping.cents + (breakdown.taxIncluded ? 0 : shipping.taxCents) : 0;
}
