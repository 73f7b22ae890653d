import type { Db } from "~/db/client.server";
import { RegisterSchema } from "~/schemas/account";
import { verifyPassword } from "~/services/accounts/passwords.server";
import { createUser, findUserByEmail } from "~/services/accounts/users.server";

/**
 * The demo shopper of a first look (README "Start the shop"): written with the demo catalogue into a brand-new
 * embedded database only, so nobody has to register to try the cart and the checkout. A shop on PostgreSQL never gets
 * it. Its password is public: delete the account (its settings page) before the shop goes live.
 */
export const DEMO_SHOPPER = {
  firstName: "Demo",
  lastName: "Shopper",
  email: "shopper@gearhub.example",
  password: "gearhub-demo",
  addressList: [
    {
      street: "12 Market Street",
      city: "Springfield",
      state: "IL",
      country: "US",
      postalCode: "62701",
      mobileNumber: "+1 217 555 0134",
      addressType: "HOME",
    },
  ],
} as const;

/** Registers the demo shopper (through the registration's own schema and service). */
export async function createDemoShopper(db: Db) {
  return createUser({ input: RegisterSchema.parse(DEMO_SHOPPER), db });
}

/** The line the start prints while the demo shopper still signs in with the public password; null once it does not. */
export async function describeDemoShopper(db: Db): Promise<string | null> {
  const user = await findUserByEmail(DEMO_SHOPPER.email, db);
  if (!user || !(await verifyPassword(user.passwordHash, DEMO_SHOPPER.password))) return null;
  return `demo shopper: sign in as ${DEMO_SHOPPER.email} with the password ${DEMO_SHOPPER.password}`;
}
