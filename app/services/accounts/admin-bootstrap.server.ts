import { getDb, type Db } from "~/db/client.server";
import { roles, userRoles, users } from "~/db/schema";
import { hashPassword } from "./passwords.server";
import { findUserByEmail } from "./users.server";

/**
 * Makes sure the operator's admin account exists with ROLE_ADMIN (and ROLE_USER). An existing account keeps its
 * password: the environment is not a way to reset one silently. Safe when several instances start at once: the
 * account is inserted with ON CONFLICT DO NOTHING (the unique index on lower(email) decides who wins) and read back,
 * and the roles are granted the same way; `created` is true for the one call that inserted it.
 */
export async function ensureAdminAccount({
  email,
  password,
  db = getDb(),
}: {
  email: string;
  password: string;
  db?: Db;
}) {
  const normalized = email.trim().toLowerCase();
  let userId = (await findUserByEmail(normalized, db))?.id;
  let created = false;
  if (userId === undefined) {
    const [inserted] = await db
      .insert(users)
      .values({ firstName: "Shop", lastName: "Admin", email: normalized, passwordHash: await hashPassword(password) })
      .onConflictDoNothing()
      .returning({ id: users.id });
    created = inserted !== undefined;
    userId = inserted?.id ?? (await findUserByEmail(normalized, db))?.id;
    if (userId === undefined) throw new Error(`the admin account ${normalized} was neither inserted nor found`);
  }
  const roleRows = await db.select().from(roles);
  const wanted = roleRows.filter((role) => role.name === "ROLE_ADMIN" || role.name === "ROLE_USER");
  await db
    .insert(userRoles)
    .values(wanted.map((role) => ({ userId, roleId: role.id })))
    .onConflictDoNothing();
  return { userId, created };
}
