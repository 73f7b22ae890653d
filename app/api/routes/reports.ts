import { DashboardQuerySchema, DashboardSchema } from "~/schemas/reports";
import { shopDashboard } from "~/services/reports/dashboard.server";
import { defineRoute } from "../define";

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
};
