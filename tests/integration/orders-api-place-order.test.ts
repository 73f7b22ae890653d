import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { orderItems, products } from "~/db/schema";
import type { OrderDto } from "~/schemas/orders";
import { useApiServer } from "../support/api-server";
import { useCategory } from "../support/checkout";
import { word } from "../support/factories";
import { orderHelpers } from "../support/orders";
import type { Envelope } from "../support/requests";
import { useTestDatabase } from "../support/test-db";

// Placing the order of a succeeded payment: once, with what was paid for, keeping its billing details and items.

const database = useTestDatabase();
const api = useApiServer();
const { product } = useCategory(database);
const helpers = orderHelpers(api, database);
const { shopper, add, intentFor, confirm, placeOrder, paidCart } = helpers;
const { inventoryOf, paymentRow, ordersOf, linesInDb } = helpers;

describe("POST /orders/user/{userId}/place-order", () => {
  it("places the order of a succeeded payment: 201, the stock is taken, the ordered lines leave the cart", async () => {
    const user = await shopper();
    const a = await product({ priceCents: 1999, inventory: 5 });
    const b = await product({ priceCents: 550, inventory: 3 });
    await add(user, a.id, 2);
    await add(user, b.id, 3);
    const id = await intentFor(user);
    await confirm(user, id);

    const response = await placeOrder(user, user.id, { paymentIntentId: id });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    expect(response.body.message).toBe("Payment successful! Your order has been placed.");
    const order = response.body.data;
    expect(response.body.order).toEqual(order);
    expect(order).toMatchObject({ id: expect.any(Number), userId: user.id, totalAmount: 56.48, status: "PENDING" });
    expect(new Date(order.orderDate).toISOString()).toBe(order.orderDate);
    expect(Math.abs(Date.now() - Date.parse(order.orderDate))).toBeLessThan(60_000);
    expect([...order.items].sort((x, y) => x.productId! - y.productId!)).toEqual(
      [
        {
          productId: a.id,
          variantId: a.variantId,
          variantLabel: "",
          productName: a.name,
          productBrand: a.brand,
          quantity: 2,
          price: 19.99,
        },
        {
          productId: b.id,
          variantId: b.variantId,
          variantLabel: "",
          productName: b.name,
          productBrand: b.brand,
          quantity: 3,
          price: 5.5,
        },
      ].sort((x, y) => x.productId - y.productId),
    );

    expect(await inventoryOf(a.id)).toBe(3);
    expect(await inventoryOf(b.id)).toBe(0);
    expect(await linesInDb(user.id)).toEqual({});
    const rows = await ordersOf(user.id);
    expect(rows).toHaveLength(1);
    const payment = await paymentRow(id);
    expect(rows[0]).toMatchObject({ id: order.id, totalCents: 5648, paymentId: payment!.id, status: "PENDING" });
    expect(payment!.status).toBe("succeeded");
    expect(await database.db.select().from(orderItems).where(eq(orderItems.orderId, order.id))).toHaveLength(2);
  });

  it("placing the same payment again answers the same order with 200 and changes nothing", async () => {
    const user = await shopper();
    const p = await product({ priceCents: 1000, inventory: 5 });
    const id = await paidCart(user, p.id, 2);
    const first = await placeOrder(user, user.id, { paymentIntentId: id });
    expect(first.status).toBe(201);
    // something new in the cart after the order must not be touched by the replay
    await add(user, p.id, 1);
    const second = await placeOrder(user, user.id, { paymentIntentId: id });
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    expect(second.body.data).toEqual(first.body.data);
    expect(second.body.order).toEqual(first.body.data);
    expect(await ordersOf(user.id)).toHaveLength(1);
    expect(await inventoryOf(p.id)).toBe(3);
    expect(await linesInDb(user.id)).toEqual({ [p.id]: 1 });
  });

  it("two place-order requests for one payment at the same time make one order and take the stock once", async () => {
    const user = await shopper();
    const p = await product({ priceCents: 1000, inventory: 5 });
    const id = await paidCart(user, p.id, 2);
    const [a, b] = await Promise.all([
      placeOrder(user, user.id, { paymentIntentId: id }),
      placeOrder(user, user.id, { paymentIntentId: id }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 201]);
    expect(a.body.data.id).toBe(b.body.data.id);
    expect(await ordersOf(user.id)).toHaveLength(1);
    expect(await inventoryOf(p.id)).toBe(3);
  });

  it("without a payment id, places the order of the latest succeeded payment", async () => {
    const user = await shopper();
    const p = await product({ priceCents: 700, inventory: 5 });
    const id = await paidCart(user, p.id, 1);
    const first = await placeOrder(user, user.id, {});
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body.data.totalAmount).toBe(7);
    expect((await ordersOf(user.id))[0]!.paymentId).toBe((await paymentRow(id))!.id);
    expect(await inventoryOf(p.id)).toBe(4);
    // that payment is used now: nothing more to place
    expect((await placeOrder(user, user.id, {})).status).toBe(402);
    expect(await ordersOf(user.id)).toHaveLength(1);
  });

  it("accepts a request without any body, as the reference client sends it (owner 201, another user 403)", async () => {
    const user = await shopper();
    const other = await shopper();
    const p = await product({ priceCents: 700, inventory: 5 });
    await paidCart(user, p.id, 2);
    const stranger = await api.json(`/orders/user/${user.id}/place-order`, { method: "POST", headers: other.auth });
    // soft, so that both answers are reported
    expect.soft(stranger.status, JSON.stringify(stranger.body)).toBe(403);
    const bare = await api.json<Envelope<OrderDto>>(`/orders/user/${user.id}/place-order`, {
      method: "POST",
      headers: user.auth,
    });
    expect(bare.status, JSON.stringify(bare.body)).toBe(201);
    expect(bare.body.data.totalAmount).toBe(14);
    expect(await ordersOf(user.id)).toHaveLength(1);
    expect(await inventoryOf(p.id)).toBe(3);
  });

  it("orders what was paid for, and keeps in the cart what was added after paying", async () => {
    const user = await shopper();
    const paidFor = await product({ inventory: 5 });
    const later = await product({ inventory: 5 });
    const id = await paidCart(user, paidFor.id, 2);
    await add(user, later.id, 1);
    await add(user, paidFor.id, 1);
    const response = await placeOrder(user, user.id, { paymentIntentId: id });
    expect(response.status).toBe(201);
    expect(response.body.data.items).toEqual([expect.objectContaining({ productId: paidFor.id, quantity: 2 })]);
    expect(await linesInDb(user.id)).toEqual({ [later.id]: 1, [paidFor.id]: 1 });
    expect(await inventoryOf(paidFor.id)).toBe(3);
    expect(await inventoryOf(later.id)).toBe(5);
  });

  it("keeps the billing details with the order", async () => {
    const user = await shopper();
    const p = await product({ inventory: 5 });
    const id = await paidCart(user, p.id, 1);
    const billing = {
      firstName: "Ada",
      lastName: "Lovelace",
      email: user.email,
      street: "1 Main St",
      city: "Austin",
      state: "TX",
      country: "us",
      postalCode: "78701",
    };
    const response = await placeOrder(user, user.id, { paymentIntentId: id, billing });
    expect(response.status).toBe(201);
    const [row] = await ordersOf(user.id);
    expect(row!.billing).toMatchObject({ ...billing, country: "US" });
  });

  it("the order keeps its item snapshot when the product changes or is deleted afterwards", async () => {
    const user = await shopper();
    const p = await product({ priceCents: 2599, inventory: 5 });
    const id = await paidCart(user, p.id, 2);
    const placed = await placeOrder(user, user.id, { paymentIntentId: id });
    expect(placed.status).toBe(201);

    await database.db
      .update(products)
      .set({ name: `Renamed ${word()}`, brand: "Other", priceCents: 1 })
      .where(eq(products.id, p.id));
    const renamed = await api.json<Envelope<OrderDto[]>>(`/orders/user/${user.id}/orders`, { headers: user.auth });
    expect(renamed.body.data[0]!.items).toEqual([
      {
        productId: p.id,
        variantId: p.variantId,
        variantLabel: "",
        productName: p.name,
        productBrand: p.brand,
        quantity: 2,
        price: 25.99,
      },
    ]);

    await database.db.delete(products).where(eq(products.id, p.id));
    const response = await api.json<Envelope<OrderDto[]>>(`/orders/user/${user.id}/orders`, { headers: user.auth });
    expect(response.status).toBe(200);
    expect(response.body.data).toHaveLength(1);
    expect(response.body.data[0]).toMatchObject({ id: placed.body.data.id, totalAmount: 51.98 });
    expect(response.body.data[0]!.items).toEqual([
      {
        productId: null,
        variantId: null,
        variantLabel: "",
        productName: p.name,
        productBrand: p.brand,
        quantity: 2,
        price: 25.99,
      },
    ]);
    const rows = await database.db.select().from(orderItems).where(eq(orderItems.orderId, placed.body.data.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.productId).toBeNull();
  });
});
