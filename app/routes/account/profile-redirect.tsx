import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { requireAuth } from "~/web/guards.server";

/** /user-profile: the signed-in user's dashboard; a visitor is sent to log in first. */
export async function loader({ request }: LoaderFunctionArgs) {
  const auth = await requireAuth(request);
  return redirect(`/user-profile/${auth.userId}/profile`);
}
