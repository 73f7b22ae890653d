import { and, asc, eq, isNull, sql } from "drizzle-orm";
import { getDb, type DbOrTx } from "~/db/client.server";
import { addresses, roles, userRoles, users } from "~/db/schema";
import type { AddressDto, RegisterInput, UserDto } from "~/schemas/account";
import type { Actor } from "../access";
import { assertOwnerOrAdmin, ROLE_USER } from "../access";
import { ConflictError, NotFoundError } from "../errors";
import { hashPassword } from "./passwords.server";

export function addressDto(row: typeof addresses.$inferSelect): AddressDto {
  return {
    id: row.id,
    street: row.street,
    city: row.city,
    state: row.state,
    country: row.country,
    postalCode: row.postalCode,
    mobileNumber: row.mobileNumber,
    addressType: row.addressType,
  };
}

export async function rolesOf(userId: number, db: DbOrTx = getDb()): Promise<string[]> {
  const rows = await db
    .select({ name: roles.name })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(eq(userRoles.userId, userId))
    .orderBy(asc(roles.name));
  return rows.map((r) => r.name);
}

async function userDto(row: typeof users.$inferSelect, db: DbOrTx): Promise<UserDto> {
  const [roleNames, addressRows] = await Promise.all([
    rolesOf(row.id, db),
    db.select().from(addresses).where(eq(addresses.userId, row.id)).orderBy(asc(addresses.id)),
  ]);
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    photo: row.photoUrl,
    roles: roleNames,
    addressList: addressRows.map(addressDto),
  };
}

export function findUserByEmail(email: string, db: DbOrTx = getDb()) {
  return db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`)
    .then((rows) => rows[0]);
}

/** Registration: the user with ROLE_USER and their non-blank addresses, in one transaction. */
export async function createUser({ input, db = getDb() }: { input: RegisterInput; db?: DbOrTx }): Promise<UserDto> {
  const passwordHash = await hashPassword(input.password);
  const taken = () =>
    new ConflictError("An account with this email already exists.", {
      email: ["An account with this email already exists."],
    });
  if (await findUserByEmail(input.email, db)) throw taken();
  try {
    return await db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({
          firstName: input.firstName,
          lastName: input.lastName,
          email: input.email.trim().toLowerCase(),
          passwordHash,
        })
        .returning();
      const [role] = await tx.select().from(roles).where(eq(roles.name, ROLE_USER));
      await tx.insert(userRoles).values({ userId: user!.id, roleId: role!.id });
      const list = input.addressList; // blank blocks were dropped by RegisterSchema
      if (list.length > 0) await tx.insert(addresses).values(list.map((a) => ({ ...a, userId: user!.id })));
      return userDto(user!, tx);
    });
  } catch (error) {
    // two registrations racing for one address: the unique index decides
    const cause = (error as { cause?: { constraint?: string } }).cause ?? (error as { constraint?: string });
    if (cause?.constraint === "users_email_lower_key") throw taken();
    throw error;
  }
}

/** 404 unless the user exists (a stranger's id is refused before this: see assertOwnerOrAdmin). */
export async function requireUserExists(userId: number, db: DbOrTx) {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  if (!row) throw new NotFoundError("User not found");
}

export async function getUser({
  userId,
  actor,
  db = getDb(),
}: {
  userId: number;
  actor: Actor | null;
  db?: DbOrTx;
}): Promise<UserDto> {
  assertOwnerOrAdmin(actor, userId);
  const [row] = await db.select().from(users).where(eq(users.id, userId));
  if (!row) throw new NotFoundError("User not found");
  return userDto(row, db);
}

export async function updateUser({
  userId,
  actor,
  input,
  db = getDb(),
}: {
  userId: number;
  actor: Actor | null;
  input: { firstName: string; lastName: string };
  db?: DbOrTx;
}): Promise<UserDto> {
  assertOwnerOrAdmin(actor, userId);
  const [row] = await db
    .update(users)
    .set({ firstName: input.firstName, lastName: input.lastName, updatedAt: new Date() })
    // a deleted account's name stays erased
    .where(and(eq(users.id, userId), isNull(users.deletedAt)))
    .returning();
  if (!row) throw new NotFoundError("User not found");
  return userDto(row, db);
}
