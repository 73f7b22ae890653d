import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { signOut } from "~/client/auth.server";
import { createLogger } from "~/lib/log.server";

/** POST only: revokes the refresh token through the API, clears the session, goes to /. */
export async function action({ request }: ActionFunctionArgs) {
  await signOut(request, (error) => createLogger("logout").error("revoke failed", error));
  return redirect("/", { status: 303 });
}

export const loader = () => redirect("/");
