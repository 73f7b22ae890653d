import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { orders } from "~/db/schema";
import { ALLOWED, PATH_TO, STATUSES, useAdminOrders } from "../support/admin-orders";
import { useApiServer } from "../support/api-server";
import { json, type Envelope } from "../support/requests";
import { mailsTo } from "../support/mail-outbox";
import { useTestDatabase } from "../support/test-db";

// The admin moves an order along (PUT /orders/order/{orderId}/status): the allowed steps, the refused ones, bad input.

const database = useTestDatabase();
const api = useApiServer();
const helpers = useAdminOrders(api, database);
const { boss, shopper, product, placedOrder, setStatus, setStatusForm, advance, listAll, ownerView } = helpers;
const { inventoryOf, orderRow, paymentRow, testIntentRow, stateOf, countOrders } = helpers;

describe("PUT /orders/order/{orderId}/status: moving forward", () => {
  it("takes an order PENDING → PROCESSING → SHIPPED → DELIVERED; the owner sees each status; stock and payment stay", async () => {
    const user = await shopper();
    const p = await product({ priceCents: 2000, inventory: 10 });
    const q = await product({ priceCents: 500, inventory: 10 });
    const { order, paymentIntentId } = await placedOrder(user, [
      [p.id, 2],
      [q.id, 1],
    ]);
    expect(await inventoryOf(p.id)).toBe(8);
    expect(await inventoryOf(q.id)).toBe(9);
    expect((await ownerView(user, order.id))!.status).toBe("PENDING");

    expect(order.statusLabel).toBe("Paid");
    const labels = { PROCESSING: "Preparing", SHIPPED: "Shipped", DELIVERED: "Delivered" };
    const news = { PROCESSING: "preparing your order", SHIPPED: "has shipped", DELIVERED: "has been delivered" };
    for (const status of ["PROCESSING", "SHIPPED", "DELIVERED"] as const) {
      const response = await setStatus(boss.auth, order.id, status);
      expect(response.status, `${status}: ${JSON.stringify(response.body)}`).toBe(200);
      expect(response.body.message).toBe(`Order #${order.id} is now ${labels[status]}.`);
      const moved = { ...order, status, statusLabel: labels[status] };
      expect(response.body.data).toEqual(moved);
      expect((await orderRow(order.id)).status).toBe(status);
      expect(await ownerView(user, order.id)).toEqual(moved);
      // the shopper hears of each step
      const mail = (await mailsTo(database.db, user.email, "order-status")).at(-1);
      expect(mail?.subject).toContain(news[status]);
      expect(mail?.subject).toContain(`#${order.id}`);
      const listed = await listAll(`?status=${status}&size=100`);
      expect(listed.body.data.content.map((o) => o.id)).toContain(order.id);
      // moving forward neither touches the stock nor the payment
      expect(await inventoryOf(p.id)).toBe(8);
      expect(await inventoryOf(q.id)).toBe(9);
      expect((await paymentRow(paymentIntentId)).status).toBe("succeeded");
      expect((await testIntentRow(paymentIntentId)).status).toBe("succeeded");
    }
  });

  it("accepts the status as form data (urlencoded and multipart)", async () => {
    const user = await shopper();
    const p = await product({ inventory: 10 });
    const { order } = await placedOrder(user, [[p.id, 1]]);

    const urlencoded = await setStatusForm(boss.auth, order.id, new URLSearchParams({ status: "PROCESSING" }));
    expect(urlencoded.status, JSON.stringify(urlencoded.body)).toBe(200);
    expect(urlencoded.body.message).toBe(`Order #${order.id} is now Preparing.`);
    expect(urlencoded.body.data!.status).toBe("PROCESSING");
    expect((await orderRow(order.id)).status).toBe("PROCESSING");

    const multipart = new FormData();
    multipart.set("status", "SHIPPED");
    const shipped = await setStatusForm(boss.auth, order.id, multipart);
    expect(shipped.status, JSON.stringify(shipped.body)).toBe(200);
    expect((await orderRow(order.id)).status).toBe("SHIPPED");

    // a disallowed step by form is refused the same way
    const back = await setStatusForm(boss.auth, order.id, new URLSearchParams({ status: "PENDING" }));
    expect(back.status).toBe(409);
    const invalid = await setStatusForm(boss.auth, order.id, new URLSearchParams({ status: "LOST" }));
    expect(invalid.status).toBe(422);
    expect(Object.keys(invalid.body.errors ?? {})).toContain("status");
    expect((await orderRow(order.id)).status).toBe("SHIPPED");
  });

  it("cancels by form data too, returning the stock and refunding", async () => {
    const user = await shopper();
    const p = await product({ inventory: 10 });
    const { order, paymentIntentId } = await placedOrder(user, [[p.id, 4]]);
    expect(await inventoryOf(p.id)).toBe(6);
    const response = await setStatusForm(boss.auth, order.id, new URLSearchParams({ status: "CANCELLED" }));
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.data!.status).toBe("CANCELLED");
    expect(await inventoryOf(p.id)).toBe(10);
    expect((await paymentRow(paymentIntentId)).status).toBe("refunded");
    expect((await testIntentRow(paymentIntentId)).status).toBe("refunded");
  });
});

describe("PUT /orders/order/{orderId}/status: disallowed transitions", () => {
  for (const from of STATUSES) {
    const refused = STATUSES.filter((to) => !ALLOWED[from].includes(to));
    it(`refuses ${from} → ${refused.join(", ")} with 409 and leaves the order, stock and payment as they were`, async () => {
      const user = await shopper();
      const p = await product({ inventory: 10 });
      const { order, paymentIntentId } = await placedOrder(user, [[p.id, 3]]);
      await advance(order.id, PATH_TO[from]);
      const before = await stateOf(order.id, paymentIntentId, [p.id]);
      expect(before.order.status).toBe(from);
      expect(before.stock).toEqual([from === "CANCELLED" ? 10 : 7]);

      for (const to of refused) {
        const response = await setStatus(boss.auth, order.id, to);
        const label = `${from} → ${to}: ${response.status} ${JSON.stringify(response.body)}`;
        expect(response.status, label).toBe(409);
        expect(response.body.data, label).toBeNull();
        expect(response.body.message, label).toContain(`Order #${order.id}`);
        expect(response.body.message, label).toContain(from);
        expect(await stateOf(order.id, paymentIntentId, [p.id]), label).toEqual(before);
      }
      expect((await ownerView(user, order.id))!.status).toBe(from);
    });
  }
});

describe("PUT /orders/order/{orderId}/status: unknown orders and invalid statuses", () => {
  it("answers 404 for an order that does not exist, changing nothing", async () => {
    const total = await countOrders();
    const [{ maxId }] = (await database.db
      .select({ maxId: sql<number>`coalesce(max(${orders.id}), 0)` })
      .from(orders)) as [{ maxId: number }];
    for (const status of ["PROCESSING", "CANCELLED"]) {
      const response = await setStatus(boss.auth, Number(maxId) + 1000, status);
      expect(response.status, JSON.stringify(response.body)).toBe(404);
      expect(response.body.data).toBeNull();
      expect(response.body.message).toEqual(expect.any(String));
    }
    const form = await setStatusForm(boss.auth, Number(maxId) + 1000, new URLSearchParams({ status: "PROCESSING" }));
    expect(form.status).toBe(404);
    expect(await countOrders()).toBe(total);
  });

  it("answers 422 with errors.status for a missing or unknown status, changing nothing", async () => {
    const user = await shopper();
    const p = await product({ inventory: 10 });
    const { order, paymentIntentId } = await placedOrder(user, [[p.id, 1]]);
    const before = await stateOf(order.id, paymentIntentId, [p.id]);
    const bodies: unknown[] = [
      { status: "LOST" },
      { status: "processing" },
      { status: "" },
      { status: 1 },
      { status: null },
      {},
    ];
    for (const body of bodies) {
      const response = await api.json<Envelope<null>>(`/orders/order/${order.id}/status`, json("PUT", body, boss.auth));
      const label = `${JSON.stringify(body)} → ${response.status} ${JSON.stringify(response.body)}`;
      expect(response.status, label).toBe(422);
      expect(response.body.data, label).toBeNull();
      expect(Object.keys(response.body.errors ?? {}), label).toContain("status");
    }
    expect(await stateOf(order.id, paymentIntentId, [p.id])).toEqual(before);
    expect(before.order.status).toBe("PENDING");
  });

  it("answers 400 for an order id that is not a positive whole number", async () => {
    for (const id of ["abc", "0", "-1", "1.5"]) {
      const response = await api.json(`/orders/order/${id}/status`, json("PUT", { status: "PROCESSING" }, boss.auth));
      expect(response.status, `${id}: ${JSON.stringify(response.body)}`).toBe(400);
      expect(response.body.data).toBeNull();
    }
  });
});
