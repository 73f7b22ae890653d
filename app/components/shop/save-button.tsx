import { useFetcher, useLocation } from "@remix-run/react";
import { JsMarker } from "~/components/ui/js-marker";
import { SAVE_INTENT, SAVED_PATH, UNSAVE_INTENT } from "~/schemas/saved-constants";

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
      <JsMarker />
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
