import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import type { ProductDto } from "~/schemas/catalogue";
import { Price } from "./price";
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

const SIZES = "(min-width: 1280px) 280px, (min-width: 1024px) 30vw, (min-width: 640px) 45vw, 90vw";

/**
 * A card of the listing: image, "name - description", price, stock and the 'Add to cart' link to the details (a
 * disabled 'Out of stock' when none is left; the picture still leads to the details).
 */
export function ProductCard({
  product,
  eager = false,
  extras,
}: {
  product: ProductDto;
  eager?: boolean;
  /** under the card: the admin's edit and delete */
  extras?: ReactNode;
}) {
  return (
    <article className="flex w-full flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm transition-shadow hover:shadow-md">
      <Link to={`/product/${product.id}/details`} tabIndex={-1} aria-hidden="true">
        <ProductImage image={product.images[0]} alt={product.name} sizes={SIZES} eager={eager} />
      </Link>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <p className="text-xs font-medium uppercase tracking-wide text-slate-500">{product.brand}</p>
        <h3 className="line-clamp-3 text-sm text-slate-700">
          <span className="font-semibold text-slate-900">{product.name}</span> - {product.description}
        </h3>
        <div className="mt-auto flex flex-wrap items-center justify-between gap-x-2 gap-y-1 pt-2">
          <Price value={product.price} className="text-lg" />
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

/** A card of the home grid: links to every product of that name (/products/{name}). */
export function DistinctProductCard({ product, eager = false }: { product: ProductDto; eager?: boolean }) {
  const href = `/products/${encodeURIComponent(product.name)}`;
  return (
    <article className="flex w-full flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm transition-shadow hover:shadow-md">
      <Link to={href} tabIndex={-1} aria-hidden="true">
        <ProductImage image={product.images[0]} alt={product.name} sizes={SIZES} eager={eager} />
      </Link>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <h3 className="font-semibold text-slate-900">{product.name}</h3>
        <p className="line-clamp-2 text-sm text-slate-600">{product.description}</p>
        <div className="mt-auto flex flex-wrap items-center justify-between gap-x-2 gap-y-1 pt-2">
          <Price value={product.price} className="text-lg" />
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
