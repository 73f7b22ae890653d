import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { priceOrder, refundOfShipping, refundOfUnits, type PricedLine } from "~/services/orders/pricing";
import { creditedReturnParts, pricedLinesOfItems } from "~/services/orders/return-money";

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

describe("creditedReturnParts (a return's credit note)", () => {
  const order = (included: boolean, shipping = true) =>
    priceOrder({
      lines: [
        { key: 0, productId: 1, categoryId: null, unitCents: 2999, quantity: 3, weightGrams: null },
        { key: 1, productId: 2, categoryId: null, unitCents: 1000, quantity: 2, weightGrams: null },
      ],
      discount: {
        code: "TEN",
        kind: "percent",
        value: 1000,
        minSubtotalCents: null,
        productIds: null,
        categoryIds: null,
      },
      shipping: shipping
        ? { methodId: 1, name: "Standard", rate: { kind: "flat", cents: 599 }, freeOverCents: null }
        : null,
      taxRates: [
        { name: "State tax", basisPoints: 725 },
        { name: "County tax", basisPoints: 100 },
      ],
      settings: { pricesIncludeTax: included, taxShipping: true },
    });

  it("lists the returned pieces with their discount and tax shares, adding up to what was refunded", () => {
    const breakdown = order(false);
    const priced = new Map(breakdown.lines.map((line) => [line.key + 10, line]));
    const refundCents = refundOfUnits(breakdown.lines[0]!, 0, 2);
    const parts = creditedReturnParts(
      priced,
      breakdown,
      false,
      breakdown.taxes,
      [{ orderItemId: 10, units: 2, before: 0, refundCents }],
      false,
    );
    expect(parts.lines).toEqual([{ orderItemId: 10, quantity: 2, unitCents: 2999, totalCents: 5998 }]);
    expect(parts.subtotalCents).toBe(5998);
    // 10% of the pieces' price, give or take the rounding the pricing spread
    expect(Math.abs(parts.discountCents - 600)).toBeLessThanOrEqual(1);
    expect(parts.shipping).toBeNull();
    expect(parts.taxes.map((tax) => tax.name)).toEqual(["State tax", "County tax"]);
    const tax = parts.taxes.reduce((sum, t) => sum + t.cents, 0);
    expect(tax).toBeGreaterThan(0);
    expect(parts.subtotalCents - parts.discountCents + tax).toBe(refundCents);
    expect(parts.totalCents).toBe(refundCents);
  });

  it("credits the shipping and its tax when the refund gave it back", () => {
    const breakdown = order(false);
    const priced = new Map(breakdown.lines.map((line) => [line.key, line]));
    const refundCents = refundOfUnits(breakdown.lines[1]!, 0, 2);
    const parts = creditedReturnParts(
      priced,
      breakdown,
      false,
      breakdown.taxes,
      [{ orderItemId: 1, units: 2, before: 0, refundCents }],
      true,
    );
    expect(parts.shipping).toEqual({ name: "Standard", cents: 599 });
    expect(parts.totalCents).toBe(refundCents + refundOfShipping(breakdown));
    const tax = parts.taxes.reduce((sum, t) => sum + t.cents, 0);
    expect(parts.subtotalCents - parts.discountCents + 599 + tax).toBe(parts.totalCents);
  });

  it("every return of an order, in any steps, credits the order's lines, discount and tax exactly", () => {
    fc.assert(
      fc.property(fc.boolean(), fc.array(fc.integer({ min: 1, max: 3 }), { maxLength: 6 }), (included, steps) => {
        const breakdown = order(included);
        const priced = new Map(breakdown.lines.map((line) => [line.key, line]));
        const before = new Map<number, number>();
        const sums = { subtotal: 0, discount: 0, tax: 0, total: 0 };
        const credit = (key: number, units: number, shipping: boolean) => {
          const done = before.get(key) ?? 0;
          const refundCents = refundOfUnits(priced.get(key)!, done, units);
          const parts = creditedReturnParts(
            priced,
            breakdown,
            included,
            breakdown.taxes,
            [{ orderItemId: key, units, before: done, refundCents }],
            shipping,
          );
          before.set(key, done + units);
          const tax = parts.taxes.reduce((sum, t) => sum + t.cents, 0);
          const shippingCents = parts.shipping?.cents ?? 0;
          expect(parts.discountCents).toBeGreaterThanOrEqual(0);
          expect(parts.subtotalCents - parts.discountCents + shippingCents + (included ? 0 : tax)).toBe(
            parts.totalCents,
          );
          sums.subtotal += parts.subtotalCents;
          sums.discount += parts.discountCents;
          sums.tax += tax;
          sums.total += parts.totalCents;
        };
        let shipped = false;
        for (const [index, step] of steps.entries()) {
          const key = index % 2;
          const units = Math.min(step, priced.get(key)!.quantity - (before.get(key) ?? 0));
          if (units > 0) {
            credit(key, units, !shipped);
            shipped = true;
          }
        }
        for (const key of [0, 1]) {
          const left = priced.get(key)!.quantity - (before.get(key) ?? 0);
          if (left > 0) {
            credit(key, left, !shipped);
            shipped = true;
          }
        }
        expect(sums).toEqual({
          subtotal: breakdown.subtotalCents,
          discount: breakdown.discountCents,
          tax: breakdown.taxCents,
          total: breakdown.totalCents,
        });
      }),
    );
  });
});
