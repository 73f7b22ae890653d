import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { codeRefusal, REFUSALS, type DiscountCodeRules } from "~/services/orders/discount-rules";
import { mulDivHalfUp, priceOrder, type PricingDiscount, type PricingLine } from "~/services/orders/pricing";

// Discount codes, for any code and any cart (decision 0040): whether a code can be used follows its rules in their
// stated order, uses and time only ever take a usable code away, and what a code gives is bounded by what it says.

const NOW = Date.UTC(2026, 10, 28, 12);
const dateArb = fc.option(
  fc.integer({ min: NOW - 10 * 86_400_000, max: NOW + 10 * 86_400_000 }).map((t) => new Date(t)),
);
const ruleArb: fc.Arbitrary<DiscountCodeRules> = fc.record({
  code: fc.constant("CODE"),
  kind: fc.constantFrom("percent" as const, "fixed" as const, "free_shipping" as const),
  value: fc.integer({ min: 0, max: 20_000 }),
  minSubtotalCents: fc.option(fc.nat(50_000)),
  startsAt: dateArb,
  endsAt: dateArb,
  usageLimit: fc.option(fc.nat(5)),
  perCustomerLimit: fc.option(fc.nat(3)),
  productIds: fc.constant(null),
  categoryIds: fc.constant(null),
  active: fc.boolean(),
});
const usesArb = fc.record({ totalUses: fc.nat(6), customerUses: fc.nat(4) });

const lineArb = fc.record({
  key: fc.nat(1000),
  productId: fc.integer({ min: 1, max: 6 }),
  categoryId: fc.constantFrom(1, 2, null),
  unitCents: fc.integer({ min: 0, max: 500_000 }),
  quantity: fc.integer({ min: 1, max: 20 }),
  weightGrams: fc.constant(null),
}) as fc.Arbitrary<PricingLine>;
const discountArb: fc.Arbitrary<PricingDiscount> = fc.record({
  code: fc.constant("CODE"),
  kind: fc.constantFrom("percent" as const, "fixed" as const, "free_shipping" as const),
  value: fc.integer({ min: 0, max: 2_000_000 }),
  minSubtotalCents: fc.option(fc.nat(100_000)),
  productIds: fc.option(fc.array(fc.integer({ min: 1, max: 6 }), { minLength: 1, maxLength: 3 })),
  categoryIds: fc.option(fc.array(fc.constantFrom(1, 2), { minLength: 1, maxLength: 2 })),
});
const price = (lines: PricingLine[], discount: PricingDiscount | null, shippingCents = 995) =>
  priceOrder({
    lines,
    discount,
    shipping: { methodId: 1, name: "Standard", rate: { kind: "flat", cents: shippingCents }, freeOverCents: null },
    taxRates: [],
    settings: { pricesIncludeTax: false, taxShipping: false },
  });

describe("a discount code's rules, for any code", () => {
  it("refuse exactly when a rule says so, and with the first rule's reason", () => {
    fc.assert(
      fc.property(ruleArb, usesArb, (code, uses) => {
        const now = new Date(NOW);
        const reasons = [
          [!code.active, REFUSALS.unknown],
          [code.startsAt !== null && now < code.startsAt, REFUSALS.notStarted],
          [code.endsAt !== null && now >= code.endsAt, REFUSALS.expired],
          [code.usageLimit !== null && uses.totalUses >= code.usageLimit, REFUSALS.usedUp],
          [code.perCustomerLimit !== null && uses.customerUses >= code.perCustomerLimit, REFUSALS.alreadyUsed],
        ] as const;
        const first = reasons.find(([applies]) => applies)?.[1] ?? null;
        expect(codeRefusal(code, { now, ...uses })).toBe(first);
      }),
      { numRuns: 500 },
    );
  });

  it("never make a refused code usable by more uses or a later time", () => {
    fc.assert(
      fc.property(ruleArb, usesArb, fc.nat(3), fc.nat(3), fc.nat(20 * 86_400_000), (code, uses, more, mine, later) => {
        const before = codeRefusal(code, { now: new Date(NOW), ...uses });
        const after = codeRefusal(code, {
          now: new Date(NOW + later),
          totalUses: uses.totalUses + more,
          customerUses: uses.customerUses + mine,
        });
        // a code not started yet may start; every other refusal stays a refusal
        if (before !== null && before !== REFUSALS.notStarted) expect(after).not.toBeNull();
        if (after === null) expect(before === null || before === REFUSALS.notStarted).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it("refuse an unknown (missing) code whatever the time and uses", () => {
    fc.assert(
      fc.property(usesArb, (uses) => {
        expect(codeRefusal(null, { now: new Date(NOW), ...uses })).toBe(REFUSALS.unknown);
      }),
    );
  });
});

describe("what a code gives, for any cart", () => {
  it("is at most its percent of the lines it applies to, or its amount, and nothing under its minimum", () => {
    fc.assert(
      fc.property(fc.array(lineArb, { maxLength: 6 }), discountArb, (lines, discount) => {
        const p = price(lines, discount);
        const applies = (l: PricingLine) =>
          (!discount.productIds && !discount.categoryIds) ||
          discount.productIds?.includes(l.productId) ||
          (l.categoryId !== null && discount.categoryIds?.includes(l.categoryId));
        const eligible = lines.filter(applies).reduce((s, l) => s + l.unitCents * l.quantity, 0);
        if (discount.minSubtotalCents !== null && p.subtotalCents < discount.minSubtotalCents) {
          expect(p.discountRefused).toEqual({ reason: "min_subtotal", minSubtotalCents: discount.minSubtotalCents });
          expect(p.discountCents).toBe(0);
          expect(p.shipping!.cents).toBe(995);
          return;
        }
        if (discount.kind === "percent") {
          expect(p.discountCents).toBeLessThanOrEqual(mulDivHalfUp(eligible, Math.min(discount.value, 10_000), 10_000));
        }
        if (discount.kind === "fixed") expect(p.discountCents).toBeLessThanOrEqual(discount.value);
        expect(p.discountCents).toBeLessThanOrEqual(eligible);
        if (discount.kind === "free_shipping") {
          expect(p.discountCents).toBe(0);
          expect(p.shipping!.cents).toBe(0);
        } else {
          expect(p.shipping!.cents).toBe(995);
        }
      }),
      { numRuns: 500 },
    );
  });

  it("never makes the total more than the cart without it", () => {
    fc.assert(
      fc.property(fc.array(lineArb, { maxLength: 6 }), discountArb, (lines, discount) => {
        expect(price(lines, discount).totalCents).toBeLessThanOrEqual(price(lines, null).totalCents);
      }),
      { numRuns: 500 },
    );
  });
});
