// Where an order goes: the saved address the shopper chose at checkout, copied onto the payment when it is made and
// onto the order when it is placed, so a later edit or deletion of the address book never moves a parcel.
import { and, asc, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { addresses, payments, users, type ShippingSnapshot } from "~/db/schema";
import type { Billing } from "~/schemas/payments";
import { ValidationError } from "../errors";

const CHOOSE = "Choose one of your saved addresses, or ship to the billing address.";

/** The billing address as a shipping address (clients that choose none, like the reference client: docs/api.md). */
export function shippingFromBilling(billing: Billing | Record<string, string> | null | undefined) {
  if (!billing?.street) return null;
  return {
    name: `${billing.firstName ?? ""} ${billing.lastName ?? ""}`.trim(),
    street: billing.street,
    city: billing.city ?? "",
    state: billing.state ?? "",
    country: billing.country ?? "",
    postalCode: billing.postalCode ?? "",
    mobileNumber: "",
  } satisfies ShippingSnapshot;
}

/**
 * The snapshot of one of the user's saved addresses (422 when it is not theirs), named after the billing details or
 * the account; without an address id, the billing address; null when there is neither.
 */
export async function shippingSnapshot(
  userId: number,
  addressId: number | undefined,
  billing: Billing | undefined,
  db: DbOrTx,
): Promise<ShippingSnapshot | null> {
  if (addressId === undefined) return shippingFromBilling(billing);
  const [row] = await db
    .select({ address: addresses, firstName: users.firstName, lastName: users.lastName })
    .from(addresses)
    .innerJoin(users, eq(users.id, addresses.userId))
    .where(and(eq(addresses.id, addressId), eq(addresses.userId, userId)));
  if (!row) throw new ValidationError(CHOOSE, { shippingAddressId: [CHOOSE] });
  const { address } = row;
  const name = billing ? `${billing.firstName} ${billing.lastName}` : `${row.firstName} ${row.lastName}`;
  return {
    name: name.trim(),
    street: address.street,
    city: address.city,
    state: address.state,
    country: address.country === "XX" ? "" : address.country,
    postalCode: address.postalCode,
    mobileNumber: address.mobileNumber,
  };
}

/**
 * The address an order ships to when nobody chose one and no billing address was given (an API client that places
 * the order of a payment made without one): the user's first SHIPPING address, else their first address.
 */
export async function defaultShipping(userId: number, db: DbOrTx): Promise<ShippingSnapshot | null> {
  const [row] = await db
    .select({ id: addresses.id })
    .from(addresses)
    .where(eq(addresses.userId, userId))
    .orderBy(sql`${addresses.addressType} <> 'SHIPPING'`, asc(addresses.id))
    .limit(1);
  return row ? shippingSnapshot(userId, row.id, undefined, db) : null;
}

/**
 * Keeps what the checkout was given with the payment, for whoever places its order (the browser, the webhook, the
 * reconciler): the billing details when sent, and the shipping address chosen this time, replacing an earlier
 * attempt's choice (a declined card, then another address).
 */
export async function rememberCheckoutDetails(
  paymentId: number,
  details: { billing: Billing | undefined; shipping: ShippingSnapshot | null },
  db: DbOrTx,
) {
  await db
    .update(payments)
    .set({ shippingAddress: details.shipping, ...(details.billing ? { billing: details.billing } : {}) })
    .where(eq(payments.id, paymentId));
}
