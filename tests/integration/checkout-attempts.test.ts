import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { payments, products, testPaymentIntents } from "~/db/schema";
import type { OrderDto } from "~/schemas/orders";
import { useApiServer } from "../support/api-server";
import { useCategory } from "../support/checkout";
import { DECLINED_CARD, orderHelpers } from "../support/orders";
import { json, type Envelope } from "../support/requests";
import { useTestDatabase } from "../support/test-db";

// Checkout as one server-side operation per attempt (test payments): the attempt's key survives a reload, a second
// tab and a repeated post, so one attempt charges at most once and a retried one finds the payment it made.

const database = useTestDatabase();
const api = useApiServer();
const { product } = useCategory(database);
const helpers = orderHelpers(api, database);
const { shopper, add, card, createIntent, inventoryOf, ordersOf } = helpers;
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

async function attemptOf(user: User) {
  const response = await api.json<Envelope<{ attempt: string | null }>>(
    `/orders/user/${user.id}/checkout-attempt`,
    json("GET", undefined, user.auth),
  );
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.data.attempt;
}

function checkout(user: User, body: Record<string, unknown> = {}) {
  return api.json<Envelope<{ order: OrderDto; created: boolean }>>(
    `/orders/user/${user.id}/checkout`,
    json("POST", { billing, card: card(), ...body }, user.auth),
  );
}

const paymentsOf = (userId: number) => database.db.select().from(payments).where(eq(payments.userId, userId));
const chargedIntents = async (userId: number) => {
  const ids = (await paymentsOf(userId)).map((p) => p.providerPaymentId);
  const rows = await database.db.select().from(testPaymentIntents);
  return rows.filter((row) => ids.includes(row.id) && row.status === "succeeded");
};

describe("POST /orders/user/{userId}/checkout", () => {
  it("pays and places in one request: 201, one payment with its attempt key and billing, the stock taken", async () => {
    const user = await shopper();
    const item = await product({ priceCents: 2500, inventory: 5 });
    await add(user, item.id, 2);
    const attempt = await attemptOf(user);
    expect(attempt).toMatch(/^checkout:pi:/);

    const response = await checkout(user, { attempt, amount: 50 });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    expect(response.body.message).toBe("Payment successful! Your order has been placed.");
    expect(response.body.data).toMatchObject({ created: true, order: { totalAmount: 50, status: "PENDING" } });
    expect(await inventoryOf(item.id)).toBe(3);
    const [payment, ...more] = await paymentsOf(user.id);
    expect(more).toEqual([]);
    expect(payment).toMatchObject({ checkoutKey: attempt, status: "succeeded", billing, amountCents: 5000 });
    expect((await ordersOf(user.id))[0]!.billing).toEqual(billing);
  });

  it("keeps one attempt key over reloads, and gives the same contents bought again a new one", async () => {
    const user = await shopper();
    const item = await product({ priceCents: 1000, inventory: 10 });
    expect(await attemptOf(user)).toBeNull();
    await add(user, item.id, 1);
    const first = await attemptOf(user);
    expect(await attemptOf(user)).toBe(first);
    // a payment made for it (the Stripe card box, say) keeps the key too
    await createIntent(user);
    expect(await attemptOf(user)).toBe(first);
    expect((await checkout(user, { attempt: first })).status).toBe(201);
    await add(user, item.id, 1);
    const second = await attemptOf(user);
    expect(second).not.toBe(first);
    expect((await checkout(user, { attempt: second })).status).toBe(201);
    expect(await ordersOf(user.id)).toHaveLength(2);
    expect(await chargedIntents(user.id)).toHaveLength(2);
  });

  it("answers a repeated post of a placed attempt with its order (200), charging nothing more", async () => {
    const user = await shopper();
    const item = await product({ priceCents: 1200, inventory: 5 });
    await add(user, item.id, 1);
    const attempt = await attemptOf(user);
    const first = await checkout(user, { attempt });
    const again = await checkout(user, { attempt });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body.data).toEqual({ order: first.body.data.order, created: false });
    expect(await paymentsOf(user.id)).toHaveLength(1);
    expect(await chargedIntents(user.id)).toHaveLength(1);
    expect(await inventoryOf(item.id)).toBe(4);
  });

  it("two tabs posting the same cart at once: one payment, one charge, one order", async () => {
    const user = await shopper();
    const item = await product({ priceCents: 900, inventory: 5 });
    await add(user, item.id, 2);
    const attempt = await attemptOf(user);
    const answers = await Promise.all([checkout(user, { attempt }), checkout(user, { attempt })]);
    expect(answers.map((a) => a.status).sort(), JSON.stringify(answers.map((a) => a.body))).toEqual([200, 201]);
    expect(answers[0]!.body.data.order.id).toBe(answers[1]!.body.data.order.id);
    expect(await paymentsOf(user.id)).toHaveLength(1);
    expect(await chargedIntents(user.id)).toHaveLength(1);
    expect(await inventoryOf(item.id)).toBe(3);
  });

  it("a declined card is a 402 with the network's message; another card pays the same payment", async () => {
    const user = await shopper();
    const item = await product({ priceCents: 1500, inventory: 5 });
    await add(user, item.id, 1);
    const attempt = await attemptOf(user);
    const declined = await checkout(user, { attempt, card: card({ cardNumber: DECLINED_CARD }) });
    expect(declined.status).toBe(402);
    expect(declined.body.message).toBe("Your card was declined.");
    expect(await ordersOf(user.id)).toEqual([]);
    expect(await inventoryOf(item.id)).toBe(5);

    const paid = await checkout(user, { attempt });
    expect(paid.status, JSON.stringify(paid.body)).toBe(201);
    const rows = await paymentsOf(user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.status).toBe("succeeded");
  });

  it("after a crash between the charge and our record, a retry places the order without charging again", async () => {
    const user = await shopper();
    const item = await product({ priceCents: 3000, inventory: 5 });
    await add(user, item.id, 1);
    const attempt = await attemptOf(user);
    // the first post made the payment and the provider charged it; the process died before writing it down
    const intent = await createIntent(user);
    const providerId = intent.body.data.paymentIntentId;
    await database.db
      .update(testPaymentIntents)
      .set({ status: "succeeded" })
      .where(eq(testPaymentIntents.id, providerId));

    // a declined card now cannot matter: the payment is already paid
    const retried = await checkout(user, { attempt, card: card({ cardNumber: DECLINED_CARD }) });
    expect(retried.status, JSON.stringify(retried.body)).toBe(201);
    const rows = await paymentsOf(user.id);
    expect(rows.map((p) => [p.providerPaymentId, p.status])).toEqual([[providerId, "succeeded"]]);
    expect(await chargedIntents(user.id)).toHaveLength(1);
  });

  it("a retried attempt whose items sold out after paying is refunded, not charged again (409)", async () => {
    const user = await shopper();
    const item = await product({ priceCents: 4000, inventory: 1 });
    await add(user, item.id, 1);
    const attempt = await attemptOf(user);
    const providerId = (await createIntent(user)).body.data.paymentIntentId;
    await database.db
      .update(testPaymentIntents)
      .set({ status: "succeeded" })
      .where(eq(testPaymentIntents.id, providerId));
    await database.db.update(products).set({ inventory: 0 }).where(eq(products.id, item.id));

    const retried = await checkout(user, { attempt });
    expect(retried.status, JSON.stringify(retried.body)).toBe(409);
    expect(retried.body.message).toMatch(/sold out while you were paying.*has been refunded/);
    const [row] = await paymentsOf(user.id);
    expect(row!.status).toBe("refunded");
    const [intentRow] = await database.db
      .select()
      .from(testPaymentIntents)
      .where(eq(testPaymentIntents.id, providerId));
    expect(intentRow!.status).toBe("refunded");
    expect(await ordersOf(user.id)).toEqual([]);
  });

  it("refuses a total that changed since the page was shown (409), charging nothing", async () => {
    const user = await shopper();
    const item = await product({ priceCents: 1000, inventory: 5 });
    await add(user, item.id, 1);
    const response = await checkout(user, { amount: 12 });
    expect(response.status).toBe(409);
    expect(response.body.message).toMatch(/cart total is now \$10\.00/);
    expect(await chargedIntents(user.id)).toEqual([]);
  });

  it("refuses bad input with 422 and field errors, and strangers with 403", async () => {
    const user = await shopper();
    const other = await shopper();
    const bad = await checkout(user, { billing: { ...billing, city: "" }, card: card({ cvc: "1" }) });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors ?? {}).sort()).toEqual(["billing.city", "card.cvc"]);
    const stranger = await api.json(
      `/orders/user/${user.id}/checkout`,
      json("POST", { billing, card: card() }, other.auth),
    );
    expect(stranger.status).toBe(403);
    const anonymous = await api.json(`/orders/user/${user.id}/checkout`, json("POST", { billing, card: card() }));
    expect(anonymous.status).toBe(401);
    expect(
      await database.db
        .select()
        .from(payments)
        .where(and(eq(payments.userId, user.id))),
    ).toEqual([]);
  });
});
