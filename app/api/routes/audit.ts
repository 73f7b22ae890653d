import { AuditPageSchema, AuditQuerySchema } from "~/schemas/audit";
import { listAudit } from "~/services/audit/audit.server";
import { defineRoute } from "../define";

/** The audit log, read-only: there is no endpoint that changes or deletes an entry. */
export const auditRoutes = {
  list: defineRoute(
    {
      method: "get",
      path: "/admin/audit",
      tag: "reports",
      summary: "Admin and staff writes, newest first, by person, kind, thing and dates (admin)",
      access: "admin",
      query: AuditQuerySchema,
      response: AuditPageSchema,
    },
    async ({ actor, query }) => ({ message: "Found", data: await listAudit({ actor, query }) }),
  ),
};
