// Whether a discount code can be used, in plain words (decision 0040). Pure: the caller reads the code, the time and
// the shopper's uses; pricing.ts applies a usable code to the lines (and may still refuse it for the cart's subtotal
// or lines, see `pricingRefusalMessage`).
import { formatCents } from "~/lib/money";
import type { DiscountRefusal, PricingDiscount } from "./pricing";

/** A code as stored (the columns these rules read). */
export interface DiscountCodeRules {
  code: string;
  kind: "percent" | "fixed" | "free_shipping";
  value: number;
  minSubtotalCents: number | null;
  startsAt: Date | null;
  endsAt: Date | null;
  usageLimit: number | null;
  perCustomerLimit: number | null;
  productIds: number[] | null;
  categoryIds: number[] | null;
  active: boolean;
}

export const REFUSALS = {
  unknown: "This code is not valid.",
  notStarted: "This code is not valid yet.",
  expired: "This code has expired.",
  usedUp: "This code has been used up.",
  alreadyUsed: "You have already used this code.",
  noLines: "This code does not apply to anything in your cart.",
} as const;

/**
 * Why a code cannot be used now, or null. In this order: unknown or deactivated, not started, expired, no uses
 * left in all, none left for this shopper. (The minimum subtotal and the lines it applies to come after, from
 * pricing.)
 */
export function codeRefusal(
  code: DiscountCodeRules | null | undefined,
  { now, totalUses, customerUses }: { now: Date; totalUses: number; customerUses: number },
): string | null {
  if (!code || !code.active) return REFUSALS.unknown;
  if (code.startsAt && now < code.startsAt) return REFUSALS.notStarted;
  if (code.endsAt && now >= code.endsAt) return REFUSALS.expired;
  if (code.usageLimit !== null && totalUses >= code.usageLimit) return REFUSALS.usedUp;
  if (code.perCustomerLimit !== null && customerUses >= code.perCustomerLimit) return REFUSALS.alreadyUsed;
  return null;
}

/** pricing.ts's refusal in words: "Spend $50.00 to use this code." */
export function pricingRefusalMessage(refusal: DiscountRefusal): string {
  if (refusal.reason === "min_subtotal") return `Spend ${formatCents(refusal.minSubtotalCents)} to use this code.`;
  return REFUSALS.noLines;
}

/** What priceOrder reads of a code. */
export function asPricingDiscount(code: DiscountCodeRules): PricingDiscount {
  return {
    code: code.code,
    kind: code.kind,
    value: code.kind === "free_shipping" ? 0 : code.value,
    minSubtotalCents: code.minSubtotalCents,
    productIds: code.productIds && code.productIds.length > 0 ? code.productIds : null,
    categoryIds: code.categoryIds && code.categoryIds.length > 0 ? code.categoryIds : null,
  };
}

/** "15% off", "$5.00 off", "Free shipping". */
export function describeCode(code: Pick<DiscountCodeRules, "kind" | "value">): string {
  if (code.kind === "percent") return `${code.value / 100}% off`;
  if (code.kind === "fixed") return `${formatCents(code.value)} off`;
  return "Free shipping";
}
