import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  mulDivHalfUp,
  priceOrder,
  refundOfLines,
  spread,
  type PricingDiscount,
  type PricingInput,
  type PricingLine,
} from "~/services/orders/pricing";

const line = (key: number, unitCents: number, quantity = 1, extra: Partial<PricingLine> = {}): PricingLine => ({
  key,
  productId: key,
  categoryId: 1,
  unitCents,
  quantity,
  weightGrams: null,
  ...extra,
});
const plain: PricingInput = {
  lines: [],
  discount: null,
  shipping: null,
  taxRates: [],
  settings: { pricesIncludeTax: false, taxShipping: false },
};
const code = (extra: Partial<PricingDiscount>): PricingDiscount => ({
  code: "LAUNCH",
  kind: "percent",
  value: 1000,
  minSubtotalCents: null,
  productIds: null,
  categoryIds: null,
  ...extra,
});

describe("rounding helpers", () => {
  it("rounds a half cent up, and only a half or more", () => {
    expect(mulDivHalfUp(1999, 1900, 11_900)).toBe(319); // 319.17
    expect(mulDivHalfUp(250, 1, 100)).toBe(3); // 2.5
    expect(mulDivHalfUp(249, 1, 100)).toBe(2);
    expect(mulDivHalfUp(10 ** 12, 10 ** 6, 7)).toBe(Math.round(10 ** 18 / 7)); // past 2^53 on the way
  });

  it("spreads an amount exactly, by the largest remainders", () => {
    expect(spread(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(spread(5, [0, 10, 0])).toEqual([0, 5, 0]);
    expect(spread(0, [0, 0])).toEqual([0, 0]);
    expect(() => spread(1, [0])).toThrow();
  });
});

describe("the price of an order", () => {
  it("with nothing set is the lines' sum, as before", () => {
    const price = priceOrder({ ...plain, lines: [line(1, 1999, 2), line(2, 500)] });
    expect(price).toMatchObject({
      subtotalCents: 4498,
      discountCents: 0,
      taxCents: 0,
      totalCents: 4498,
      shipping: null,
    });
    expect(price.lines.map((l) => l.totalCents)).toEqual([3998, 500]);
  });

  it("takes a percent code off the eligible lines only, spread over them", () => {
    const price = priceOrder({
      ...plain,
      lines: [line(1, 1000, 1, { categoryId: 7 }), line(2, 3333, 1, { categoryId: 7 }), line(3, 5000)],
      discount: code({ value: 1500, categoryIds: [7] }),
    });
    expect(price.discountCents).toBe(650); // 15% of 43.33 = 6.4995 → 6.50
    expect(price.lines.map((l) => l.discountCents)).toEqual([150, 500, 0]);
    expect(price.totalCents).toBe(9333 - 650);
  });

  it("never takes more than the lines it applies to, and says why a code gives nothing", () => {
    expect(
      priceOrder({ ...plain, lines: [line(1, 800)], discount: code({ kind: "fixed", value: 1000 }) }).totalCents,
    ).toBe(0);
    const short = priceOrder({ ...plain, lines: [line(1, 800)], discount: code({ minSubtotalCents: 5000 }) });
    expect(short).toMatchObject({ discountCents: 0, discount: null, discountRefused: { reason: "min_subtotal" } });
    const elsewhere = priceOrder({ ...plain, lines: [line(1, 800)], discount: code({ productIds: [99] }) });
    expect(elsewhere.discountRefused).toEqual({ reason: "no_eligible_lines" });
  });

  it("prices shipping flat, by subtotal band, by weight, free over a threshold or with a code", () => {
    const lines = [line(1, 2000, 2, { weightGrams: 600 })];
    const ship = (rate: NonNullable<PricingInput["shipping"]>["rate"], freeOverCents: number | null = null) =>
      priceOrder({ ...plain, lines, shipping: { methodId: 1, name: "Standard", rate, freeOverCents } });
    expect(ship({ kind: "flat", cents: 499 }).totalCents).toBe(4499);
    const bands = {
      kind: "subtotal" as const,
      bands: [
        { fromCents: 0, cents: 799 },
        { fromCents: 3000, cents: 299 },
      ],
    };
    expect(ship(bands).shipping?.cents).toBe(299);
    const weight = {
      kind: "weight" as const,
      bands: [
        { upToGrams: 1000, cents: 500 },
        { upToGrams: 2000, cents: 900 },
      ],
    };
    expect(ship(weight).shipping?.cents).toBe(900); // 1,200 g
    expect(ship({ kind: "weight", bands: [{ upToGrams: 1000, cents: 500 }] }).shippingUnavailable).toBe(true);
    expect(ship({ kind: "flat", cents: 499 }, 4000).shipping?.cents).toBe(0);
    const freeCode = priceOrder({
      ...plain,
      lines,
      discount: code({ kind: "free_shipping", value: 0 }),
      shipping: { methodId: 1, name: "Standard", rate: { kind: "flat", cents: 499 }, freeOverCents: null },
    });
    expect(freeCode).toMatchObject({ totalCents: 4000, discount: { code: "LAUNCH", kind: "free_shipping" } });
  });

  it("adds sales tax on top, or says the VAT a price includes", () => {
    const us = priceOrder({
      ...plain,
      lines: [line(1, 1999)],
      taxRates: [{ name: "Sales tax (WA)", basisPoints: 650 }],
    });
    expect(us).toMatchObject({ taxCents: 130, taxIncluded: false, totalCents: 2129 }); // 129.935 → 130
    const eu = priceOrder({
      ...plain,
      lines: [line(1, 1999)],
      taxRates: [{ name: "VAT", basisPoints: 1900 }],
      settings: { pricesIncludeTax: true, taxShipping: true },
    });
    expect(eu).toMatchObject({ taxCents: 319, taxIncluded: true, totalCents: 1999 }); // incl. 19% VAT $3.19
  });

  it("taxes shipping when the shop says so", () => {
    const price = priceOrder({
      ...plain,
      lines: [line(1, 1000)],
      shipping: { methodId: 1, name: "Express", rate: { kind: "flat", cents: 1000 }, freeOverCents: null },
      taxRates: [{ name: "VAT", basisPoints: 2000 }],
      settings: { pricesIncludeTax: false, taxShipping: true },
    });
    expect(price).toMatchObject({ taxCents: 400, totalCents: 2400, shipping: { cents: 1000, taxCents: 200 } });
  });
});

const lineArb = fc.record({
  unitCents: fc.integer({ min: 0, max: 100_000_000 }),
  quantity: fc.integer({ min: 1, max: 99 }),
  categoryId: fc.constantFrom(1, 2, null),
  weightGrams: fc.option(fc.integer({ min: 0, max: 50_000 })),
});
const inputArb: fc.Arbitrary<PricingInput> = fc.record({
  lines: fc
    .array(lineArb, { minLength: 1, maxLength: 8 })
    .map((lines) => lines.map((l, i) => ({ ...l, key: i + 1, productId: i + 1 }))),
  discount: fc.option(
    fc.record({
      code: fc.constant("CODE"),
      kind: fc.constantFrom("percent" as const, "fixed" as const, "free_shipping" as const),
      value: fc.integer({ min: 0, max: 2_000_000 }),
      minSubtotalCents: fc.option(fc.integer({ min: 0, max: 100_000 })),
      productIds: fc.option(fc.array(fc.integer({ min: 1, max: 8 }), { maxLength: 3 })),
      categoryIds: fc.option(fc.array(fc.constantFrom(1, 2), { maxLength: 2 })),
    }),
  ),
  shipping: fc.option(
    fc.record({
      methodId: fc.constant(1),
      name: fc.constant("Standard"),
      rate: fc.oneof(
        fc.record({ kind: fc.constant("flat" as const), cents: fc.integer({ min: 0, max: 10_000 }) }),
        fc.record({
          kind: fc.constant("subtotal" as const),
          bands: fc.array(fc.record({ fromCents: fc.nat(100_000), cents: fc.nat(10_000) }), { minLength: 1 }),
        }),
        fc.record({
          kind: fc.constant("weight" as const),
          bands: fc.array(fc.record({ upToGrams: fc.nat(100_000), cents: fc.nat(10_000) }), { minLength: 1 }),
        }),
      ),
      freeOverCents: fc.option(fc.nat(200_000)),
    }),
  ),
  taxRates: fc.array(
    fc.record({ name: fc.constantFrom("VAT", "GST", "PST"), basisPoints: fc.integer({ min: 0, max: 2700 }) }),
    { maxLength: 2 },
  ),
  settings: fc.record({ pricesIncludeTax: fc.boolean(), taxShipping: fc.boolean() }),
});

describe("the price of an order, for any cart", () => {
  it("is never negative, and its parts add up to it", () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const p = priceOrder(input);
        const sum = (ns: number[]) => ns.reduce((a, b) => a + b, 0);
        const shipping = p.shipping?.cents ?? 0;
        expect(p.totalCents).toBeGreaterThanOrEqual(0);
        expect(p.totalCents).toBe(p.subtotalCents - p.discountCents + shipping + (p.taxIncluded ? 0 : p.taxCents));
        expect(sum(p.lines.map((l) => l.discountCents))).toBe(p.discountCents);
        expect(sum(p.lines.map((l) => l.taxCents)) + (p.shipping?.taxCents ?? 0)).toBe(p.taxCents);
        expect(sum(p.taxes.map((t) => t.cents))).toBe(p.taxCents);
        expect(
          sum(p.lines.map((l) => l.totalCents)) + shipping + (p.taxIncluded ? 0 : (p.shipping?.taxCents ?? 0)),
        ).toBe(p.totalCents);
        for (const l of p.lines) {
          expect(l.discountCents).toBeGreaterThanOrEqual(0);
          expect(l.discountCents).toBeLessThanOrEqual(l.subtotalCents);
          expect(l.taxCents).toBeGreaterThanOrEqual(0);
        }
      }),
      { numRuns: 300 },
    );
  });

  it("never discounts more than the lines the code applies to", () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const p = priceOrder(input);
        const d = input.discount;
        const eligibleCents = input.lines
          .filter(
            (l) =>
              !d ||
              (!d.productIds && !d.categoryIds) ||
              d.productIds?.includes(l.productId) ||
              (l.categoryId !== null && d.categoryIds?.includes(l.categoryId)),
          )
          .reduce((sum, l) => sum + l.unitCents * l.quantity, 0);
        expect(p.discountCents).toBeLessThanOrEqual(eligibleCents);
      }),
      { numRuns: 300 },
    );
  });

  it("refunded line by line, in any order and grouping, gives back the total to the cent", () => {
    fc.assert(
      fc.property(
        inputArb.chain((input) =>
          fc.tuple(
            fc.constant(input),
            fc.shuffledSubarray(
              input.lines.map((l) => l.key),
              { minLength: input.lines.length },
            ),
          ),
        ),
        fc.integer({ min: 1, max: 3 }),
        ([input, order], group) => {
          const p = priceOrder(input);
          let refunded: number[] = [];
          let back = 0;
          for (let i = 0; i < order.length; i += group) {
            const now = order.slice(i, i + group);
            back += refundOfLines(p, refunded, now);
            refunded = [...refunded, ...now];
          }
          expect(back).toBe(p.totalCents);
        },
      ),
      { numRuns: 300 },
    );
  });

  it("gives the same tax, to a cent a line, whether prices include it or it is added", () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 1_000_000 }), { minLength: 1, maxLength: 6 }),
        fc.integer({ min: 1, max: 2700 }),
        (nets, basisPoints) => {
          const rate = [{ name: "VAT", basisPoints }];
          const net = priceOrder({ ...plain, lines: nets.map((n, i) => line(i + 1, n)), taxRates: rate });
          const grossLines = nets.map((n, i) => line(i + 1, n + mulDivHalfUp(n, basisPoints, 10_000)));
          const gross = priceOrder({
            ...plain,
            lines: grossLines,
            taxRates: rate,
            settings: { pricesIncludeTax: true, taxShipping: false },
          });
          expect(Math.abs(gross.taxCents - net.taxCents)).toBeLessThanOrEqual(nets.length);
          expect(Math.abs(gross.totalCents - net.totalCents)).toBeLessThanOrEqual(nets.length);
        },
      ),
      { numRuns: 300 },
    );
  });
});
