import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { apiLogout } from "~/client/auth.server";
import { destroySession, getSession } from "~/client/session.server";
import { createLogger } from "~/lib/log.server";

/** POST only: revokes the refresh token through the API, clears the session, goes to /. */
export async function action({ request }: ActionFunctionArgs) {
  const session = await getSession(request);
  const refreshToken = session.get("refreshToken");
  if (refreshToken)
    await apiLogout(refreshToken).catch((error: unknown) => createLogger("logout").error("revoke failed", error));
  return redirect("/", { status: 303, headers: { "Set-Cookie": await destroySession(request, session) } });
}

export const loader = () => redirect("/");
