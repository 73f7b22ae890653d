import type { LoaderFunctionArgs } from "@remix-run/node";
import { endpoints } from "~/client/api.server";
import { loadOrThrow } from "~/web/actions.server";
import { requireOwner } from "~/web/guards.server";

/**
 * "Download my data" on the account settings page: the account's data as one JSON file, saved by the browser
 * (a plain link: no JavaScript needed). Only its owner gets it (docs/decisions/0038-running-the-shop.md).
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const auth = await requireOwner(request, params.userId);
  const { data } = await loadOrThrow(auth.api(endpoints.users.exportData, { params: { userId: auth.userId } }));
  const day = data.exportedAt.slice(0, 10);
  return new Response(`${JSON.stringify(data, null, 2)}\n`, {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="gearhub-my-data-${day}.json"`,
      "Cache-Control": "private, no-store",
    },
  });
}
