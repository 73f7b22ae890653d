import { describe, expect, it } from "vitest";
import {
  asPricingDiscount,
  codeRefusal,
  describeCode,
  pricingRefusalMessage,
  REFUSALS,
  type DiscountCodeRules,
} from "~/services/orders/discount-rules";
import { priceOrder } from "~/services/orders/pricing";

// Whether a discount code can be used, and the words of a refusal (decision 0040).

const now = new Date("2026-06-15T12:00:00Z");
const base: DiscountCodeRules = {
  code: "SAVE10",
  kind: "percent",
  value: 1000,
  minSubtotalCents: null,
  startsAt: null,
  endsAt: null,
  usageLimit: null,
  perCustomerLimit: null,
  productIds: null,
  categoryIds: null,
  active: true,
};
const fresh = { now, totalUses: 0, customerUses: 0 };

describe("codeRefusal", () => {
  it("lets a plain code through", () => {
    expect(codeRefusal(base, fresh)).toBeNull();
  });

  it("refuses an unknown or deactivated code", () => {
    expect(codeRefusal(undefined, fresh)).toBe(REFUSALS.unknown);
    expect(codeRefusal({ ...base, active: false }, fresh)).toBe("This code is not valid.");
  });

  it("refuses before the start and from the end on", () => {
    expect(codeRefusal({ ...base, startsAt: new Date("2026-06-16T00:00:00Z") }, fresh)).toBe(
      "This code is not valid yet.",
    );
    expect(codeRefusal({ ...base, startsAt: now }, fresh)).toBeNull();
    expect(codeRefusal({ ...base, endsAt: now }, fresh)).toBe("This code has expired.");
    expect(codeRefusal({ ...base, endsAt: new Date(now.getTime() + 1) }, fresh)).toBeNull();
  });

  it("refuses when no uses are left in all, or for this shopper", () => {
    expect(codeRefusal({ ...base, usageLimit: 3 }, { ...fresh, totalUses: 2 })).toBeNull();
    expect(codeRefusal({ ...base, usageLimit: 3 }, { ...fresh, totalUses: 3 })).toBe("This code has been used up.");
    expect(codeRefusal({ ...base, perCustomerLimit: 1 }, { ...fresh, customerUses: 1 })).toBe(
      "You have already used this code.",
    );
  });

  it("says the first reason: invalid, not started, expired, used up, already used", () => {
    const everything = {
      ...base,
      startsAt: new Date("2027-01-01T00:00:00Z"),
      endsAt: new Date("2026-01-01T00:00:00Z"),
      usageLimit: 0,
      perCustomerLimit: 0,
    };
    expect(codeRefusal({ ...everything, active: false }, fresh)).toBe(REFUSALS.unknown);
    expect(codeRefusal(everything, fresh)).toBe(REFUSALS.notStarted);
    expect(codeRefusal({ ...everything, startsAt: null }, fresh)).toBe(REFUSALS.expired);
    expect(codeRefusal({ ...everything, startsAt: null, endsAt: null }, fresh)).toBe(REFUSALS.usedUp);
    expect(codeRefusal({ ...everything, startsAt: null, endsAt: null, usageLimit: null }, fresh)).toBe(
      REFUSALS.alreadyUsed,
    );
  });
});

describe("a code through the pricing function", () => {
  const lines = [
    { key: 0, productId: 1, categoryId: 10, unitCents: 2000, quantity: 2, weightGrams: null },
    { key: 1, productId: 2, categoryId: 20, unitCents: 999, quantity: 1, weightGrams: null },
  ];
  const price = (code: DiscountCodeRules) =>
    priceOrder({
      lines,
      discount: asPricingDiscount(code),
      shipping: null,
      taxRates: [],
      settings: { pricesIncludeTax: false, taxShipping: false },
    });

  it("says how much more to spend when the subtotal is short", () => {
    const priced = price({ ...base, minSubtotalCents: 5000 });
    expect(priced.discountCents).toBe(0);
    expect(pricingRefusalMessage(priced.discountRefused!)).toBe("Spend $50.00 to use this code.");
  });

  it("says when nothing in the cart is what the code is for; empty restriction lists mean everything", () => {
    const priced = price({ ...base, productIds: [3], categoryIds: [] });
    expect(pricingRefusalMessage(priced.discountRefused!)).toBe("This code does not apply to anything in your cart.");
    expect(price({ ...base, productIds: [], categoryIds: [] }).discountCents).toBe(500);
    expect(price({ ...base, categoryIds: [20] }).discountCents).toBe(100);
  });

  it("describes codes in the shopper's words", () => {
    expect(describeCode({ kind: "percent", value: 1250 })).toBe("12.5% off");
    expect(describeCode({ kind: "fixed", value: 500 })).toBe("$5.00 off");
    expect(describeCode({ kind: "free_shipping", value: 0 })).toBe("Free shipping");
  });
});
