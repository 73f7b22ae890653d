import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import type { Rating } from "~/schemas/review-constants";
import { formatPrice } from "~/lib/money";
import type { DealCardData, ProductCardData } from "~/lib/product-card";
import { Price, WasPrice } from "./price";
import { ProductImage } from "./product-image";
import { StockLabel } from "./stock-label";

/** Instead of the card's link when nothing is left to buy: no way into a form that can only refuse. */
function SoldOut({ name }: { name: string }) {
  return (
    <button type="button" disabled className="btn-unavailable mt-2 w-full" aria-label={`Out of stock: ${name}`}>
      Out of stock
    </button>
  );
}

/**
 * A card's rating, only when the product has published reviews: stars as characters and the count, plain markup and
 * no module of its own, for the listing's JavaScript budget (docs/decisions/0045-reviews.md).
 */
function CardRating({ rating: { average, count } }: { rating: Rating }) {
  if (!average) return null;
  const n = Math.round(average);
  return (
    <p className="text-xs text-slate-600" role="img" aria-label={`Rated ${average}/5, ${count} reviews`}>
      <span className="text-amber-500">{"★".repeat(n)}</span>
      {"☆".repeat(5 - n)} ({count})
    </p>
  );
}

/**
 * The two card grids, and the width of a card's picture in each at every breakpoint for `sizes` (the columns, less
 * the page's 2 × 16 px padding, the gaps, the sidebar on the listing and the card's 2 px of border). On a phone of
 * 2.5 dppx or more the width said is 0.8 of the real one, so that the picture gets about 2.4 device pixels per CSS
 * pixel at most: a 360 px phone at DPR 2 or 3 takes the 400w variant (4 kB for the demo's), not the 800w (12 kB),
 * which looks the same on such a screen. tests/e2e/images.spec.ts compares the widths with the layout.
 */
const PHONE_CARD = "(min-resolution: 2.5dppx) calc((50vw - 24px) * 0.8), calc(50vw - 24px)";
export const HOME_GRID = {
  className: "grid grid-cols-2 gap-3 sm:gap-5 md:grid-cols-3 lg:grid-cols-4",
  sizes:
    "(min-width: 1280px) 295px, (min-width: 1024px) calc(25vw - 25px), (min-width: 768px) calc(33.33vw - 26px), " +
    `(min-width: 640px) calc(50vw - 28px), ${PHONE_CARD}`,
};
/** beside the 16rem filter sidebar from lg (app/components/listing/product-listing.tsx) */
export const LISTING_GRID = {
  className: "grid grid-cols-2 gap-3 sm:gap-5 xl:grid-cols-3",
  sizes: `(min-width: 1280px) 307px, (min-width: 1024px) calc(50vw - 168px), (min-width: 640px) calc(50vw - 28px), ${PHONE_CARD}`,
};

/**
 * A card of the listing: image, "name - description", price, stock and the 'Add to cart' link to the details (a
 * disabled 'Out of stock' when none is left; the picture still leads to the details). Its heading is an h2, under
 * the listing's h1. `priority`: a card of the first row, where the page's largest picture is.
 */
export function ProductCard({
  product,
  priority = false,
  extras,
}: {
  product: ProductCardData;
  priority?: boolean;
  /** under the card: the admin's edit and delete */
  extras?: ReactNode;
}) {
  return (
    <article className="flex w-full flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm transition-shadow hover:shadow-md">
      <Link to={`/product/${product.id}/details`} tabIndex={-1} aria-hidden="true">
        <ProductImage image={product.image} alt={product.name} sizes={LISTING_GRID.sizes} priority={priority} />
      </Link>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <p className="text-xs font-medium uppercase tracking-wide text-slate-500">{product.brand}</p>
        <h2 className="line-clamp-3 text-sm text-slate-700">
          <span className="font-semibold text-slate-900">{product.name}</span> - {product.description}
        </h2>
        <CardRating rating={product.rating} />
        <div className="mt-auto flex flex-wrap items-center justify-between gap-x-2 gap-y-1 pt-2">
          <CardPrice product={product} />
          <StockLabel inventory={product.inventory} />
        </div>
        {product.inventory > 0 ? (
          <Link
            to={`/product/${product.id}/details`}
            className="btn-primary mt-2 w-full"
            aria-label={`Add to cart: ${product.name}`}
          >
            Add to cart
          </Link>
        ) : (
          <SoldOut name={product.name} />
        )}
        {extras}
      </div>
    </article>
  );
}

/**
 * A card of the home grid: links to every product of that name (/products/{name}). Its picture is lazy: the hero's
 * first slide is the page's largest picture.
 */
export function DistinctProductCard({ product }: { product: ProductCardData }) {
  const href = `/products/${encodeURIComponent(product.name)}`;
  return (
    <article className="flex w-full flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm transition-shadow hover:shadow-md">
      <Link to={href} tabIndex={-1} aria-hidden="true">
        <ProductImage image={product.image} alt={product.name} sizes={HOME_GRID.sizes} />
      </Link>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <h3 className="font-semibold text-slate-900">{product.name}</h3>
        <p className="line-clamp-2 text-sm text-slate-600">{product.description}</p>
        <div className="mt-auto flex flex-wrap items-center justify-between gap-x-2 gap-y-1 pt-2">
          <CardPrice product={product} />
          <StockLabel inventory={product.inventory} />
        </div>
        {product.inventory > 0 ? (
          <Link to={href} className="btn-primary mt-2 w-full" aria-label={`Shop now: ${product.name}`}>
            Shop now
          </Link>
        ) : (
          <SoldOut name={product.name} />
        )}
      </div>
    </article>
  );
}

/**
 * A card of the home's Today's Deals: the product on sale, its price beside the regular one and the saving, linking to
 * its details. Its picture is lazy, as the home grid's.
 */
export function DealCard({ product }: { product: DealCardData }) {
  const href = `/product/${product.id}/details`;
  const { saving } = product;
  return (
    <article
      className="flex w-full flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm transition-shadow hover:shadow-md"
      data-testid="deal-card"
    >
      <Link to={href} tabIndex={-1} aria-hidden="true">
        <ProductImage image={product.image} alt={product.name} sizes={HOME_GRID.sizes} />
      </Link>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <p className="text-xs font-medium uppercase tracking-wide text-slate-500">{product.brand}</p>
        <h3 className="font-semibold text-slate-900">{product.name}</h3>
        <CardRating rating={product.rating} />
        {saving > 0 ? (
          <p className="text-sm font-semibold text-red-700">
            Save {product.savingUpTo ? "up to " : ""}
            {formatPrice(saving)}
          </p>
        ) : null}
        <div className="mt-auto flex flex-wrap items-center justify-between gap-x-2 gap-y-1 pt-2">
          <CardPrice product={product} />
          <StockLabel inventory={product.inventory} />
        </div>
        <Link to={href} className="btn-primary mt-2 w-full" aria-label={`View deal: ${product.name}`}>
          View deal
        </Link>
      </div>
    </article>
  );
}

/**
 * The card's price: "from $X" when its variants differ in price, and "was $Y" beside it when on sale (which variants
 * count: app/lib/product-card.ts).
 */
function CardPrice({ product }: { product: ProductCardData }) {
  return (
    <span className="text-lg">
      {product.priceFrom ? <span className="text-sm font-normal text-slate-600">from </span> : null}
      <Price value={product.price} /> <WasPrice value={product.wasPrice} />
    </span>
  );
}
