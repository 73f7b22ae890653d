import { describe, expect, it } from "vitest";
import { centsToDollars, dollarsToCents, formatCents, formatPrice, lineTotal, sumPrices } from "~/lib/money";

describe("money", () => {
  it("converts between cents and dollars without floating-point drift", () => {
    expect(dollarsToCents(19.99)).toBe(1999);
    expect(dollarsToCents(0.1 + 0.2)).toBe(30);
    expect(centsToDollars(1999)).toBe(19.99);
    expect(centsToDollars(0)).toBe(0);
  });

  it("shows amounts as dollars with 2 decimals and thousands separators", () => {
    expect(formatPrice(1234.5)).toBe("$1,234.50");
    expect(formatPrice(0)).toBe("$0.00");
    expect(formatPrice(59.99)).toBe("$59.99");
  });

  it("multiplies and adds prices in cents, so a page's totals match the server's", () => {
    expect(lineTotal(0.1, 3)).toBe(0.3);
    expect(lineTotal(19.99, 3)).toBe(59.97);
    expect(sumPrices([0.1, 0.2])).toBe(0.3);
    expect(sumPrices([])).toBe(0);
    expect(formatCents(123450)).toBe("$1,234.50");
  });
});
