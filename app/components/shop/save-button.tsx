import { useFetcher, useLocation } from "@remix-run/react";
import { useHydrated } from "remix-utils/use-hydrated";
import type * as Saved from "~/schemas/saved-constants";

// the constants, checked against ~/schemas/saved-constants by their types only: the listing's budget has no room for
// a chunk of their own (the module is shared with the Saved page)
const SAVE_INTENT: typeof Saved.SAVE_INTENT = "saved-add";
const UNSAVE_INTENT: typeof Saved.UNSAVE_INTENT = "saved-remove";
const SAVED_PATH: typeof Saved.SAVED_PATH = "/account/saved";

/** One fetcher per product (by key), shared by its form and its button, which may stand apart (the listing's cards). */
function useSave(productId: number, saved: boolean) {
  const fetcher = useFetcher({ key: `save-${productId}` });
  const sending = fetcher.formData?.get("intent");
  return { fetcher, isSaved: sending ? sending === SAVE_INTENT : saved };
}

interface Props {
  productId: number;
  name: string;
  saved: boolean;
}

/**
 * "Save for later" (docs/decisions/0047-saved-items-and-related-products.md): a plain form posting to the Saved
 * page's action, which sends the browser back here without JavaScript; with it, a fetcher shows the new state at once.
 * Only on signed-in pages (the anonymous catalogue pages are cached, one copy per URL, and carry no saved state).
 *
 * `detached`: the form's fields alone, hidden, and its button is a `SaveButton` elsewhere (`form=` ties them): a
 * listing card sits inside the listing's own GET form, where a form of its own would be dropped by the HTML parser.
 */
export function SaveForm({ detached = false, ...props }: Props & { detached?: boolean }) {
  const { fetcher } = useSave(props.productId, props.saved);
  const { pathname, search } = useLocation();
  return (
    <fetcher.Form id={`save-${props.productId}`} method="post" action={SAVED_PATH} hidden={detached} className="mt-2">
      <input type="hidden" name="productId" value={props.productId} />
      <input type="hidden" name="back" value={pathname + search} />
      {/* JsMarker's field, written here: the listing's budget has no room for that module's chunk */}
      {useHydrated() ? <input type="hidden" name="js" value="1" /> : null}
      {detached ? null : <SaveButton {...props} />}
    </fetcher.Form>
  );
}

/** The button of a product's `SaveForm`, wherever it stands. */
export function SaveButton({ productId, name, saved }: Props) {
  const { isSaved } = useSave(productId, saved);
  return (
    <button
      type="submit"
      form={`save-${productId}`}
      name="intent"
      value={isSaved ? UNSAVE_INTENT : SAVE_INTENT}
      aria-pressed={isSaved}
      aria-label={`${isSaved ? "Saved" : "Save for later"}: ${name}`}
      className="btn-secondary mt-2 w-full text-sm"
    >
      {isSaved ? "♥ Saved" : "♡ Save for later"}
    </button>
  );
}
