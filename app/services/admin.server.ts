import { getDb, type Db } from "~/db/client.server";
import { roles, userRoles, users } from "~/db/schema";
import { hashPassword } from "./passwords.server";
import { findUserByEmail } from "./users.server";

/**
 * Makes sure the operator's admin account exists with ROLE_ADMIN (and ROLE_USER). An existing account keeps its
 * password: the environment is not a way to reset one silently.
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
  const existing = await findUserByEmail(normalized, db);
  const userId =
    existing?.id ??
    (
      await db
        .insert(users)
        .values({ firstName: "Shop", lastName: "Admin", email: normalized, passwordHash: await hashPassword(password) })
        .returning({ id: users.id })
    )[0]!.id;
  const roleRows = await db.select().from(roles);
  const wanted = roleRows.filter((role) => role.name === "ROLE_ADMIN" || role.name === "ROLE_USER");
  await db
    .insert(userRoles)
    .values(wanted.map((role) => ({ userId, roleId: role.id })))
    .onConflictDoNothing();
  return { userId, created: !existing };
}
