import { eq } from "drizzle-orm";
import { describe, expect, it, onTestFinished } from "vitest";
import { orders, refunds, shopSettings, withdrawalRequests } from "~/db/schema";
import { getConfig, setConfig, type RateLimitConfig } from "~/lib/env.server";
import type { AfterSaleOptionsDto, WithdrawalRequestDto } from "~/schemas/after-sale";
import type { OrderDto } from "~/schemas/orders";
import { WITHDRAWAL_RECEIVED } from "~/services/orders/after-sale.server";
import { processDueRefunds } from "~/services/orders/refunds.server";
import { shopAddress } from "~/services/mail/templates/after-sale.server";
import { PASSWORD } from "../support/accounts";
import { PATH_TO, useAdminOrders } from "../support/admin-orders";
import { useApiServer } from "../support/api-server";
import { mailsTo } from "../support/mail-outbox";
import { json, type Auth, type Envelope } from "../support/requests";
import { useTestDatabase } from "../support/test-db";

// After the sale (decision 0039): the owner cancels an order that has not shipped (stock back, refund queued, the
// shopper and the shop mailed), and anyone withdraws from the contract through the public form, which answers the
// same whether or not the order matches, is limited per client, acknowledges with the date and time by mail, and
// keeps to the withdrawal period.

const database = useTestDatabase();
const api = useApiServer();
const { boss, shopper, product, placedOrder, advance, inventoryOf, orderRow } = useAdminOrders(api, database);

const cancel = (who: Auth, orderId: number) =>
  api.json<Envelope<OrderDto | null>>(`/orders/order/${orderId}/cancel`, { method: "POST", headers: who });
const withdrawOwn = (who: Auth, orderId: number) =>
  api.json<Envelope<OrderDto | null>>(`/orders/order/${orderId}/withdraw`, { method: "POST", headers: who });
const options = (who: Auth, orderId: number) =>
  api.json<Envelope<AfterSaleOptionsDto>>(`/orders/order/${orderId}/after-sale`, { headers: who });

let clients = 0;
const newClient = () => `10.28.${Math.floor(++clients / 250)}.${clients % 250}`;
const withdrawForm = (orderNumber: unknown, email: string, client = newClient()) =>
  api.json<Envelope<{ receivedAt: string } | null>>(
    "/withdrawals",
    json("POST", { orderNumber, email }, { "x-forwarded-for": client }),
  );

function limits(overrides: Partial<RateLimitConfig>) {
  const config = getConfig();
  setConfig({ ...config, trustProxy: true, rateLimits: { ...config.rateLimits, ...overrides } });
  onTestFinished(() => setConfig(undefined));
}
const trustProxy = () => limits({});

const refundOf = async (orderId: number) => {
  const row = await orderRow(orderId);
  return (await database.db.select().from(refunds).where(eq(refunds.paymentId, row.paymentId!)))[0];
};
const withdrawalsOf = (orderId: number) =>
  database.db.select().from(withdrawalRequests).where(eq(withdrawalRequests.orderId, orderId));

describe("POST /orders/order/{orderId}/cancel: the shopper cancels", () => {
  for (const from of ["PENDING", "PROCESSING"] as const) {
    it(`cancels the owner's ${from} order: stock back, refund queued and carried out, shopper and shop mailed`, async () => {
      const user = await shopper();
      const p = await product({ priceCents: 2500, inventory: 6 });
      const { order } = await placedOrder(user, [[p.id, 2]]);
      await advance(order.id, PATH_TO[from]);
      expect(await inventoryOf(p.id)).toBe(4);
      const before = await options(user.auth, order.id);
      expect(before.body.data).toMatchObject({ canCancel: true, canWithdraw: false, withdrawalDays: 14 });

      const response = await cancel(user.auth, order.id);
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      expect(response.body.data).toMatchObject({ id: order.id, status: "CANCELLED", statusLabel: "Refunded" });
      expect(response.body.message).toContain("$50.00");
      expect(await inventoryOf(p.id)).toBe(6);
      expect((await refundOf(order.id))?.status).toBe("succeeded");
      const toShopper = (await mailsTo(database.db, user.email, "order-status")).at(-1);
      expect(toShopper?.subject).toBe(`Your order #${order.id} has been cancelled`);
      const toShop = (await mailsTo(database.db, shopAddress(), "shop-order-cancelled")).map((m) => m.subject);
      expect(toShop).toContain(`Order #${order.id} was cancelled by the shopper`);
      expect((await options(user.auth, order.id)).body.data.canCancel).toBe(false);

      // a second cancel: 409, nothing comes back twice
      const again = await cancel(user.auth, order.id);
      expect(again.status).toBe(409);
      expect(await inventoryOf(p.id)).toBe(6);
    });
  }

  it("refuses another shopper (403, the same for an order that does not exist), and a visitor (401)", async () => {
    const owner = await shopper();
    const other = await shopper();
    const p = await product({ inventory: 5 });
    const { order } = await placedOrder(owner, [[p.id, 1]]);
    const stranger = await cancel(other.auth, order.id);
    expect(stranger.status).toBe(403);
    expect((await cancel(other.auth, 2147483647)).status).toBe(403);
    expect((await cancel({}, order.id)).status).toBe(401);
    // the admin cancels with the status change (audited), not in the shopper's name; an order that is not there: 404
    expect((await cancel(boss.auth, order.id)).status).toBe(403);
    expect((await cancel(boss.auth, 2147483647)).status).toBe(404);
    expect((await orderRow(order.id)).status).toBe("PENDING");
    expect(await inventoryOf(p.id)).toBe(4);
  });

  it("a shopper's cancel racing the admin's ship, and a withdrawal: one wins, the stock matches the outcome", async () => {
    trustProxy();
    const user = await shopper();
    const p = await product({ inventory: 10 });
    const { order } = await placedOrder(user, [[p.id, 3]]);
    await advance(order.id, ["PROCESSING"]);
    const [cancelled, shipped, withdrawn] = await Promise.all([
      cancel(user.auth, order.id),
      api.json(`/orders/order/${order.id}/status`, json("PUT", { status: "SHIPPED" }, boss.auth)),
      withdrawForm(order.id, user.email),
    ]);
    expect(withdrawn.status).toBe(202);
    expect([cancelled.status, shipped.status].filter((s) => s === 200).length).toBeLessThanOrEqual(1);
    const final = (await orderRow(order.id)).status;
    expect(["CANCELLED", "SHIPPED"]).toContain(final);
    expect(await inventoryOf(p.id)).toBe(final === "CANCELLED" ? 10 : 7);
    if (final === "SHIPPED") expect(await refundOf(order.id)).toBeUndefined();
    else expect(await refundOf(order.id)).toBeDefined();
  });

  it("refuses a shipped or delivered order (409): no stock back, no refund", async () => {
    const user = await shopper();
    const p = await product({ inventory: 10 });
    for (const to of ["SHIPPED", "DELIVERED"] as const) {
      const { order } = await placedOrder(user, [[p.id, 1]]);
      await advance(order.id, PATH_TO[to]);
      const response = await cancel(user.auth, order.id);
      expect(response.status, JSON.stringify(response.body)).toBe(409);
      expect(response.body.message).toMatch(/shipped/);
      expect(await refundOf(order.id)).toBeUndefined();
      expect((await orderRow(order.id)).status).toBe(to);
    }
    expect(await inventoryOf(p.id)).toBe(8);
  });
});

describe("POST /withdrawals: the public withdrawal", () => {
  it("answers the same for a match and for no match; a match cancels an unshipped order and is acknowledged with the date and time", async () => {
    trustProxy();
    const user = await shopper();
    const p = await product({ inventory: 5 });
    const { order } = await placedOrder(user, [[p.id, 2]]);

    const nobody = `nobody.${Date.now()}@example.com`;
    const wrongEmail = await withdrawForm(order.id, nobody);
    const noOrder = await withdrawForm(2147483000, user.email);
    const match = await withdrawForm(`#${order.id}`, user.email.toUpperCase());
    for (const answer of [wrongEmail, noOrder, match]) {
      expect(answer.status).toBe(202);
      expect(answer.body.message).toBe(WITHDRAWAL_RECEIVED);
      expect(Object.keys(answer.body.data!)).toEqual(["receivedAt"]);
    }
    // only the match did anything
    expect((await orderRow(order.id)).status).toBe("CANCELLED");
    expect(await inventoryOf(p.id)).toBe(5);
    // the refund is queued (carried out by the reconciler: the answer does not wait for the provider)
    expect((await refundOf(order.id))?.status).toBe("pending");
    // the reconciler's sweep carries it out: the order then reads Refunded
    await processDueRefunds(database.db, new Date(Date.now() + 1000));
    expect((await refundOf(order.id))?.status).toBe("succeeded");
    expect((await options(user.auth, order.id)).status).toBe(200);
    const seen = await api.json<Envelope<OrderDto>>(`/orders/order/${order.id}`, { headers: user.auth });
    expect(seen.body.data.statusLabel).toBe("Refunded");
    const [ack, ...more] = await mailsTo(database.db, user.email, "withdrawal-received");
    expect(more).toEqual([]);
    expect(ack!.subject).toBe(`We received your withdrawal from order #${order.id}`);
    // the date and the time it was received
    expect(ack!.textBody).toMatch(
      /received your withdrawal from the contract for order #\d+ on \w+ \d{1,2}, \d{4} at \d{1,2}:\d{2}\s?[AP]M UTC/,
    );
    expect(ack!.textBody).toMatch(/cancelled it/);
    const [recorded] = await withdrawalsOf(order.id);
    expect(recorded).toMatchObject({ status: "cancelled", orderStatus: "PENDING", via: "form", email: user.email });
    expect(await mailsTo(database.db, nobody)).toEqual([]);
  });

  it("opens a return for a delivered order within the period, and tells a late one it is late", async () => {
    trustProxy();
    const user = await shopper();
    const p = await product({ inventory: 5 });
    const { order: recent } = await placedOrder(user, [[p.id, 1]]);
    const { order: old } = await placedOrder(user, [[p.id, 1]]);
    await advance(recent.id, PATH_TO.DELIVERED);
    await advance(old.id, PATH_TO.DELIVERED);
    expect((await orderRow(recent.id)).deliveredAt).toBeInstanceOf(Date);
    // delivered 15 days ago: one day past the default 14
    await database.db
      .update(orders)
      .set({ deliveredAt: new Date(Date.now() - 15 * 86_400_000) })
      .where(eq(orders.id, old.id));
    expect((await options(user.auth, recent.id)).body.data.canWithdraw).toBe(true);
    expect((await options(user.auth, old.id)).body.data.canWithdraw).toBe(false);

    expect((await withdrawForm(recent.id, user.email)).status).toBe(202);
    expect((await withdrawForm(old.id, user.email)).status).toBe(202);
    expect((await withdrawalsOf(recent.id)).map((w) => w.status)).toEqual(["open"]);
    expect((await withdrawalsOf(old.id)).map((w) => w.status)).toEqual(["late"]);
    // neither is cancelled nor refunded: the goods come back first (returns)
    expect((await orderRow(recent.id)).status).toBe("DELIVERED");
    expect(await refundOf(recent.id)).toBeUndefined();
    const acks = await mailsTo(database.db, user.email, "withdrawal-received");
    expect(acks.find((m) => m.subject.includes(`#${recent.id}`))!.textBody).toMatch(/send the items back/);
    expect(acks.find((m) => m.subject.includes(`#${old.id}`))!.textBody).toMatch(/period for this order ended/);
    // the owner's own button is refused after the period
    expect((await withdrawOwn(user.auth, old.id)).status).toBe(409);

    // a longer period (a shop setting) lets the late one in
    await database.db
      .insert(shopSettings)
      .values({ id: 1, withdrawalDays: 30 })
      .onConflictDoUpdate({ target: shopSettings.id, set: { withdrawalDays: 30 } });
    onTestFinished(async () => {
      await database.db.update(shopSettings).set({ withdrawalDays: 14 }).where(eq(shopSettings.id, 1));
    });
    expect((await options(user.auth, old.id)).body.data).toMatchObject({ canWithdraw: true, withdrawalDays: 30 });
    const own = await withdrawOwn(user.auth, old.id);
    expect(own.status, JSON.stringify(own.body)).toBe(200);
    expect((await withdrawalsOf(old.id)).map((w) => w.status).sort()).toEqual(["late", "open"]);

    // the admin sees every withdrawal
    const listed = await api.json<Envelope<WithdrawalRequestDto[]>>("/admin/withdrawals", { headers: boss.auth });
    expect(listed.status).toBe(200);
    const mine = listed.body.data.filter((w) => w.orderId === recent.id || w.orderId === old.id);
    expect(mine.map((w) => `${w.orderId}:${w.status}:${w.via}`).sort()).toEqual(
      [`${recent.id}:open:form`, `${old.id}:late:form`, `${old.id}:open:account`].sort(),
    );
    expect((await api.json("/admin/withdrawals", { headers: user.auth })).status).toBe(403);
  });

  it("a shipped order (not delivered yet) may be withdrawn from: a return is opened, the order stays", async () => {
    const user = await shopper();
    const p = await product({ inventory: 5 });
    const { order } = await placedOrder(user, [[p.id, 1]]);
    await advance(order.id, PATH_TO.SHIPPED);
    const own = await withdrawOwn(user.auth, order.id);
    expect(own.status, JSON.stringify(own.body)).toBe(200);
    expect(own.body.message).toMatch(/send the items back/);
    expect((await orderRow(order.id)).status).toBe("SHIPPED");
    expect((await withdrawalsOf(order.id)).map((w) => w.status)).toEqual(["open"]);
    expect((await options(user.auth, order.id)).body.data.canWithdraw).toBe(false);
    // the same request again (a replayed post; the button is gone): 409, no second withdrawal, no second mail
    const mailsBefore = (await mailsTo(database.db, user.email)).length;
    const again = await withdrawOwn(user.auth, order.id);
    expect(again.status, JSON.stringify(again.body)).toBe(409);
    expect(again.body.message).toMatch(/already received your withdrawal/);
    expect(await withdrawalsOf(order.id)).toHaveLength(1);
    expect(await mailsTo(database.db, user.email)).toHaveLength(mailsBefore);
    const other = await shopper();
    expect((await withdrawOwn(other.auth, order.id)).status).toBe(403);

    // the account deleted: the withdrawal stays, the address it went to does not
    const deleted = await api.json(`/users/${user.id}/delete`, json("POST", { currentPassword: PASSWORD }, user.auth));
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    const [kept] = await withdrawalsOf(order.id);
    expect(kept!.status).toBe("open");
    expect(kept!.email).not.toBe(user.email);
    expect(kept!.email).toMatch(/\.invalid$/);
  });

  it("limits a client address (429 with Retry-After), whatever it sends, and quietly one order's mailbox (per order and address)", async () => {
    limits({ withdrawalsPerClient: 3, withdrawalsPerOrder: 2 });
    const client = newClient();
    for (let i = 0; i < 3; i++) expect((await withdrawForm(2147480000 + i, "a@example.com", client)).status).toBe(202);
    const refused = await withdrawForm(2147480010, "a@example.com", client);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    // another client is not held back
    expect((await withdrawForm(2147480011, "a@example.com")).status).toBe(202);

    // one order's number from many clients: the same answer, but at most 2 acknowledgments an hour
    const user = await shopper();
    const p = await product({ inventory: 5 });
    const { order } = await placedOrder(user, [[p.id, 1]]);
    // delivered after the period: each withdrawal is recorded and acknowledged as late (a second one while a return
    // is open is not recorded at all, decision 0044), so only the limit holds the acknowledgments back
    await advance(order.id, PATH_TO.DELIVERED);
    await database.db
      .update(orders)
      .set({ deliveredAt: new Date(Date.now() - 60 * 24 * 3600_000) })
      .where(eq(orders.id, order.id));
    // wrong addresses first (a typo, a stranger's junk): they never use up the owner's own tries
    for (let i = 0; i < 3; i++) {
      const wrong = await withdrawForm(order.id, `wrong${i}@example.com`);
      expect(wrong.status).toBe(202);
      expect(wrong.body.message).toBe(WITHDRAWAL_RECEIVED);
    }
    for (let i = 0; i < 4; i++) {
      const answer = await withdrawForm(order.id, user.email);
      expect(answer.status).toBe(202);
      expect(answer.body.message).toBe(WITHDRAWAL_RECEIVED);
    }
    expect(await mailsTo(database.db, user.email, "withdrawal-received")).toHaveLength(2);
  });

  it("refuses what is no order number or e-mail (422), before anything is looked up", async () => {
    trustProxy();
    for (const [orderNumber, email] of [
      ["abc", "a@example.com"],
      ["1 OR 1=1", "a@example.com"],
      [0, "a@example.com"],
      ["12", "not an address"],
    ] as const) {
      const answer = await withdrawForm(orderNumber, email);
      expect(answer.status, `${orderNumber} ${email}`).toBe(422);
    }
  });
});
