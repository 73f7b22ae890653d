import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { products, refunds, testPaymentIntents } from "~/db/schema";
import { PATH_TO, useAdminOrders } from "../support/admin-orders";
import { useApiServer } from "../support/api-server";
import { mailsTo } from "../support/mail-outbox";
import { useTestDatabase } from "../support/test-db";

// The admin cancels an order: the stock comes back once and the payment is refunded, whatever races it.

const database = useTestDatabase();
const api = useApiServer();
const helpers = useAdminOrders(api, database);
const { boss, shopper, product, placedOrder, setStatus, advance, listAll, ownerView } = helpers;
const { inventoryOf, orderRow, paymentRow, testIntentRow, stateOf } = helpers;

describe("PUT /orders/order/{orderId}/status: cancelling", () => {
  for (const from of ["PENDING", "PROCESSING"] as const) {
    it(`cancels a ${from} order: the stock comes back once, the payment and the test intent are refunded`, async () => {
      const user = await shopper();
      const p = await product({ priceCents: 1999, inventory: 10 });
      const q = await product({ priceCents: 550, inventory: 4 });
      const bystander = await product({ inventory: 7 });
      const { order, paymentIntentId } = await placedOrder(user, [
        [p.id, 2],
        [q.id, 4],
      ]);
      await advance(order.id, PATH_TO[from]);
      expect(await inventoryOf(p.id)).toBe(8);
      expect(await inventoryOf(q.id)).toBe(0);
      // stock moves meanwhile: the return adds to what is there now
      await database.db.update(products).set({ inventory: 5 }).where(eq(products.id, p.id));

      const response = await setStatus(boss.auth, order.id, "CANCELLED");
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      // the order's number as the shop writes it everywhere else (e-mails, pages): "#2"
      expect(response.body.message).toMatch(new RegExp(`^Order #${order.id} cancelled; the stock is back`));
      // the refund went through at once: the shopper reads "Refunded", and was told by e-mail
      expect(response.body.data).toEqual({ ...order, status: "CANCELLED", statusLabel: "Refunded" });
      const mail = (await mailsTo(database.db, user.email, "order-status")).at(-1);
      expect(mail?.subject).toBe(`Your order #${order.id} has been cancelled`);
      expect(mail?.textBody).toMatch(/refunded/);
      expect(response.body.message).toContain(`Order #${order.id}`);
      expect(response.body.message).toMatch(/refund/i);
      expect(response.body.message).not.toMatch(/failed/i);
      expect(response.body.message).toContain("$61.98");

      expect(await inventoryOf(p.id)).toBe(7);
      expect(await inventoryOf(q.id)).toBe(4);
      expect(await inventoryOf(bystander.id)).toBe(7);
      const payment = await paymentRow(paymentIntentId);
      expect(payment.status).toBe("refunded");
      expect(payment.failureMessage).toContain(`order ${order.id}`);
      expect((await testIntentRow(paymentIntentId)).status).toBe("refunded");
      expect((await orderRow(order.id)).status).toBe("CANCELLED");
      expect((await ownerView(user, order.id))!.status).toBe("CANCELLED");
      const listed = await listAll("?status=CANCELLED&size=100");
      expect(listed.body.data.content.map((o) => o.id)).toContain(order.id);

      // a second cancel is refused and returns nothing more
      const after = await stateOf(order.id, paymentIntentId, [p.id, q.id]);
      const again = await setStatus(boss.auth, order.id, "CANCELLED");
      expect(again.status, JSON.stringify(again.body)).toBe(409);
      expect(again.body.data).toBeNull();
      expect(again.body.message).toEqual(expect.any(String));
      expect(await stateOf(order.id, paymentIntentId, [p.id, q.id])).toEqual(after);
      expect(await inventoryOf(p.id)).toBe(7);
      expect(await inventoryOf(q.id)).toBe(4);
    });
  }

  it("two cancels of one order at the same time: one 200 and one 409, the stock comes back once", async () => {
    const user = await shopper();
    const p = await product({ inventory: 10 });
    const { order, paymentIntentId } = await placedOrder(user, [[p.id, 3]]);
    const [a, b] = await Promise.all([
      setStatus(boss.auth, order.id, "CANCELLED"),
      setStatus(boss.auth, order.id, "CANCELLED"),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    expect(await inventoryOf(p.id)).toBe(10);
    expect((await orderRow(order.id)).status).toBe("CANCELLED");
    expect((await paymentRow(paymentIntentId)).status).toBe("refunded");
    expect((await testIntentRow(paymentIntentId)).status).toBe("refunded");
  });

  it("a cancel racing a ship: exactly one wins and the stock matches the outcome", async () => {
    const user = await shopper();
    const p = await product({ inventory: 10 });
    const { order, paymentIntentId } = await placedOrder(user, [[p.id, 3]]);
    await advance(order.id, ["PROCESSING"]);
    const [cancel, ship] = await Promise.all([
      setStatus(boss.auth, order.id, "CANCELLED"),
      setStatus(boss.auth, order.id, "SHIPPED"),
    ]);
    expect([cancel.status, ship.status].sort()).toEqual([200, 409]);
    const final = (await orderRow(order.id)).status;
    if (cancel.status === 200) {
      expect(final).toBe("CANCELLED");
      expect(await inventoryOf(p.id)).toBe(10);
      expect((await paymentRow(paymentIntentId)).status).toBe("refunded");
    } else {
      expect(final).toBe("SHIPPED");
      expect(await inventoryOf(p.id)).toBe(7);
      expect((await paymentRow(paymentIntentId)).status).toBe("succeeded");
    }
  });

  it("refuses to cancel a SHIPPED or DELIVERED order (409): no stock back, no refund", async () => {
    const user = await shopper();
    const p = await product({ inventory: 10 });
    for (const from of ["SHIPPED", "DELIVERED"] as const) {
      const { order, paymentIntentId } = await placedOrder(user, [[p.id, 2]]);
      await advance(order.id, PATH_TO[from]);
      const before = await stateOf(order.id, paymentIntentId, [p.id]);
      const response = await setStatus(boss.auth, order.id, "CANCELLED");
      expect(response.status, `${from}: ${JSON.stringify(response.body)}`).toBe(409);
      expect(response.body.data).toBeNull();
      expect(response.body.message).toContain(from);
      expect(await stateOf(order.id, paymentIntentId, [p.id])).toEqual(before);
      expect(before.payment.status).toBe("succeeded");
      expect(before.intent.status).toBe("succeeded");
    }
    expect(await inventoryOf(p.id)).toBe(6);
  });

  it("skips the lines of a deleted product and returns the others' stock, without an error", async () => {
    const user = await shopper();
    const kept = await product({ priceCents: 1000, inventory: 10 });
    const doomed = await product({ priceCents: 2500, inventory: 10 });
    const { order, paymentIntentId } = await placedOrder(user, [
      [kept.id, 2],
      [doomed.id, 3],
    ]);
    const deleted = await api.json(`/products/product/${doomed.id}/delete`, { method: "DELETE", headers: boss.auth });
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    expect(await inventoryOf(doomed.id)).toBeUndefined();

    const response = await setStatus(boss.auth, order.id, "CANCELLED");
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.message).toMatch(/refund/i);
    expect(response.body.message).not.toMatch(/failed/i);
    expect(response.body.data!.status).toBe("CANCELLED");
    expect([...response.body.data!.items].sort((x, y) => x.quantity - y.quantity)).toEqual([
      {
        productId: kept.id,
        variantId: kept.variantId,
        variantLabel: "",
        productName: kept.name,
        productBrand: kept.brand,
        quantity: 2,
        price: 10,
      },
      {
        productId: null,
        variantId: null,
        variantLabel: "",
        productName: doomed.name,
        productBrand: doomed.brand,
        quantity: 3,
        price: 25,
      },
    ]);
    expect(await inventoryOf(kept.id)).toBe(10);
    // the deleted product is not brought back
    expect(await database.db.select().from(products).where(eq(products.id, doomed.id))).toEqual([]);
    expect((await paymentRow(paymentIntentId)).status).toBe("refunded");
    expect((await testIntentRow(paymentIntentId)).status).toBe("refunded");
    expect((await orderRow(order.id)).status).toBe("CANCELLED");
  });

  it("still cancels and returns the stock when the refund fails, and says so", async () => {
    const user = await shopper();
    const p = await product({ priceCents: 1000, inventory: 10 });
    const { order, paymentIntentId } = await placedOrder(user, [[p.id, 2]]);
    // the provider no longer knows the payment: its refund throws
    await database.db.delete(testPaymentIntents).where(eq(testPaymentIntents.id, paymentIntentId));
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    let logs: unknown[][] = [];
    const response = await setStatus(boss.auth, order.id, "CANCELLED").finally(() => {
      logs = [...logged.mock.calls];
      logged.mockRestore();
    });
    // the failure is logged for the operator
    expect(logs.some((args) => String(args[0]).includes(`refund of payment ${paymentIntentId} failed`))).toBe(true);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.data!.status).toBe("CANCELLED");
    expect(response.body.message).toMatch(/refund did not go through yet: it will be retried automatically/i);
    expect(await inventoryOf(p.id)).toBe(10);
    // not marked refunded when no money went back, but owed: in the refunds queue with the error and a next try
    const payment = await paymentRow(paymentIntentId);
    expect(payment.status).toBe("succeeded");
    const [owed] = await database.db.select().from(refunds).where(eq(refunds.paymentId, payment.id));
    expect(owed).toMatchObject({ status: "pending", attempts: 1, reason: `order ${order.id} cancelled` });
    expect(owed!.lastError).toMatch(/no such payment/i);
    expect(owed!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
  });
});
