import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { payments, products, refunds, testPaymentIntents } from "~/db/schema";
import type { RefundDto } from "~/schemas/refunds";
import { TestPaymentProvider } from "~/services/payments/index.server";
import { reconcile } from "~/services/orders/reconciler.server";
import { processDueRefunds, refundBackoffMs } from "~/services/orders/refunds.server";
import { useApiServer } from "../support/api-server";
import { useCategory } from "../support/checkout";
import { mailsTo } from "../support/mail-outbox";
import { orderHelpers } from "../support/orders";
import { json, type Envelope } from "../support/requests";
import { useTestDatabase } from "../support/test-db";

// The reconciler: a paid payment whose order was never placed (the process died, the browser never came back) gets
// its order, or a refund when its items sold out; refunds that fail are retried with backoff and an admin can retry.

const database = useTestDatabase();
const api = useApiServer();
const { product } = useCategory(database);
const helpers = orderHelpers(api, database);
const { shopper, admin, add, createIntent, inventoryOf, ordersOf } = helpers;
const paymentRow = async (providerId: string) => (await helpers.paymentRow(providerId))!;
type User = Awaited<ReturnType<typeof shopper>>;

/** A cart paid at the provider whose order was never placed: what a crash after the charge leaves. */
async function orphan(user: User, productId: number, quantity: number) {
  await add(user, productId, quantity);
  const providerId = (await createIntent(user)).body.data.paymentIntentId;
  await database.db
    .update(testPaymentIntents)
    .set({ status: "succeeded" })
    .where(eq(testPaymentIntents.id, providerId));
  return providerId;
}

const sweep = (options: Parameters<typeof reconcile>[0] = {}) =>
  reconcile({ settleMs: 0, db: database.db, ...options });

describe("the reconciler", () => {
  it("places the order of a paid payment nobody placed, once, and leaves a fresh one to its checkout", async () => {
    const user = await shopper();
    const item = await product({ priceCents: 2000, inventory: 5 });
    const providerId = await orphan(user, item.id, 2);

    // touched a moment ago: its checkout may still be running
    expect((await reconcile({ db: database.db })).placed).toBe(0);
    expect(await ordersOf(user.id)).toEqual([]);

    const [first, second] = await Promise.all([sweep(), sweep()]);
    expect(first!.placed + second!.placed).toBe(1);
    const placed = await ordersOf(user.id);
    expect(placed).toHaveLength(1);
    expect(placed[0]!.totalCents).toBe(4000);
    expect(await inventoryOf(item.id)).toBe(3);
    expect((await paymentRow(providerId)).status).toBe("succeeded");
    expect((await sweep()).placed).toBe(0);
  });

  it("refunds a paid orphan whose items sold out meanwhile", async () => {
    const user = await shopper();
    const item = await product({ priceCents: 1500, inventory: 1 });
    const providerId = await orphan(user, item.id, 1);
    await database.db.update(products).set({ inventory: 0 }).where(eq(products.id, item.id));

    const report = await sweep();
    expect(report).toMatchObject({ placed: 0, refundsOwed: 1 });
    expect(await ordersOf(user.id)).toEqual([]);
    const payment = await paymentRow(providerId);
    expect(payment.status).toBe("refunded");
    const [owed] = await database.db.select().from(refunds).where(eq(refunds.paymentId, payment.id));
    expect(owed).toMatchObject({ status: "succeeded", attempts: 1 });
    expect(owed!.reason).toMatch(/sold out/);
    // nobody was on the page to read it: the shopper is told by e-mail, once
    const told = await mailsTo(database.db, user.email, "payment-refunded");
    expect(told).toHaveLength(1);
    expect(told[0]!.textBody).toContain(`${item.name} sold out while you were paying.`);
    expect(told[0]!.textBody).toContain("$15.00");
    await sweep();
    expect(await mailsTo(database.db, user.email, "payment-refunded")).toHaveLength(1);
  });

  it("brings an unpaid payment up to date and cancels one abandoned for a day", async () => {
    const user = await shopper();
    const item = await product({ priceCents: 1000, inventory: 5 });
    await add(user, item.id, 1);
    const providerId = (await createIntent(user)).body.data.paymentIntentId;
    expect((await sweep()).cancelled).toBe(0);
    expect((await paymentRow(providerId)).status).toBe("requires_payment_method");

    const tomorrow = new Date(Date.now() + 25 * 60 * 60_000);
    expect((await sweep({ now: tomorrow })).cancelled).toBe(1);
    expect((await paymentRow(providerId)).status).toBe("canceled");
    const [intent] = await database.db.select().from(testPaymentIntents).where(eq(testPaymentIntents.id, providerId));
    expect(intent!.status).toBe("canceled");
  });
});

describe("the reconciler at the edges", () => {
  it("places a day-old payment paid at the last moment instead of cancelling it", async () => {
    const user = await shopper();
    const item = await product({ priceCents: 1100, inventory: 5 });
    const providerId = await orphan(user, item.id, 1);
    const tomorrow = new Date(Date.now() + 25 * 60 * 60_000);
    expect(await sweep({ now: tomorrow })).toMatchObject({ placed: 1, cancelled: 0 });
    expect((await paymentRow(providerId)).status).toBe("succeeded");
    expect(await ordersOf(user.id)).toHaveLength(1);
  });

  it("refunds a payment whose paid amount does not match what it was for, placing nothing", async () => {
    const user = await shopper();
    const item = await product({ priceCents: 5000, inventory: 5 });
    const providerId = await orphan(user, item.id, 1);
    await database.db.update(testPaymentIntents).set({ amountCents: 100 }).where(eq(testPaymentIntents.id, providerId));
    const quiet = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      expect(await sweep()).toMatchObject({ placed: 0, refundsOwed: 1 });
    } finally {
      quiet.mockRestore();
    }
    expect(await ordersOf(user.id)).toEqual([]);
    const payment = await paymentRow(providerId);
    expect(payment.status).toBe("refunded");
    const [owed] = await database.db.select().from(refunds).where(eq(refunds.paymentId, payment.id));
    expect(owed).toMatchObject({ status: "succeeded", reason: "the amount paid did not match the order total" });
    // settled: the next sweep leaves it alone
    expect(await sweep()).toMatchObject({ placed: 0, refundsOwed: 0 });
  });
});

describe("refunds that fail", () => {
  it("are retried with backoff until the provider takes them; admins see them and can retry", async () => {
    const user = await shopper();
    const boss = await admin();
    const item = await product({ priceCents: 2500, inventory: 1 });
    const providerId = await orphan(user, item.id, 1);
    await database.db.update(products).set({ inventory: 0 }).where(eq(products.id, item.id));

    const refund = vi.spyOn(TestPaymentProvider.prototype, "refund").mockRejectedValue(new Error("network down"));
    const quiet = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      expect((await sweep()).refundsOwed).toBe(1);
      const payment = await paymentRow(providerId);
      expect(payment.status).toBe("succeeded");
      const [owed] = await database.db.select().from(refunds).where(eq(refunds.paymentId, payment.id));
      expect(owed).toMatchObject({ status: "pending", attempts: 1, lastError: "network down" });

      // not due yet: nothing is tried
      expect(await processDueRefunds(database.db)).toEqual({ tried: 0, refunded: 0 });
      // due, still failing: the wait grows
      const later = new Date(Date.now() + refundBackoffMs(1) + 1000);
      expect(await processDueRefunds(database.db, later)).toEqual({ tried: 1, refunded: 0 });
      const [again] = await database.db.select().from(refunds).where(eq(refunds.id, owed!.id));
      expect(again!.attempts).toBe(2);
      expect(again!.nextAttemptAt.getTime() - Date.now()).toBeGreaterThan(refundBackoffMs(2) - 5000);

      // the admin's list shows it, with what went wrong
      const list = await api.json<Envelope<{ pending: RefundDto[]; done: RefundDto[] }>>(
        "/admin/refunds",
        json("GET", undefined, boss.auth),
      );
      expect(list.status).toBe(200);
      expect(list.body.data.pending).toEqual([
        expect.objectContaining({
          id: owed!.id,
          providerPaymentId: providerId,
          customerEmail: user.email,
          amount: 25,
          attempts: 2,
          lastError: "network down",
        }),
      ]);
      expect((await api.json("/admin/refunds", json("GET", undefined, user.auth))).status).toBe(403);

      // the provider is back: the admin's retry goes through at once
      refund.mockRestore();
      const retried = await api.json<Envelope<RefundDto>>(
        `/admin/refunds/${owed!.id}/retry`,
        json("POST", undefined, boss.auth),
      );
      expect(retried.status, JSON.stringify(retried.body)).toBe(200);
      expect(retried.body.message).toBe(`Refund ${owed!.id} went through.`);
      expect(retried.body.data).toMatchObject({ status: "succeeded", attempts: 3, lastError: null });
      expect((await paymentRow(providerId)).status).toBe("refunded");
      const twice = await api.json(`/admin/refunds/${owed!.id}/retry`, json("POST", undefined, boss.auth));
      expect(twice.status).toBe(409);
      expect((await api.json("/admin/refunds/999999/retry", json("POST", undefined, boss.auth))).status).toBe(404);
    } finally {
      refund.mockRestore();
      quiet.mockRestore();
    }
  });
});

describe("the payments table", () => {
  it("keeps one payment per attempt key (a second insert with the same key is refused)", async () => {
    const user = await shopper();
    const values = {
      userId: user.id,
      provider: "test",
      amountCents: 100,
      cartSnapshot: [],
      checkoutKey: `checkout:pi:${user.id}:x:0`,
    };
    await database.db.insert(payments).values({ ...values, providerPaymentId: "pi_a" });
    await expect(database.db.insert(payments).values({ ...values, providerPaymentId: "pi_b" })).rejects.toThrow();
    await database.db.delete(payments).where(eq(payments.userId, user.id));
  });
});
