// The audit log (docs/decisions/0038-running-the-shop.md): who did what to which thing, with the thing before and
// after, written by the service that does the write, in its transaction, so that a write and its row land together or
// not at all. There is no update or delete here, and the database refuses both (migration 0014).
import { and, desc, eq, gte, lt, type SQL } from "drizzle-orm";
import type { Actor } from "../access";
import { getDb, type DbOrTx } from "~/db/client.server";
import { auditLog, users } from "~/db/schema";
import type { AuditEntryDto, AuditQuery } from "~/schemas/audit";
import { requireAdmin } from "../access";

export interface AuditRecord {
  actor: Pick<Actor, "id">;
  /** "product.update", "order.status", … (AUDIT_KINDS in schemas/audit.ts) */
  kind: string;
  entity: { type: string; id: number | string };
  before?: unknown;
  after?: unknown;
}

/** JSON the database takes: Dates as ISO text, bigints as text, nothing undefined. */
const plain = (value: unknown) =>
  value === undefined
    ? null
    : (JSON.parse(JSON.stringify(value, (_k, v: unknown) => (typeof v === "bigint" ? v.toString() : v))) as unknown);

/** Records one admin or staff write; call it with the write's own transaction. */
export async function recordAudit(tx: DbOrTx, record: AuditRecord): Promise<void> {
  await tx.insert(auditLog).values({
    actorId: record.actor.id,
    kind: record.kind,
    entityType: record.entity.type,
    entityId: String(record.entity.id),
    before: plain(record.before),
    after: plain(record.after),
  });
}

/** What an audited change did: the entity's id, what it was and became (none for a creation or a deletion), its answer. */
export interface AuditedChange<T> {
  id: number | string;
  before?: unknown;
  after?: unknown;
  result: T;
}

/**
 * An admin's change and its audit record in one transaction: `change` writes (locking what it reads) and says what it
 * did; the record of `kind` for the entity of `type` follows in the same transaction.
 */
export function auditedChange<T>(
  db: DbOrTx,
  actor: Pick<Actor, "id">,
  { kind, type }: { kind: string; type: string },
  change: (tx: DbOrTx) => Promise<AuditedChange<T>>,
): Promise<T> {
  return db.transaction(async (tx) => {
    const { id, before, after, result } = await change(tx);
    await recordAudit(tx, { actor, kind, entity: { type, id }, before, after });
    return result;
  });
}

/** GET /admin/audit: newest first, by person (id or e-mail), kind, thing and dates (from inclusive, to inclusive). */
export async function listAudit({
  actor,
  query,
  db = getDb(),
}: {
  actor: Actor | null;
  query: AuditQuery;
  db?: DbOrTx;
}) {
  requireAdmin(actor);
  const conditions: Array<SQL | undefined> = [
    query.actorId ? eq(auditLog.actorId, query.actorId) : undefined,
    query.kind ? eq(auditLog.kind, query.kind) : undefined,
    query.entityType ? eq(auditLog.entityType, query.entityType) : undefined,
    query.entityId ? eq(auditLog.entityId, String(query.entityId)) : undefined,
    query.from ? gte(auditLog.at, new Date(`${query.from}T00:00:00Z`)) : undefined,
    query.to ? lt(auditLog.at, new Date(Date.parse(`${query.to}T00:00:00Z`) + 86_400_000)) : undefined,
  ];
  if (query.person) {
    const [person] = await db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, query.person.trim().toLowerCase()));
    conditions.push(eq(auditLog.actorId, person?.id ?? -1));
  }
  const where = and(...conditions);
  const [rows, total] = await Promise.all([
    db
      .select({ entry: auditLog, email: users.email })
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.actorId))
      .where(where)
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .limit(query.size)
      .offset((query.page - 1) * query.size),
    db.$count(auditLog, where),
  ]);
  const content: AuditEntryDto[] = rows.map(({ entry, email }) => ({
    id: entry.id,
    at: entry.at.toISOString(),
    actorId: entry.actorId,
    actorEmail: email,
    kind: entry.kind,
    entityType: entry.entityType,
    entityId: entry.entityId,
    before: entry.before ?? null,
    after: entry.after ?? null,
  }));
  return {
    content,
    page: query.page,
    size: query.size,
    totalElements: total,
    totalPages: Math.max(1, Math.ceil(total / query.size)),
  };
}
