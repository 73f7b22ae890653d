import { useFetchers, useNavigation } from "@remix-run/react";

/** Fetcher keys of the cart page's line forms: the navigation badge reads the pending ones to update at once. */
const CART_FETCHER_PREFIX = "cart-line-";
/** One per cart line: a line is one variant of a product. */
export const cartFetcherKey = (variantId: number) => `${CART_FETCHER_PREFIX}${variantId}`;

/** What a pending cart form will make of its line: a new quantity, or 0 when it is removed. */
function pendingLineChange(
  formData: FormData | undefined,
): { variantId: number; quantity: number; was: number } | null {
  if (!formData) return null;
  const intent = formData.get("intent");
  if (intent !== "update" && intent !== "remove") return null;
  const variantId = Number(formData.get("variantId"));
  const was = Number(formData.get("serverQuantity"));
  const quantity = intent === "remove" ? 0 : Number(formData.get("quantity"));
  return Number.isFinite(variantId) && Number.isFinite(quantity) && Number.isFinite(was)
    ? { variantId, quantity, was }
    : null;
}

/** The quantity each line will have once the cart forms in flight are done (variant id → quantity). */
export function usePendingLines(): Map<number, { quantity: number; was: number }> {
  const pending = new Map<number, { quantity: number; was: number }>();
  for (const fetcher of useFetchers()) {
    if (!fetcher.key.startsWith(CART_FETCHER_PREFIX)) continue;
    const change = pendingLineChange(fetcher.formData);
    if (change) pending.set(change.variantId, { quantity: change.quantity, was: change.was });
  }
  return pending;
}

/**
 * Whether any cart line's form is still on its way (sent, or the cart being reloaded after it): the checkout stays
 * closed until the server has saved what the optimistic lines show, or its loader could still see the old cart.
 */
export function useCartLinesBusy(): boolean {
  return useFetchers().some((fetcher) => fetcher.key.startsWith(CART_FETCHER_PREFIX) && fetcher.state !== "idle");
}

/** The badge's count with what is on its way: cart changes in flight and an 'Add to cart' being posted. */
export function useCartCount(serverCount: number) {
  const navigation = useNavigation();
  let count = serverCount;
  for (const { quantity, was } of usePendingLines().values()) count += quantity - was;
  const form = navigation.formData;
  if (form && navigation.formAction && /^\/product\/\d+\/details/.test(navigation.formAction)) {
    const quantity = Number(form.get("quantity") ?? 1);
    if (Number.isInteger(quantity) && quantity > 0) count += quantity;
  }
  return Math.max(0, count);
}
