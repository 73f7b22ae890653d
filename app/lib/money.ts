// Money is integer cents inside the server (database, services, payments). Dollars exist only where a DTO is made
// (the API's contract has dollars), where a form or the API hands one in, and where a page shows one.

/** Integer cents to the API's dollars number (59.99): where a DTO is made. */
export function centsToDollars(cents: number): number {
  return Math.round(cents) / 100;
}

/** Dollars from a form or the API to integer cents, without floating-point drift (19.99 → 1999): where input comes in. */
export function dollarsToCents(dollars: number): number {
  return Math.round(dollars * 100);
}

/** A DTO's unit price times a quantity, in dollars, added up in cents (a page's line total). */
export function lineTotal(unitPrice: number, quantity: number): number {
  return centsToDollars(dollarsToCents(unitPrice) * quantity);
}

/** DTO prices added up in cents, in dollars (a page's total). */
export function sumPrices(prices: readonly number[]): number {
  return centsToDollars(prices.reduce((sum, price) => sum + dollarsToCents(price), 0));
}

const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", minimumFractionDigits: 2 });

/** $1,234.50 */
export function formatPrice(dollars: number): string {
  return usd.format(dollars);
}

/** $1,234.50 from cents: the server's messages about a payment. */
export function formatCents(cents: number): string {
  return formatPrice(centsToDollars(cents));
}
