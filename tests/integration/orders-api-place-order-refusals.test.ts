import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { orderItems, products } from "~/db/schema";
import { useApiServer } from "../support/api-server";
import { useCategory } from "../support/checkout";
import { DECLINED_CARD, orderHelpers } from "../support/orders";
import { json } from "../support/requests";
import { useTestDatabase } from "../support/test-db";

// When place-order places nothing: no succeeded payment, someone else's payment or order, a bad body, sold-out stock.

const database = useTestDatabase();
const api = useApiServer();
const { product } = useCategory(database);
const helpers = orderHelpers(api, database);
const { shopper, admin, add, intentFor, confirm, placeOrder, paidCart } = helpers;
const { inventoryOf, paymentRow, testIntentRow, ordersOf, linesInDb } = helpers;

describe("POST /orders/user/{userId}/place-order", () => {
  it("answers 402 without a succeeded payment, placing nothing and taking no stock", async () => {
    const user = await shopper();
    const p = await product({ inventory: 5 });
    await add(user, p.id, 1);

    const none = await placeOrder(user, user.id, {});
    expect(none.status).toBe(402);
    expect(none.body.data).toBeNull();

    const id = await intentFor(user);
    const unpaid = await placeOrder(user, user.id, { paymentIntentId: id });
    expect(unpaid.status).toBe(402);

    await confirm(user, id, { cardNumber: DECLINED_CARD });
    const declined = await placeOrder(user, user.id, { paymentIntentId: id });
    expect(declined.status).toBe(402);
    expect((await placeOrder(user, user.id, {})).status).toBe(402);

    expect((await placeOrder(user, user.id, { paymentIntentId: "pi_test_doesnotexist" })).status).toBe(402);

    expect(await ordersOf(user.id)).toEqual([]);
    expect(await inventoryOf(p.id)).toBe(5);
    expect(await linesInDb(user.id)).toEqual({ [p.id]: 1 });
  });

  it("does not place an order with another user's payment (402)", async () => {
    const owner = await shopper();
    const thief = await shopper();
    const p = await product({ inventory: 5 });
    const id = await paidCart(owner, p.id, 1);
    await add(thief, p.id, 1);
    const response = await placeOrder(thief, thief.id, { paymentIntentId: id });
    expect(response.status).toBe(402);
    expect(await ordersOf(thief.id)).toEqual([]);
    expect(await ordersOf(owner.id)).toEqual([]);
    expect(await inventoryOf(p.id)).toBe(5);
  });

  it("anonymous 401 and another user 403 place nothing; an admin may place the owner's order", async () => {
    const owner = await shopper();
    const other = await shopper();
    const boss = await admin();
    const p = await product({ inventory: 5 });
    const id = await paidCart(owner, p.id, 1);

    const anonymous = await api.json(`/orders/user/${owner.id}/place-order`, json("POST", { paymentIntentId: id }));
    expect(anonymous.status).toBe(401);
    const stranger = await placeOrder(other, owner.id, { paymentIntentId: id });
    expect(stranger.status).toBe(403);
    expect(JSON.stringify(stranger.body)).not.toContain(p.name);
    expect(await ordersOf(owner.id)).toEqual([]);
    expect(await inventoryOf(p.id)).toBe(5);

    const byAdmin = await placeOrder(boss, owner.id, { paymentIntentId: id });
    expect(byAdmin.status, JSON.stringify(byAdmin.body)).toBe(201);
    expect(byAdmin.body.data.userId).toBe(owner.id);
    expect(await ordersOf(owner.id)).toHaveLength(1);
    expect(await ordersOf(boss.id)).toEqual([]);
    expect(await inventoryOf(p.id)).toBe(4);
  });

  it("answers a body that is not JSON with 400 and an invalid billing with 422, placing nothing", async () => {
    const user = await shopper();
    const p = await product({ inventory: 5 });
    const id = await paidCart(user, p.id, 1);
    const bad = await api.json(`/orders/user/${user.id}/place-order`, {
      method: "POST",
      headers: { ...user.auth, "content-type": "application/json" },
      body: "{nope",
    });
    expect(bad.status).toBe(400);
    expect(bad.body.data).toBeNull();
    const invalid = await placeOrder(user, user.id, {
      paymentIntentId: id,
      billing: { firstName: "", email: "nope", country: "Narnia" },
    });
    expect(invalid.status).toBe(422);
    expect(Object.keys(invalid.body.errors ?? {})).toEqual(
      expect.arrayContaining(["billing.email", "billing.country"]),
    );
    expect(await ordersOf(user.id)).toEqual([]);
    expect(await inventoryOf(p.id)).toBe(5);
  });

  it("refunds the payment when the stock ran out after paying (409): no order, stock and cart unchanged", async () => {
    const user = await shopper();
    const plenty = await product({ priceCents: 300, inventory: 10 });
    const scarce = await product({ priceCents: 1500, inventory: 5 });
    await add(user, plenty.id, 2);
    await add(user, scarce.id, 3);
    const id = await intentFor(user);
    expect((await confirm(user, id)).body.data.status).toBe("succeeded");
    // someone else bought most of it meanwhile
    await database.db.update(products).set({ inventory: 2 }).where(eq(products.id, scarce.id));

    const response = await placeOrder(user, user.id, { paymentIntentId: id });
    expect(response.status, JSON.stringify(response.body)).toBe(409);
    expect(response.body.data).toBeNull();
    expect(response.body.message).toContain("sold out");
    expect(response.body.message).toContain("refunded");
    expect(response.body.message).toContain(scarce.name);
    expect(response.body.message).toContain("$51.00");

    expect(await ordersOf(user.id)).toEqual([]);
    expect(await database.db.select().from(orderItems).where(eq(orderItems.productName, scarce.name))).toEqual([]);
    expect(await inventoryOf(scarce.id)).toBe(2);
    expect(await inventoryOf(plenty.id)).toBe(10);
    expect((await paymentRow(id))!.status).toBe("refunded");
    expect((await testIntentRow(id))!.status).toBe("refunded");
    expect(await linesInDb(user.id)).toEqual({ [plenty.id]: 2, [scarce.id]: 3 });

    // a refunded payment cannot place an order later, even once the stock is back
    await database.db.update(products).set({ inventory: 5 }).where(eq(products.id, scarce.id));
    const again = await placeOrder(user, user.id, { paymentIntentId: id });
    expect(again.status).toBe(402);
    expect(await ordersOf(user.id)).toEqual([]);
    expect(await inventoryOf(scarce.id)).toBe(5);
  });
});
