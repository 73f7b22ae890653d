import { redirect } from "@remix-run/node";
import { commitSession, getSession, type ShopSession, type Toast } from "./session.server";

/** A 303 to `to` carrying a toast in the session: the way a form posted without JavaScript gets its message. */
export async function redirectWithToast(
  request: Request,
  to: string,
  toast: Toast,
  session?: ShopSession,
  init: ResponseInit = {},
) {
  const current = session ?? (await getSession(request));
  current.flash("toast", toast);
  const headers = new Headers(init.headers);
  headers.append("Set-Cookie", await commitSession(request, current));
  return redirect(to, { ...init, status: 303, headers });
}

/** Reads and consumes the toast of the session (root loader). */
export async function takeToast(request: Request): Promise<{ toast: Toast | null; setCookie: string | null }> {
  const session = await getSession(request);
  const toast = session.get("toast") ?? null;
  return { toast, setCookie: toast ? await commitSession(request, session) : null };
}
