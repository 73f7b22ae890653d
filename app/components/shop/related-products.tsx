import { Link } from "@remix-run/react";
import type { ProductDto } from "~/schemas/catalogue";
import { Price } from "./price";
import { ProductImage } from "./product-image";

const SIZES = "(min-width: 1024px) 240px, (min-width: 640px) 25vw, 50vw";

/**
 * "Goes well with" (docs/decisions/0047-saved-items-and-related-products.md): products bought together with this one
 * (or the cart's), then of its category and brand; links rendered on the server, no JavaScript needed.
 */
export function RelatedProducts({ products, id = "related" }: { products: ProductDto[]; id?: string }) {
  if (products.length === 0) return null;
  return (
    <section aria-labelledby={id} className="mt-10" data-testid="related-products">
      <h2 id={id} className="text-xl font-bold text-slate-900">
        Goes well with
      </h2>
      <ul className="mt-4 grid grid-cols-2 gap-4 sm:grid-cols-4">
        {products.map((product) => (
          <li
            key={product.id}
            className="min-w-0 rounded-xl border border-slate-200 bg-white p-3 shadow-sm [overflow-wrap:anywhere]"
          >
            <Link to={`/product/${product.id}/details`} className="block hover:underline">
              <ProductImage image={product.images[0]} alt="" sizes={SIZES} />
              <span className="mt-2 block text-xs uppercase tracking-wide text-slate-500">{product.brand}</span>
              <span className="block text-sm font-semibold text-slate-900">{product.name}</span>
            </Link>
            <Price value={product.price} className="text-sm" />
          </li>
        ))}
      </ul>
    </section>
  );
}
