import { Link, useFetcher } from "@remix-run/react";
import { useRef, type ReactNode } from "react";
import { JsMarker } from "~/components/ui/js-marker";
import { Price, WasPrice } from "~/components/shop/price";
import { ProductImage } from "~/components/shop/product-image";
import { useFetcherKeyToasts } from "~/hooks/use-fetcher-toasts";
import { cartFetcherKey, useCartLinesBusy, usePendingLines } from "~/hooks/use-optimistic-cart";
import { beyondStock, CART_BEYOND_STOCK } from "~/schemas/cart-constants";
import type { CartDto, CartItemDto } from "~/schemas/cart";
import { lineTotal, sumPrices } from "~/lib/money";
import type { IntentReply } from "~/schemas/common";

type Reply = IntentReply;

/**
 * Shows the server's answer to one cart line's forms: errors always, and the message of a removal (a quantity change is
 * a quiet success). It lives in the cart view, not in the line, because a removed line leaves the page in the same
 * render that brings the answer.
 */
function LineReplyToast({ fetcherKey }: { fetcherKey: string }) {
  useFetcherKeyToasts(fetcherKey);
  return null;
}

/**
 * The cart's lines and its total with the way to the checkout. `beforeTotal` (the discount code, the shipping estimate)
 * comes between them, so a phone reaches it before the button that leaves the cart.
 */
export function CartView({ cart, userId, beforeTotal }: { cart: CartDto; userId: number; beforeTotal?: ReactNode }) {
  // every line ever shown keeps its answer listener, even after the line is gone
  const seen = useRef(new Set<string>());
  for (const item of cart.items) seen.current.add(cartFetcherKey(item.variantId));
  // optimistic: the lines as the pending forms will leave them
  const pending = usePendingLines();
  const lines = cart.items.map((item) => ({ item, quantity: pending.get(item.variantId)?.quantity ?? item.quantity }));
  const visible = lines.filter((line) => line.quantity > 0);
  const total = sumPrices(visible.map((line) => lineTotal(line.item.unitPrice, line.quantity)));
  // a line the stock cannot fill closes the checkout (as the lines will be once the forms in flight are done)
  const blocked = visible.some((line) => beyondStock({ quantity: line.quantity, inventory: line.item.inventory }));
  // and so does a change the server has not saved yet: the checkout's loader would still see the old cart
  const saving = useCartLinesBusy();

  return (
    <div className="mx-auto max-w-5xl px-4 py-8">
      {[...seen.current].map((key) => (
        <LineReplyToast key={key} fetcherKey={key} />
      ))}
      <h1 className="text-2xl font-bold text-slate-900">My Cart</h1>
      {visible.length === 0 ? (
        <div className="mt-8 rounded-xl border border-slate-200 bg-white p-10 text-center shadow-sm">
          <p className="text-lg font-semibold text-slate-900">Your cart is empty</p>
          <Link to="/products" className="btn-primary mt-6">
            Continue Shopping
          </Link>
        </div>
      ) : (
        <>
          <table className="mt-6 w-full border-separate border-spacing-0 text-left text-sm">
            <caption className="sr-only">Items in your cart</caption>
            <thead className="hidden md:table-header-group">
              <tr className="text-xs uppercase tracking-wide text-slate-500">
                <th scope="col" className="pb-2 font-semibold">
                  <span className="sr-only">Image</span>
                </th>
                <th scope="col" className="pb-2 font-semibold">
                  Name
                </th>
                <th scope="col" className="pb-2 font-semibold">
                  Brand
                </th>
                <th scope="col" className="pb-2 pr-3 text-right font-semibold">
                  Price
                </th>
                <th scope="col" className="pb-2 text-center font-semibold">
                  Quantity
                </th>
                <th scope="col" className="pb-2 pr-3 text-right font-semibold">
                  Total
                </th>
                <th scope="col" className="pb-2">
                  <span className="sr-only">Remove</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {lines.map(({ item, quantity }) => (
                <CartLine key={item.variantId} item={item} quantity={quantity} cartId={cart.cartId} />
              ))}
            </tbody>
          </table>
          {beforeTotal}
          <div className="mt-6 flex flex-col gap-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:flex-row sm:items-center sm:justify-between">
            <p className="text-lg">
              <span className="text-slate-600">Total: </span>
              <Price value={total} className="font-bold text-slate-900" />
              <span data-testid="cart-total" hidden>
                {total.toFixed(2)}
              </span>
            </p>
            <div className="flex flex-wrap gap-3">
              <Link to="/products" className="btn-secondary">
                Continue Shopping
              </Link>
              {/* a disabled button takes no focus: the reason is the visible text under it, not a description */}
              {blocked || saving ? (
                <button type="button" className={blocked ? "btn-unavailable" : "btn-primary"} disabled>
                  Proceed to Checkout
                </button>
              ) : (
                <Link to={`/checkout/${userId}/checkout`} className="btn-primary">
                  Proceed to Checkout
                </Link>
              )}
            </div>
          </div>
          {blocked ? (
            <p className="mt-3 text-sm font-medium text-red-700" data-testid="cart-blocked">
              {CART_BEYOND_STOCK}
            </p>
          ) : null}
        </>
      )}
    </div>
  );
}

function CartLine({ item, quantity, cartId }: { item: CartItemDto; quantity: number; cartId: number }) {
  const fetcher = useFetcher<Reply>({ key: cartFetcherKey(item.variantId) });
  const { product, inventory } = item;
  // the line's name in labels: the product, and its variant when it has options
  const name = item.variantLabel ? `${product.name} (${item.variantLabel})` : product.name;
  const total = lineTotal(item.unitPrice, quantity);

  const hidden = (
    <>
      <input type="hidden" name="cartId" value={cartId} />
      <input type="hidden" name="productId" value={item.itemId} />
      <input type="hidden" name="variantId" value={item.variantId} />
      <input type="hidden" name="serverQuantity" value={item.quantity} />
      <JsMarker />
    </>
  );
  const step =
    "inline-flex h-9 w-9 items-center justify-center text-lg font-semibold text-slate-700 hover:bg-slate-100 disabled:cursor-not-allowed disabled:opacity-40";
  // on a phone the row is a small grid with one rule under it; from md up, a table row with a rule per cell
  const cell = "md:table-cell md:border-b md:border-slate-200 md:py-3 md:align-middle";

  return (
    <tr
      hidden={quantity <= 0}
      // (the display classes would override the hidden attribute: a line on its way out has none)
      className={
        quantity <= 0
          ? "hidden"
          : "grid grid-cols-[4.5rem_1fr_auto] items-center gap-x-3 gap-y-1.5 border-b border-slate-200 py-3 md:table-row md:py-0"
      }
      data-testid="cart-line"
    >
      {/* the cell and the link have the picture's size: without JavaScript its source is a 1 px placeholder, and a
          table cell shrinks to its content */}
      <td className={`${cell} row-span-3 self-start md:w-[84px] md:pr-3`}>
        <Link
          to={`/product/${product.id}/details`}
          tabIndex={-1}
          aria-hidden="true"
          className="block h-[72px] w-[72px]"
        >
          <ProductImage
            image={product.images[0]}
            alt={product.name}
            sizes="72px"
            width={200}
            className="h-[72px] w-[72px] rounded-lg object-cover"
          />
        </Link>
      </td>
      <td className={`${cell} col-span-2 md:pr-3`}>
        <Link to={`/product/${product.id}/details`} className="font-semibold text-slate-900 hover:underline">
          {product.name}
        </Link>
        {item.variantLabel ? (
          <span className="block text-xs text-slate-600" data-testid="line-variant">
            {item.variantLabel}
          </span>
        ) : null}
        <span className="block text-xs text-slate-500 md:hidden">
          {product.brand} · <Price value={item.unitPrice} />{" "}
          <WasPrice value={item.compareAtPrice} className="text-xs" />
        </span>
      </td>
      <td className={`${cell} hidden text-slate-600 md:pr-3`}>{product.brand}</td>
      <td className={`${cell} hidden text-right md:pr-3`}>
        <Price value={item.unitPrice} />
        <WasPrice value={item.compareAtPrice} className="block text-xs" />
      </td>
      <td className={`${cell} md:px-3 md:text-center`}>
        <fetcher.Form
          method="post"
          className="inline-flex items-center overflow-hidden rounded-lg border border-slate-300 bg-white"
          preventScrollReset
        >
          {hidden}
          <input type="hidden" name="intent" value="update" />
          <button
            type="submit"
            name="quantity"
            value={quantity - 1}
            disabled={quantity <= 1}
            className={step}
            aria-label={`Decrease quantity of ${name}`}
          >
            −
          </button>
          <output
            aria-live="polite"
            aria-label={`Quantity of ${name}`}
            className="w-10 text-center font-semibold"
            data-testid="line-quantity"
          >
            {quantity}
          </output>
          <button
            type="submit"
            name="quantity"
            value={quantity + 1}
            disabled={quantity >= inventory}
            className={step}
            aria-label={`Increase quantity of ${name}`}
          >
            +
          </button>
        </fetcher.Form>
        {beyondStock({ quantity, inventory }) ? (
          <div className="mt-1 text-xs text-red-700" data-testid="line-stock">
            {inventory > 0 ? (
              <fetcher.Form
                method="post"
                preventScrollReset
                className="flex flex-wrap items-center gap-x-2 md:justify-center"
              >
                {hidden}
                <input type="hidden" name="intent" value="update" />
                <span>Only {inventory} left in stock</span>
                <button
                  type="submit"
                  name="quantity"
                  value={inventory}
                  className="inline-flex min-h-6 items-center font-semibold text-brand-700 underline hover:text-brand-900"
                  aria-label={`Reduce ${name} to ${inventory}`}
                >
                  Reduce to {inventory}
                </button>
              </fetcher.Form>
            ) : (
              <span>Out of stock: please remove it</span>
            )}
          </div>
        ) : null}
      </td>
      <td className={`${cell} text-right font-semibold md:pr-3`} data-testid="line-total">
        <Price value={total} />
      </td>
      <td className={`${cell} col-start-2 md:text-right`}>
        <fetcher.Form method="post" preventScrollReset>
          {hidden}
          <input type="hidden" name="intent" value="remove" />
          <button
            type="submit"
            className="text-sm font-medium text-red-700 hover:underline"
            aria-label={`Remove ${name}`}
          >
            Remove
          </button>
        </fetcher.Form>
      </td>
    </tr>
  );
}
