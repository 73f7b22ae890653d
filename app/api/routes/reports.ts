import { DashboardCsvQuerySchema, DashboardQuerySchema, DashboardSchema } from "~/schemas/reports";
import { dashboardCsv, shopDashboard } from "~/services/reports/dashboard.server";
import { defineRoute } from "../define";

/** the file name of each dashboard table's CSV */
const CSV_NAMES = {
  daily: "sales",
  products: "best-sellers",
  variants: "best-selling-options",
  "low-stock": "lowest-stock",
} as const;

/** How the shop is doing: the admin's dashboard. */
export const reportRoutes = {
  dashboard: defineRoute(
    {
      method: "get",
      path: "/admin/dashboard",
      tag: "reports",
      summary:
        "Sales (revenue, orders, average order value) per day for the last 7, 30 or 90 days against the days before, best sellers, low stock, refunds owed, failed mail (admin)",
      access: "admin",
      query: DashboardQuerySchema,
      response: DashboardSchema,
    },
    async ({ actor, query }) => ({ message: "Found", data: await shopDashboard({ actor, days: query.days }) }),
  ),

  dashboardCsv: defineRoute(
    {
      method: "get",
      path: "/admin/dashboard.csv",
      tag: "reports",
      summary:
        "One of the dashboard's tables as CSV: table=daily (sales per day) or table=products (best sellers) (admin)",
      access: "admin",
      query: DashboardCsvQuerySchema,
      responseContentType: "text/csv",
    },
    async ({ actor, query, request }) =>
      new Response(dashboardCsv(await shopDashboard({ actor, days: query.days }), query.table), {
        headers: {
          "Content-Type": "text/csv; charset=utf-8",
          "Content-Disposition": `attachment; filename="${CSV_NAMES[query.table]}-${query.days}-days.csv"`,
          "X-Request-Id": request.requestId,
        },
      }),
  ),
};
