import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { priceOrder, refundOfShipping, refundOfUnits, type PricedLine } from "~/services/orders/pricing";
import { pricedLinesOfItems } from "~/services/orders/return-money";

// A return's money (decision 0044): each piece's share of its priced line, rounded so that the pieces of a line,
// refunded in any steps, give back exactly the line's total; the items of an order found in the payment's breakdown.

const line = (totalCents: number, quantity: number): PricedLine => ({
  key: 0,
  quantity,
  unitCents: 0,
  subtotalCents: totalCents,
  discountCents: 0,
  taxCents: 0,
  totalCents,
});

describe("refundOfUnits", () => {
  it("gives a line's pieces back in any steps, adding up to its total exactly and never more", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 1, max: 50 }),
        fc.array(fc.integer({ min: 1, max: 10 }), { maxLength: 20 }),
        (total, quantity, steps) => {
          let before = 0;
          let given = 0;
          for (const step of steps) {
            const units = Math.min(step, quantity - before);
            if (units <= 0) break;
            const cents = refundOfUnits(line(total, quantity), before, units);
            expect(cents).toBeGreaterThanOrEqual(0);
            given += cents;
            before += units;
            expect(given).toBeLessThanOrEqual(total);
          }
          given += refundOfUnits(line(total, quantity), before, quantity - before);
          expect(given).toBe(total);
        },
      ),
    );
  });

  it("refuses more pieces than the line has", () => {
    expect(() => refundOfUnits(line(1000, 2), 1, 2)).toThrow(RangeError);
    expect(() => refundOfUnits(line(1000, 2), -1, 1)).toThrow(RangeError);
  });

  it("shares the discount and the added tax as the pricing spread them", () => {
    const priced = priceOrder({
      lines: [
        { key: 0, productId: 1, categoryId: null, unitCents: 2500, quantity: 3, weightGrams: null },
        { key: 1, productId: 2, categoryId: null, unitCents: 1000, quantity: 1, weightGrams: null },
      ],
      discount: {
        code: "TEN",
        kind: "percent",
        value: 1000,
        minSubtotalCents: null,
        productIds: null,
        categoryIds: null,
      },
      shipping: { methodId: 1, name: "Post", rate: { kind: "flat", cents: 500 }, freeOverCents: null },
      taxRates: [{ name: "Sales tax", basisPoints: 800 }],
      settings: { pricesIncludeTax: false, taxShipping: true },
    });
    const [first, second] = priced.lines;
    // 75.00 less its 10% (7.50), plus its tax share
    expect(first!.discountCents).toBe(750);
    const all = refundOfUnits(first!, 0, 3) + refundOfUnits(second!, 0, 1) + refundOfShipping(priced);
    expect(all).toBe(priced.totalCents);
    expect(refundOfUnits(first!, 0, 1)).toBe(Math.round(first!.totalCents / 3));
  });
});

describe("pricedLinesOfItems", () => {
  it("finds each order item's line by the checkout's order of the payment's snapshot", () => {
    const snapshot = [
      { productId: 9, variantId: 90, name: "B", brand: "x", quantity: 1, priceCents: 300 },
      { productId: 3, variantId: 30, name: "A", brand: "x", quantity: 2, priceCents: 500 },
    ];
    const breakdown = priceOrder({
      lines: snapshot.map((l, key) => ({
        key,
        productId: l.productId,
        categoryId: null,
        unitCents: l.priceCents,
        quantity: l.quantity,
        weightGrams: null,
      })),
      discount: null,
      shipping: null,
      taxRates: [],
      settings: { pricesIncludeTax: false, taxShipping: false },
    });
    // the checkout wrote product 3 first (item 11), then product 9 (item 12)
    const found = pricedLinesOfItems(
      [
        { id: 12, quantity: 1, priceCents: 300 },
        { id: 11, quantity: 2, priceCents: 500 },
      ],
      snapshot,
      breakdown,
    );
    expect(found.get(11)).toMatchObject({ key: 1, totalCents: 1000 });
    expect(found.get(12)).toMatchObject({ key: 0, totalCents: 300 });
  });

  it("prices an order from before the breakdown at its lines' sums", () => {
    const found = pricedLinesOfItems([{ id: 5, quantity: 2, priceCents: 700 }], null, null);
    expect(found.get(5)).toMatchObject({ totalCents: 1400, quantity: 2 });
  });
});
