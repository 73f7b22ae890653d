// The "Save for later" forms (docs/decisions/0047-saved-items-and-related-products.md): save, remove, move to cart.
// With JavaScript (a fetcher, js=1) the answer is data for the optimistic button; without, a 303 back to the page the
// form was on (a same-site path) with a toast.
import { redirect } from "@remix-run/node";
import { endpoints } from "~/client/api.server";
import { getAuth } from "~/client/auth.server";
import { safeRedirectPath } from "~/lib/safe-redirect";
import { MOVE_INTENT, SAVE_INTENT, SAVED_PATH, SavedIntentSchema } from "~/schemas/saved";
import { attempt, intentReply, outcomeReply, readForm } from "./actions.server";

export async function savedAction(request: Request) {
  const form = await readForm(request);
  const back = safeRedirectPath(typeof form.get("back") === "string" ? String(form.get("back")) : null, SAVED_PATH);
  const auth = await getAuth(request);
  if (!auth) return redirect(`/login?redirectTo=${encodeURIComponent(back)}`, { status: 303 });
  const parsed = SavedIntentSchema.safeParse({ intent: form.get("intent"), productId: form.get("productId") });
  if (!parsed.success) return intentReply(auth, form, back, { ok: false, message: "Please try again.", status: 400 });
  const { intent, productId } = parsed.data;
  const outcome = await attempt(
    intent === SAVE_INTENT
      ? auth.api(endpoints.saved.add, { body: { productId } })
      : intent === MOVE_INTENT
        ? auth.api(endpoints.saved.moveToCart, { params: { productId } })
        : auth.api(endpoints.saved.remove, { params: { productId } }),
  );
  return outcomeReply(auth, form, back, outcome);
}
