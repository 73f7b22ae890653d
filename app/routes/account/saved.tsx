import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { endpoints } from "~/client/api.server";
import { GeneralErrorBoundary } from "~/components/layout/error-boundary";
import { Price } from "~/components/shop/price";
import { ProductImage } from "~/components/shop/product-image";
import { StockLabel } from "~/components/shop/stock-label";
import { pageTitle } from "~/lib/site";
import { MOVE_INTENT, SAVED_PATH, UNSAVE_INTENT } from "~/schemas/saved-constants";
import type { SavedItemDto } from "~/schemas/saved";
import { savedAction } from "~/web/saved.server";
import { requireAuth } from "~/web/guards.server";

export const meta: MetaFunction = () => [{ title: pageTitle("Saved items") }, { name: "robots", content: "noindex" }];

/** The Saved page (docs/decisions/0047-saved-items-and-related-products.md): the signed-in shopper's own list. */
export async function loader({ request }: LoaderFunctionArgs) {
  const auth = await requireAuth(request);
  const { data: list } = await auth.api(endpoints.saved.list, {});
  return { items: list.items, userId: auth.userId };
}

/** Every "Save for later" form posts here (cards, details, this page): save, remove, move to cart. */
export const action = ({ request }: ActionFunctionArgs) => savedAction(request);

function Note({ item }: { item: SavedItemDto }) {
  const notes = [
    item.priceDropped ? `Price dropped: was $${item.savedPrice.toFixed(2)} when you saved it.` : null,
    item.backInStock ? "Back in stock." : null,
  ].filter(Boolean);
  if (notes.length === 0) return null;
  return (
    <p className="text-sm font-semibold text-green-700" data-testid="saved-note">
      {notes.join(" ")}
    </p>
  );
}

export default function Saved() {
  const { items, userId } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-4xl space-y-6 px-4 py-8">
      <div>
        <Link to={`/user-profile/${userId}/profile`} className="text-sm font-medium text-brand-700 hover:underline">
          ← My Account
        </Link>
        <h1 className="mt-2 text-2xl font-bold text-slate-900">Saved items</h1>
      </div>
      {items.length === 0 ? (
        <p className="text-slate-600">
          Nothing saved yet. Use “Save for later” on a product to keep it here.{" "}
          <Link to="/products" className="font-semibold text-brand-700 hover:underline">
            Browse the products
          </Link>
        </p>
      ) : (
        <ul className="space-y-4" aria-label="Saved items">
          {items.map((item) => (
            <li
              key={item.productId}
              className="flex gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
              data-testid="saved-item"
            >
              <div className="w-24 shrink-0">
                <ProductImage image={item.product.images[0]} alt="" sizes="96px" />
              </div>
              <div className="min-w-0 flex-1 space-y-1">
                <p className="text-xs uppercase tracking-wide text-slate-500">{item.product.brand}</p>
                <h2 className="font-semibold text-slate-900">
                  <Link to={`/product/${item.productId}/details`} className="hover:underline">
                    {item.product.name}
                  </Link>
                </h2>
                <p className="flex items-center gap-3">
                  <Price value={item.product.price} />
                  <StockLabel inventory={item.product.inventory} />
                </p>
                <Note item={item} />
                <div className="flex flex-wrap gap-2 pt-2">
                  {item.product.options.length > 0 ? (
                    // a product with options: the shopper chooses the switch, colour or size on its page
                    <Link
                      to={`/product/${item.productId}/details`}
                      className="btn-primary text-sm"
                      aria-label={`Choose options: ${item.product.name}`}
                    >
                      Choose options
                    </Link>
                  ) : (
                    <Form method="post" action={SAVED_PATH}>
                      <input type="hidden" name="productId" value={item.productId} />
                      <button
                        type="submit"
                        name="intent"
                        value={MOVE_INTENT}
                        disabled={item.product.inventory <= 0}
                        className="btn-primary text-sm"
                        aria-label={`Move to cart: ${item.product.name}`}
                      >
                        Move to cart
                      </button>
                    </Form>
                  )}
                  <Form method="post" action={SAVED_PATH}>
                    <input type="hidden" name="productId" value={item.productId} />
                    <button
                      type="submit"
                      name="intent"
                      value={UNSAVE_INTENT}
                      className="btn-secondary text-sm"
                      aria-label={`Remove: ${item.product.name}`}
                    >
                      Remove
                    </button>
                  </Form>
                </div>
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
