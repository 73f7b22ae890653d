import { asc, eq } from "drizzle-orm";
import { getDb, type DbOrTx } from "~/db/client.server";
import { addresses } from "~/db/schema";
import type { AddressDto, AddressInput } from "~/schemas/account";
import type { Actor } from "../access";
import { assertOwnerOrAdmin, ownRowOrRefuse, requireActor } from "../access";
import { ValidationError } from "../errors";
import { addressDto, requireUserExists } from "./users.server";

const MAX_ADDRESSES = 20;

export async function listAddresses({
  userId,
  actor,
  db = getDb(),
}: {
  userId: number;
  actor: Actor | null;
  db?: DbOrTx;
}): Promise<AddressDto[]> {
  assertOwnerOrAdmin(actor, userId);
  await requireUserExists(userId, db);
  const rows = await db.select().from(addresses).where(eq(addresses.userId, userId)).orderBy(asc(addresses.id));
  return rows.map(addressDto);
}

export async function addAddresses({
  userId,
  actor,
  list,
  db = getDb(),
}: {
  userId: number;
  actor: Actor | null;
  list: AddressInput[];
  db?: DbOrTx;
}): Promise<AddressDto[]> {
  assertOwnerOrAdmin(actor, userId);
  await requireUserExists(userId, db);
  if (list.length === 0) throw new ValidationError("Send at least one address.", { _: ["Send at least one address."] });
  const existing = await db.$count(addresses, eq(addresses.userId, userId));
  if (existing + list.length > MAX_ADDRESSES) {
    throw new ValidationError(`You can keep at most ${MAX_ADDRESSES} addresses.`, {
      _: [`You can keep at most ${MAX_ADDRESSES} addresses.`],
    });
  }
  const rows = await db
    .insert(addresses)
    .values(list.map((a) => ({ ...a, userId })))
    .returning();
  return rows.map(addressDto);
}

/** The address if the actor owns it or is an admin; a stranger gets 403 whether or not it exists. */
async function ownedAddress(addressId: number, actor: Actor | null, db: DbOrTx) {
  const who = requireActor(actor);
  const [row] = await db.select().from(addresses).where(eq(addresses.id, addressId));
  return ownRowOrRefuse(who, row, { notFound: "Address not found" });
}

export async function updateAddress({
  addressId,
  actor,
  input,
  db = getDb(),
}: {
  addressId: number;
  actor: Actor | null;
  input: AddressInput;
  db?: DbOrTx;
}): Promise<AddressDto> {
  await ownedAddress(addressId, actor, db);
  const [row] = await db.update(addresses).set(input).where(eq(addresses.id, addressId)).returning();
  return addressDto(row!);
}

export async function deleteAddress({
  addressId,
  actor,
  db = getDb(),
}: {
  addressId: number;
  actor: Actor | null;
  db?: DbOrTx;
}) {
  await ownedAddress(addressId, actor, db);
  await db.delete(addresses).where(eq(addresses.id, addressId));
}
