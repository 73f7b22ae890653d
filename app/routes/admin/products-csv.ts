import type { LoaderFunctionArgs } from "@remix-run/node";
import { endpoints, fetchApi } from "~/client/api.server";
import { requireAdmin } from "~/web/guards.server";

/** The CSV export, downloaded from the admin's product table. */
export async function loader({ request }: LoaderFunctionArgs) {
  const auth = await requireAdmin(request);
  const response = await auth.call((token) => fetchApi(endpoints.adminProducts.exportCsv, { token }));
  const headers = new Headers(response.headers);
  return new Response(response.body, { status: 200, headers });
}
