import { useFetcher, useLocation } from "@remix-run/react";
import { useHydrated } from "remix-utils/use-hydrated";
import type * as Saved from "~/schemas/saved-constants";

// the constants, checked against ~/schemas/saved-constants by their types only: the listing's budget has no room for
// a chunk of their own (the module is shared with the Saved page)
const SAVE_INTENT: typeof Saved.SAVE_INTENT = "saved-add";
const UNSAVE_INTENT: typeof Saved.UNSAVE_INTENT = "saved-remove";
const SAVED_PATH: typeof Saved.SAVED_PATH = "/account/saved";

/**
 * "Save for later" (docs/decisions/0047-saved-items-and-related-products.md): a plain form posting to the Saved
 * page's action, which sends the browser back here without JavaScript; with it, a fetcher shows the new state at once.
 * Only on signed-in pages (the anonymous catalogue pages are cached, one copy per URL, and carry no saved state).
 */
export function SaveButton({ productId, name, saved }: { productId: number; name: string; saved: boolean }) {
  const fetcher = useFetcher();
  const { pathname, search } = useLocation();
  const sending = fetcher.formData?.get("intent");
  const isSaved = sending ? sending === SAVE_INTENT : saved;
  return (
    <fetcher.Form method="post" action={SAVED_PATH} className="mt-2">
      <input type="hidden" name="productId" value={productId} />
      <input type="hidden" name="back" value={pathname + search} />
      {/* JsMarker's field, written here: the listing's budget has no room for that module's chunk */}
      {useHydrated() ? <input type="hidden" name="js" value="1" /> : null}
      <button
        type="submit"
        name="intent"
        value={isSaved ? UNSAVE_INTENT : SAVE_INTENT}
        aria-pressed={isSaved}
        aria-label={`${isSaved ? "Saved" : "Save for later"}: ${name}`}
        className="btn-secondary w-full text-sm"
      >
        {isSaved ? "♥ Saved" : "♡ Save for later"}
      </button>
    </fetcher.Form>
  );
}
