import { useHydrated } from "remix-utils/use-hydrated";

/**
 * The hidden field that tells an action the form was sent with JavaScript on (`sentWithJs` in
 * app/web/actions.server.ts): it then answers with data for the page to show (optimistic UI, a toast) instead of a
 * redirect with a flash message. Rendered only once the page is hydrated, so a form posted without JavaScript lacks it.
 */
export function JsMarker() {
  return useHydrated() ? <input type="hidden" name="js" value="1" /> : null;
}
