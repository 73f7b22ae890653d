import { redirect } from "@remix-run/node";
import { flashToast, type Toast } from "./session.server";

/** A 303 to `to` carrying a toast for the next page: the way a form posted without JavaScript gets its message. */
export async function redirectWithToast(request: Request, to: string, toast: Toast, init: ResponseInit = {}) {
  await flashToast(request, toast);
  return redirect(to, { ...init, status: 303 });
}
