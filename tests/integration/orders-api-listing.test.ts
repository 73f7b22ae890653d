import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { orders, payments } from "~/db/schema";
import type { OrderDto } from "~/schemas/orders";
import { useApiServer } from "../support/api-server";
import { useCategory } from "../support/checkout";
import { DECLINED_CARD, orderHelpers } from "../support/orders";
import { json, type Envelope } from "../support/requests";
import { useTestDatabase } from "../support/test-db";

// A user's orders (GET /orders/user/{userId}/orders), and a whole checkout through the API.

const database = useTestDatabase();
const api = useApiServer();
const { product } = useCategory(database);
const { shopper, admin, add, createIntent, confirm, placeOrder, paidCart, inventoryOf } = orderHelpers(api, database);

describe("GET /orders/user/{userId}/orders", () => {
  it("answers an empty list for a user without orders", async () => {
    const user = await shopper();
    const response = await api.json(`/orders/user/${user.id}/orders`, { headers: user.auth });
    expect(response.status).toBe(200);
    expect(response.body.data).toEqual([]);
  });

  it("lists the user's orders newest first, only theirs", async () => {
    const user = await shopper();
    const bystander = await shopper();
    const p = await product({ priceCents: 100, inventory: 20 });
    const placed: OrderDto[] = [];
    for (const quantity of [1, 2, 3]) {
      const id = await paidCart(user, p.id, quantity);
      const response = await placeOrder(user, user.id, { paymentIntentId: id });
      expect(response.status).toBe(201);
      placed.push(response.body.data);
    }
    await placeOrder(bystander, bystander.id, { paymentIntentId: await paidCart(bystander, p.id, 4) });

    const list = async () =>
      (await api.json<Envelope<OrderDto[]>>(`/orders/user/${user.id}/orders`, { headers: user.auth })).body.data;
    const newestFirst = await list();
    expect(newestFirst.map((o) => o.id)).toEqual([placed[2]!.id, placed[1]!.id, placed[0]!.id]);
    expect(newestFirst.map((o) => o.totalAmount)).toEqual([3, 2, 1]);
    expect(newestFirst.every((o) => o.userId === user.id)).toBe(true);
    expect(newestFirst[0]).toEqual(placed[2]);

    // ordered by the order date, not by id: make the first order the newest
    const tomorrow = new Date(Date.now() + 24 * 3600 * 1000);
    await database.db.update(orders).set({ orderDate: tomorrow }).where(eq(orders.id, placed[0]!.id));
    const reordered = await list();
    expect(reordered.map((o) => o.id)).toEqual([placed[0]!.id, placed[2]!.id, placed[1]!.id]);
    expect(reordered[0]!.orderDate).toBe(tomorrow.toISOString());
  });

  it("anonymous 401, another user 403 without the orders, an admin sees them", async () => {
    const owner = await shopper();
    const other = await shopper();
    const boss = await admin();
    const p = await product({ inventory: 5 });
    const placed = await placeOrder(owner, owner.id, { paymentIntentId: await paidCart(owner, p.id, 1) });
    expect(placed.status).toBe(201);

    expect((await api.json(`/orders/user/${owner.id}/orders`)).status).toBe(401);
    const stranger = await api.json(`/orders/user/${owner.id}/orders`, { headers: other.auth });
    expect(stranger.status).toBe(403);
    expect(stranger.body.data).toBeNull();
    expect(JSON.stringify(stranger.body)).not.toContain(p.name);
    const asAdmin = await api.json<Envelope<OrderDto[]>>(`/orders/user/${owner.id}/orders`, { headers: boss.auth });
    expect(asAdmin.status).toBe(200);
    expect(asAdmin.body.data).toEqual([placed.body.data]);
    const own = await api.json<Envelope<OrderDto[]>>(`/orders/user/${owner.id}/orders`, { headers: owner.auth });
    expect(own.body.data).toEqual([placed.body.data]);
  });
});

describe("a whole checkout through the API", () => {
  it("add, pay with a declined then a good card, place the order, and find it in the history with the stock taken", async () => {
    const user = await shopper();
    const p = await product({ priceCents: 4999, inventory: 2 });
    await add(user, p.id, 2);
    const cart = await api.json<Envelope<{ totalAmount: number }>>(`/carts/user/${user.id}/cart`, {
      headers: user.auth,
    });
    const intent = await createIntent(user, { amount: cart.body.data.totalAmount, currency: "usd" });
    expect(intent.body.data.amount).toBe(99.98);
    expect(
      (await confirm(user, intent.body.data.paymentIntentId, { cardNumber: DECLINED_CARD })).body.data.status,
    ).toBe("requires_payment_method");
    expect((await placeOrder(user, user.id, { paymentIntentId: intent.body.data.paymentIntentId })).status).toBe(402);
    // the checkout page reloads: the same payment
    expect((await createIntent(user, { amount: 99.98 })).body.data.paymentIntentId).toBe(
      intent.body.data.paymentIntentId,
    );
    expect((await confirm(user, intent.body.data.paymentIntentId)).body.data.status).toBe("succeeded");
    const placed = await placeOrder(user, user.id, { paymentIntentId: intent.body.data.paymentIntentId });
    expect(placed.status).toBe(201);
    expect(await inventoryOf(p.id)).toBe(0);
    const count = await api.json<Envelope<{ count: number }>>(`/carts/user/${user.id}/count`, { headers: user.auth });
    expect(count.body.data.count).toBe(0);
    const history = await api.json<Envelope<OrderDto[]>>(`/orders/user/${user.id}/orders`, { headers: user.auth });
    expect(history.body.data.map((o) => o.id)).toEqual([placed.body.data.id]);
    // the product is now sold out for the next shopper
    const next = await shopper();
    const response = await api.json("/cartItems/item/add", json("POST", { productId: p.id, quantity: 1 }, next.auth));
    expect(response.status).toBe(409);
    const payment = await database.db
      .select()
      .from(payments)
      .where(and(eq(payments.userId, user.id), eq(payments.status, "succeeded")));
    expect(payment).toHaveLength(1);
  });
});
