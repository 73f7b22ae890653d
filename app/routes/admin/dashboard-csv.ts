import type { LoaderFunctionArgs } from "@remix-run/node";
import { endpoints, fetchApi } from "~/client/api.server";
import { DashboardCsvQuerySchema } from "~/schemas/reports";
import { loadOrThrow } from "~/web/actions.server";
import { requireAdmin } from "~/web/guards.server";

/** One of the dashboard's tables as CSV, downloaded from the dashboard (a period or table it does not offer: 400). */
export async function loader({ request }: LoaderFunctionArgs) {
  const auth = await requireAdmin(request);
  const query = DashboardCsvQuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!query.success)
    throw new Response("Choose a period of 7, 30 or 90 days and a table: daily or products.", { status: 400 });
  const response = await loadOrThrow(
    auth.call((token) => fetchApi(endpoints.reports.dashboardCsv, { token, query: query.data })),
  );
  return new Response(response.body, { status: 200, headers: new Headers(response.headers) });
}
