/** Integer cents to the API's dollars number (59.99). */
export function centsToDollars(cents: number): number {
  return Math.round(cents) / 100;
}

/** Dollars from a form or the API to integer cents, without floating-point drift (19.99 → 1999). */
export function dollarsToCents(dollars: number): number {
  return Math.round(dollars * 100);
}

const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", minimumFractionDigits: 2 });

/** $1,234.50 */
export function formatPrice(dollars: number): string {
  return usd.format(dollars);
}
