// What "on sale" means, in one place (docs/decisions/0041-sale-prices.md): a variant whose compare-at price is above
// its price. A compare-at price at or below the price (left behind when the price was raised) is not shown.
import { dollarsToCents } from "./money";

/** The regular price to show struck through beside `price`, or null when the variant is not on sale. */
export function wasPrice({ price, compareAtPrice }: { price: number; compareAtPrice: number | null }): number | null {
  return compareAtPrice !== null && dollarsToCents(compareAtPrice) > dollarsToCents(price) ? compareAtPrice : null;
}
