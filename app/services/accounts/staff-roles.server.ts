// The admin's users page: find people, grant and remove the staff and admin roles
// (docs/decisions/0038-running-the-shop.md).
import { and, asc, eq, ilike, inArray, isNull, or, sql } from "drizzle-orm";
import type { Actor } from "../access";
import { getDb, type DbOrTx } from "~/db/client.server";
import { roles, userRoles, users } from "~/db/schema";
import type { AdminUserDto, RoleChange } from "~/schemas/staff";
import { requireAdmin } from "../access";
import { ConflictError, NotFoundError } from "../errors";
import { recordAudit } from "../audit/audit.server";

/** GET /admin/users: accounts (not deleted) whose e-mail or name has the words, oldest first, with their roles. */
export async function listUsersWithRoles({
  actor,
  q,
  page,
  size,
  byId,
  db = getDb(),
}: {
  actor: Actor | null;
  q?: string;
  /** one account only (the answer to a role change) */
  byId?: number;
  page: number;
  size: number;
  db?: DbOrTx;
}) {
  requireAdmin(actor);
  const pattern = q ? `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
  const where = and(
    isNull(users.deletedAt),
    byId === undefined ? undefined : eq(users.id, byId),
    pattern
      ? or(ilike(users.email, pattern), ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, pattern))
      : undefined,
  );
  const [rows, total] = await Promise.all([
    db
      .select({
        id: users.id,
        email: users.email,
        firstName: users.firstName,
        lastName: users.lastName,
        createdAt: users.createdAt,
      })
      .from(users)
      .where(where)
      .orderBy(asc(users.id))
      .limit(size)
      .offset((page - 1) * size),
    db.$count(users, where),
  ]);
  const held = rows.length
    ? await db
        .select({ userId: userRoles.userId, name: roles.name })
        .from(userRoles)
        .innerJoin(roles, eq(roles.id, userRoles.roleId))
        .where(
          inArray(
            userRoles.userId,
            rows.map((r) => r.id),
          ),
        )
        .orderBy(asc(roles.name))
    : [];
  const content: AdminUserDto[] = rows.map((r) => ({
    id: r.id,
    email: r.email,
    name: `${r.firstName} ${r.lastName}`,
    roles: held.filter((h) => h.userId === r.id).map((h) => h.name),
    createdAt: r.createdAt.toISOString(),
  }));
  return { content, page, size, totalElements: total, totalPages: Math.max(1, Math.ceil(total / size)) };
}

/**
 * POST /admin/users/{userId}/roles: grants or removes the staff or admin role. An admin cannot remove their own admin
 * role (the shop would risk having none). The change shows in the user's next access token (minutes at most).
 */
export async function changeUserRole({
  actor,
  userId,
  change,
  db = getDb(),
}: {
  actor: Actor | null;
  userId: number;
  change: RoleChange;
  db?: DbOrTx;
}): Promise<{ user: AdminUserDto; changed: boolean }> {
  const who = requireAdmin(actor);
  if (!change.grant && change.role === "ROLE_ADMIN" && who.id === userId) {
    throw new ConflictError("You cannot remove your own administrator role: ask another administrator.");
  }
  const changed = await db.transaction(async (tx) => {
    const [user] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, userId), isNull(users.deletedAt)))
      .for("update");
    if (!user) throw new NotFoundError("User not found");
    // the staff role is reference data like the others; made here too, so a database from before it works
    await tx.insert(roles).values({ name: change.role }).onConflictDoNothing();
    const [role] = await tx.select().from(roles).where(eq(roles.name, change.role));
    const held = async () =>
      (
        await tx
          .select({ name: roles.name })
          .from(userRoles)
          .innerJoin(roles, eq(roles.id, userRoles.roleId))
          .where(eq(userRoles.userId, userId))
          .orderBy(asc(roles.name))
      ).map((r) => r.name);
    const before = await held();
    const done = change.grant
      ? await tx.insert(userRoles).values({ userId, roleId: role!.id }).onConflictDoNothing().returning()
      : await tx
          .delete(userRoles)
          .where(and(eq(userRoles.userId, userId), eq(userRoles.roleId, role!.id)))
          .returning();
    // nothing changed is nothing to record
    if (done.length === 0) return false;
    await recordAudit(tx, {
      actor: who,
      kind: "account.roles",
      entity: { type: "user", id: userId },
      before: { roles: before },
      after: { roles: await held() },
    });
    return true;
  });
  const [found] = (await listUsersWithRoles({ actor, page: 1, size: 1, db, byId: userId })).content;
  return { user: found!, changed };
}
