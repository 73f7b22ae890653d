import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiError, api } from "~/services/api-client.server";
import { ADMIN_GUARD } from "~/utils/admin.server";
import { requireAuth } from "~/utils/auth.server";

/** The CSV export, downloaded from the admin's product table. */
export async function loader({ request }: LoaderFunctionArgs) {
  const auth = await requireAuth(request, ADMIN_GUARD);
  const response = await auth.call(async (token) => {
    const answer = await api.inventory.exportCsv(token);
    if (!answer.ok) throw await apiError(answer);
    return answer;
  });
  const headers = new Headers(response.headers);
  const cookie = auth.headers.get("Set-Cookie");
  if (cookie) headers.set("Set-Cookie", cookie);
  return new Response(response.body, { status: 200, headers });
}
