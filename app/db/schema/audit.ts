// The audit log (docs/decisions/0038-running-the-shop.md): one row per admin or staff write, written in the write's
// own transaction. Append-only: the application has no update or delete of it, and a trigger (migration 0014)
// refuses both. The actor is kept by id without a foreign key: a row outlives what it names.
import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

export const auditLog = pgTable(
  "audit_log",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    at: timestamp("at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    actorId: integer("actor_id").notNull(),
    /** what was done: "product.update", "order.status", "account.roles" … */
    kind: text("kind").notNull(),
    /** what it was done to: "product", "variant", "order", … and its id */
    entityType: text("entity_type").notNull(),
    entityId: text("entity_id").notNull(),
    before: jsonb("before"),
    after: jsonb("after"),
  },
  (t) => [
    index("audit_log_at_idx").on(t.at),
    index("audit_log_entity_idx").on(t.entityType, t.entityId),
    index("audit_log_actor_idx").on(t.actorId, t.at),
  ],
);
