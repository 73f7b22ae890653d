import { eq, sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { orders, payments, testPaymentIntents } from "~/db/schema";
import type { OrderDto } from "~/schemas/orders";
import { useApiServer } from "../support/api-server";
import { useCategory } from "../support/checkout";
import { orderHelpers } from "../support/orders";
import { json, type Envelope } from "../support/requests";
import { useTestDatabase } from "../support/test-db";

// A checkout cut off after the card was charged (here: the order's insert fails with a lock timeout, 503, or a full
// disk, 507), then the shopper changes the cart and pays again. Attempts are keyed by the cart's contents, so the new
// attempt used to charge again for the first items. Now the answer says the card was charged and what happens next,
// and the next checkout places the paid payment's order first and charges nothing new: never two paid payments
// without an order for one user. The crash variant is in faults-checkout-crash.test.ts.

const database = useTestDatabase();
const api = useApiServer();
const { product } = useCategory(database);
const { shopper, add, card } = orderHelpers(api, database);
type User = Awaited<ReturnType<typeof shopper>>;

const billing = {
  firstName: "Ada",
  lastName: "Lovelace",
  email: "ada@example.com",
  street: "1 Analytical Way",
  city: "London",
  state: "",
  country: "GB",
  postalCode: "N1 9GU",
};

/** What the checkout page is shown: the cart's attempt, and an earlier paid payment whose order is being placed. */
async function shown(user: User) {
  const answer = await api.json<Envelope<{ attempt: string | null; paidOrderBeingPlaced: { amount: number } | null }>>(
    `/orders/user/${user.id}/checkout-attempt`,
    json("GET", undefined, user.auth),
  );
  return answer.body.data;
}

async function checkout(user: User) {
  return api.json<Envelope<{ order: OrderDto; created: boolean }>>(
    `/orders/user/${user.id}/checkout`,
    json("POST", { billing, card: card(), attempt: (await shown(user)).attempt }, user.auth),
  );
}

/** Charges at the provider, and the user's paid payments that have no order. */
async function ledger(userId: number) {
  const rows = await database.db.select().from(payments).where(eq(payments.userId, userId));
  const intents = await database.db.select().from(testPaymentIntents);
  const paid = new Set(intents.filter((i) => i.status === "succeeded").map((i) => i.id));
  const ordered = new Set(
    (await database.db.select().from(orders).where(eq(orders.userId, userId))).map((o) => o.paymentId),
  );
  return {
    charged: rows.filter((p) => paid.has(p.providerPaymentId)).length,
    orders: ordered.size,
    paidWithoutOrder: rows.filter((p) => paid.has(p.providerPaymentId) && !ordered.has(p.id)).length,
  };
}

const FAULTS = {
  // what PostgreSQL answers: a lock it could not get in time (the shop is busy), a disk with no room left
  503: { code: "55P03", message: "canceling statement due to lock timeout" },
  507: { code: "53100", message: 'could not extend file "base/1/2": No space left on device' },
} as const;

/** The next order insert fails as the database would: after the charge, before the order. */
async function failOrderInsert(status: keyof typeof FAULTS) {
  const { code, message } = FAULTS[status];
  await database.db.execute(
    sql.raw(`CREATE OR REPLACE FUNCTION cut_off_order() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION '${message}' USING ERRCODE = '${code}'; END $$`),
  );
  await database.db.execute(
    sql.raw("CREATE TRIGGER cut_off_order BEFORE INSERT ON orders FOR EACH ROW EXECUTE FUNCTION cut_off_order()"),
  );
}
async function healOrderInsert() {
  await database.db.execute(sql.raw("DROP TRIGGER IF EXISTS cut_off_order ON orders"));
  await database.db.execute(sql.raw("DROP FUNCTION IF EXISTS cut_off_order()"));
}
afterEach(healOrderInsert);

describe("a checkout cut off after the charge, then the cart changed and paid again", () => {
  for (const status of [503, 507] as const) {
    it(`${status}: says the card was charged; the next checkout places that order and charges nothing new`, async () => {
      const user = await shopper();
      const first = await product({ priceCents: 2500, inventory: 5 });
      const second = await product({ priceCents: 900, inventory: 5 });
      await add(user, first.id, 1);

      await failOrderInsert(status);
      const cut = await checkout(user);
      expect(cut.status, JSON.stringify(cut.body)).toBe(status);
      expect(cut.body.message).toMatch(/^Your card was charged \$25\.00, but your order could not be placed just now/);
      expect(cut.body.message).toMatch(/will not be charged again/);
      expect(await ledger(user.id)).toEqual({ charged: 1, orders: 0, paidWithoutOrder: 1 });
      await healOrderInsert();

      // the shopper changes the cart (a new attempt key): the checkout page is told a paid order is being placed
      await add(user, second.id, 1);
      expect((await shown(user)).paidOrderBeingPlaced).toEqual({ amount: 25 });
      const settled = await checkout(user);
      expect(settled.status, JSON.stringify(settled.body)).toBe(409);
      expect(settled.body.message).toMatch(/^Your earlier payment of \$25\.00 went through, so we placed order #\d+/);
      expect(settled.body.message).toMatch(/Nothing new was charged/);
      expect(await ledger(user.id)).toEqual({ charged: 1, orders: 1, paidWithoutOrder: 0 });
      expect((await shown(user)).paidOrderBeingPlaced).toBeNull();

      // what is left in the cart (the second item) is paid on its own
      const rest = await checkout(user);
      expect(rest.status, JSON.stringify(rest.body)).toBe(201);
      expect(rest.body.data.order.items.map((i) => i.productId)).toEqual([second.id]);
      expect(await ledger(user.id)).toEqual({ charged: 2, orders: 2, paidWithoutOrder: 0 });
    });
  }

  it("another way to pay (a payment intent) is refused while a paid payment has no order", async () => {
    const user = await shopper();
    const first = await product({ priceCents: 1200, inventory: 5 });
    const second = await product({ priceCents: 300, inventory: 5 });
    await add(user, first.id, 1);
    await failOrderInsert(503);
    expect((await checkout(user)).status).toBe(503);
    await healOrderInsert();
    await add(user, second.id, 1);
    const intent = await api.json<Envelope<null>>("/orders/create-payment-intent", json("POST", {}, user.auth));
    expect(intent.status, JSON.stringify(intent.body)).toBe(409);
    expect(intent.body.message).toMatch(/^Your card was charged \$12\.00 for an earlier checkout/);
    expect(await ledger(user.id)).toEqual({ charged: 1, orders: 0, paidWithoutOrder: 1 });
  });
});
