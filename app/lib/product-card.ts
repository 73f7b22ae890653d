// What a product card shows, taken from the API's product on the server: the pages send the browser only what their
// cards render (docs/decisions/0049-cards-send-what-they-render.md). A listing's product carries every variant,
// option, image and the whole description; its card needs a picture, a few words and one price.
import type { ImageDto, ListedProductDto, ProductDto, VariantDto } from "~/schemas/catalogue";
import type { Rating } from "~/schemas/review-constants";
import { centsToDollars, dollarsToCents } from "./money";
import { wasPrice } from "./sale";

/** What a card's picture needs (app/components/shop/product-image.tsx). */
export type CardImage = Pick<ImageDto, "downloadUrl" | "version" | "width" | "height">;

export interface ProductCardData {
  id: number;
  name: string;
  brand: string;
  /** the description's first words: a card shows three lines at most (the whole is on the details page) */
  description: string;
  image: CardImage | null;
  rating: Rating;
  inventory: number;
  /** the lowest price of the variants the card speaks for */
  price: number;
  /** those variants differ in price: "from $X" */
  priceFrom: boolean;
  /** the regular price struck through beside `price` (the highest among the variants at that price on sale), or null */
  wasPrice: number | null;
}

export interface DealCardData extends ProductCardData {
  /** the biggest saving of the product's variants on sale and in stock, in dollars (0: none) */
  saving: number;
  /** the variants on sale save different amounts: "Save up to $X" */
  savingUpTo: boolean;
}

/**
 * As much of a description as three lines of the widest card hold (about 70 characters a line), cut at a word:
 * the card clamps what it shows with CSS, so the rest was sent and never seen.
 */
export const CARD_DESCRIPTION_CHARACTERS = 240;

export function cardDescription(description: string): string {
  const characters = [...description];
  if (characters.length <= CARD_DESCRIPTION_CHARACTERS) return description;
  // by code points, so that no emoji or other character outside the basic plane is cut in two
  const cut = characters.slice(0, CARD_DESCRIPTION_CHARACTERS).join("");
  const space = Math.max(...[...cut.matchAll(/\s/g)].map((match) => match.index), -1);
  return `${(space > cut.length / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** The variants a card speaks for: those that matched the listing's filters, else all. */
export function cardVariants(product: ListedProductDto): VariantDto[] {
  const matched = product.matchedVariantIds;
  const variants = matched ? product.variants.filter((variant) => matched.includes(variant.id)) : [];
  return variants.length > 0 ? variants : product.variants;
}

/** The highest regular price among the variants at `price` that are on sale, or null. */
export function cardWasPrice(variants: VariantDto[], price: number): number | null {
  const regular = variants
    .filter((variant) => variant.price === price)
    .map(wasPrice)
    .filter((value) => value !== null);
  return regular.length > 0 ? Math.max(...regular) : null;
}

/**
 * A listing's or the home grid's card of a product: "from $X" (the lowest) when the variants it speaks for differ in
 * price, "was $Y" beside it when a variant at that price is on sale. In a listing filtered by price, stock or option,
 * only the variants that matched count: a keyboard found by $80–$120 says "$100", not "from $50".
 */
export function productCard(product: ListedProductDto): ProductCardData {
  const variants = cardVariants(product);
  const prices = variants.map((variant) => variant.price);
  const lowest = prices.length > 0 ? Math.min(...prices) : product.price;
  const [image] = product.images;
  return {
    id: product.id,
    name: product.name,
    brand: product.brand,
    description: cardDescription(product.description),
    image: image
      ? { downloadUrl: image.downloadUrl, version: image.version, width: image.width, height: image.height }
      : null,
    rating: product.rating,
    inventory: product.inventory,
    price: lowest,
    priceFrom: new Set(prices).size > 1,
    wasPrice: cardWasPrice(variants, lowest),
  };
}

/** A card of Today's Deals: a product's card and the saving of its variants on sale and in stock. */
export function dealCard(product: ProductDto): DealCardData {
  const savings = product.variants.flatMap((variant) => {
    const regular = wasPrice(variant);
    return regular === null || variant.inventory === 0
      ? []
      : [centsToDollars(dollarsToCents(regular) - dollarsToCents(variant.price))];
  });
  return { ...productCard(product), saving: Math.max(0, ...savings), savingUpTo: new Set(savings).size > 1 };
}
