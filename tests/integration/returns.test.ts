import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog, orders, refunds, returnLines, returns, withdrawalRequests } from "~/db/schema";
import type { CreditNoteDto } from "~/schemas/invoices";
import type { ReturnableDto, ReturnDto } from "~/schemas/returns";
import { checkInvariants } from "~/services/orders/invariants.server";
import { shopAddress } from "~/services/mail/templates/after-sale.server";
import { PATH_TO, useAdminOrders } from "../support/admin-orders";
import { useApiServer } from "../support/api-server";
import { mailsTo } from "../support/mail-outbox";
import { json, type Auth, type Envelope } from "../support/requests";
import { useTestDatabase } from "../support/test-db";

// Returns (decision 0044): the owner of a shipped or delivered order asks to return pieces within the window; the
// admin approves or rejects, receives (restocking by choice) and refunds each line's share through the refund queue,
// which numbers the credit note. Never more pieces than bought, never refunded twice, never more than paid.

const database = useTestDatabase();
const api = useApiServer();
const { boss, shopper, product, placedOrder, advance, inventoryOf } = useAdminOrders(api, database);

const ask = (who: Auth, orderId: number, body: unknown) =>
  api.json<Envelope<ReturnDto | null>>(`/orders/order/${orderId}/returns`, json("POST", body, who));
const adminStep = (step: string, returnId: number, body: unknown = {}, who: Auth = boss.auth) =>
  api.json<Envelope<ReturnDto | null>>(`/admin/returns/${returnId}/${step}`, json("POST", body, who));

const auditOf = (kind: string, returnId: number) =>
  database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.kind, kind), eq(auditLog.entityId, String(returnId))));

async function deliveredOrder(lines: Array<[priceCents: number, bought: number]>) {
  const user = await shopper();
  const products: Array<Awaited<ReturnType<typeof product>>> = [];
  for (const [priceCents] of lines) products.push(await product({ priceCents, inventory: 10 }));
  const { order } = await placedOrder(
    user,
    lines.map(([, bought], i) => [products[i]!.id, bought]),
  );
  await advance(order.id, PATH_TO.DELIVERED);
  const [item] = await database.db.select().from(orders).where(eq(orders.id, order.id));
  const { body } = await api.json<Envelope<ReturnableDto>>(`/orders/order/${order.id}/returnable`, {
    headers: user.auth,
  });
  // the lines in the products' order
  const itemIds = products.map((p) => body.data.lines.find((l) => l.productName === p.name)!.orderItemId);
  return { user, order: item!, products, itemIds, returnable: body.data };
}

describe("a return from request to refund", () => {
  it("asks, approves, receives with restock and refunds the lines' share; the credit note is numbered", async () => {
    const { user, order, products, itemIds, returnable } = await deliveredOrder([
      [2500, 3],
      [1000, 1],
    ]);
    expect(returnable.canReturn).toBe(true);
    expect(await inventoryOf(products[0]!.id)).toBe(7);

    const asked = await ask(user.auth, order.id, {
      lines: [{ orderItemId: itemIds[0], quantity: 2 }],
      reason: "changed_mind",
      note: "Too loud",
    });
    expect(asked.status, JSON.stringify(asked.body)).toBe(201);
    const ret = asked.body.data!;
    expect(ret).toMatchObject({ status: "requested", orderId: order.id, note: "Too loud" });
    expect(ret.number).toMatch(/^R-\d{6}$/);
    // two of three $25.00 pieces: $50.00 of the line's $75.00
    expect(ret.lines[0]).toMatchObject({ quantity: 2, refundAmount: 50 });
    expect((await mailsTo(database.db, user.email, "return-requested")).length).toBe(1);
    expect((await mailsTo(database.db, shopAddress(), "shop-return-requested")).map((m) => m.subject)).toContain(
      `Return request ${ret.number} for order #${order.id}`,
    );

    // only one piece of the line is left to return
    const tooMany = await ask(user.auth, order.id, {
      lines: [{ orderItemId: itemIds[0], quantity: 2 }],
      reason: "damaged",
    });
    expect(tooMany.status).toBe(409);

    // the steps in their order only
    expect((await adminStep("receive", ret.id)).status).toBe(409);
    expect((await adminStep("refund", ret.id, { shipping: false })).status).toBe(409);
    const approved = await adminStep("approve", ret.id, { message: "Send it to our warehouse" });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(approved.body.data).toMatchObject({ status: "approved", adminMessage: "Send it to our warehouse" });
    const approvedMail = (await mailsTo(database.db, user.email, "return-approved")).at(-1);
    expect(approvedMail?.textBody).toContain("Send it to our warehouse");

    const received = await adminStep("receive", ret.id, { restock: [ret.lines[0]!.id] });
    expect(received.status, JSON.stringify(received.body)).toBe(200);
    expect(received.body.data!.lines[0]!.restock).toBe(true);
    expect(await inventoryOf(products[0]!.id)).toBe(9);

    const refunded = await adminStep("refund", ret.id, { shipping: false });
    expect(refunded.status, JSON.stringify(refunded.body)).toBe(200);
    expect(refunded.body.data).toMatchObject({ status: "refunded", refundTotal: 50, refundStatus: "succeeded" });
    expect(refunded.body.data!.creditNoteNumber).toMatch(/^\d{4}-/);
    const [refund] = await database.db.select().from(refunds).where(eq(refunds.returnId, ret.id));
    expect(refund).toMatchObject({ amountCents: 5000, status: "succeeded", creditNoteCents: 5000 });
    expect((await mailsTo(database.db, user.email, "return-refunded")).length).toBe(1);

    // refunded once: a second refund is refused
    expect((await adminStep("refund", ret.id, { shipping: false })).status).toBe(409);
    // the credit note is the shopper's to read
    const notes = await api.json<Envelope<CreditNoteDto[]>>(`/orders/order/${order.id}/credit-notes`, {
      headers: user.auth,
    });
    expect(notes.body.data.map((n) => n.total)).toEqual([50]);
    // it credits the returned pieces, not the order's every line
    expect(notes.body.data[0]).toMatchObject({
      lines: [{ productName: products[0]!.name, quantity: 2, unitPrice: 25, total: 50 }],
      subtotal: 50,
      discount: 0,
      shipping: null,
    });
    // the order stands (Delivered), its payment was not refunded whole
    expect((await database.db.select().from(orders).where(eq(orders.id, order.id)))[0]!.status).toBe("DELIVERED");
    expect(await checkInvariants(database.db)).toEqual([]);
    // each admin step is audited once, the admin's
    for (const kind of ["return.approve", "return.receive", "return.refund"]) {
      expect(await auditOf(kind, ret.id), kind).toMatchObject([{ actorId: boss.id, entityType: "return" }]);
    }
  });

  it("a rejected return gives its pieces back to be asked for again; nothing is restocked unless chosen", async () => {
    const { user, order, products, itemIds } = await deliveredOrder([[1500, 1]]);
    const first = (
      await ask(user.auth, order.id, { lines: [{ orderItemId: itemIds[0], quantity: 1 }], reason: "other" })
    ).body.data!;
    const noReason = await adminStep("reject", first.id, { message: "" });
    expect(noReason.status).toBe(422);
    const rejected = await adminStep("reject", first.id, { message: "Used beyond testing" });
    expect(rejected.body.data).toMatchObject({ status: "rejected", adminMessage: "Used beyond testing" });
    expect(await auditOf("return.reject", first.id)).toMatchObject([
      { actorId: boss.id, after: { status: "rejected" } },
    ]);
    const second = await ask(user.auth, order.id, {
      lines: [{ orderItemId: itemIds[0], quantity: 1 }],
      reason: "damaged",
    });
    expect(second.status).toBe(201);
    await adminStep("approve", second.body.data!.id, {});
    const stock = await inventoryOf(products[0]!.id);
    await adminStep("receive", second.body.data!.id, { restock: [] });
    expect(await inventoryOf(products[0]!.id)).toBe(stock);
  });
});

describe("closing a return without refund", () => {
  it("closes an approved or received return with a message, mailed and audited; its pieces stay taken, nothing is refunded", async () => {
    const { user, order, itemIds } = await deliveredOrder([
      [2000, 2],
      [900, 1],
    ]);
    const asked = (quantity: number, item = itemIds[0]) =>
      ask(user.auth, order.id, { lines: [{ orderItemId: item, quantity }], reason: "damaged" });
    const lost = (await asked(1)).body.data!;
    // not before it is decided, and never without a reason
    expect((await adminStep("close", lost.id, { message: "Never arrived" })).status).toBe(409);
    await adminStep("approve", lost.id, {});
    expect((await adminStep("close", lost.id, { message: "  " })).status).toBe(422);
    const closed = await adminStep("close", lost.id, { message: "The parcel never arrived; ask your carrier" });
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    expect(closed.body.data).toMatchObject({
      status: "closed",
      statusLabel: "Closed without refund",
      adminMessage: "The parcel never arrived; ask your carrier",
      refundTotal: null,
    });
    const mail = (await mailsTo(database.db, user.email, "return-closed")).at(-1);
    expect(mail?.subject).toBe(`Your return ${lost.number} is closed without a refund`);
    expect(mail?.textBody).toContain("The parcel never arrived; ask your carrier");
    expect(await auditOf("return.close", lost.id)).toMatchObject([
      { actorId: boss.id, before: { status: "approved" }, after: { status: "closed" } },
    ]);
    // closed is final: no refund, no second close, no reopening
    expect((await adminStep("refund", lost.id, { shipping: false })).status).toBe(409);
    expect((await adminStep("close", lost.id, { message: "again" })).status).toBe(409);
    expect((await adminStep("receive", lost.id, { restock: [] })).status).toBe(409);
    // the closed piece is not returnable again; the other piece is
    expect((await asked(2)).status).toBe(409);
    const damaged = (await asked(1)).body.data!;
    await adminStep("approve", damaged.id, {});
    await adminStep("receive", damaged.id, { restock: [] });
    const closedReceived = await adminStep("close", damaged.id, { message: "It came back scratched and used" });
    expect(closedReceived.body.data).toMatchObject({ status: "closed" });
    expect((await asked(1)).status).toBe(409);
    expect(await database.db.select().from(refunds).where(eq(refunds.returnId, damaged.id))).toEqual([]);
    expect(await checkInvariants(database.db)).toEqual([]);
  });
});

describe("who may return what", () => {
  it("refuses before shipping and after the window (409), another shopper (403), and shows each only their own", async () => {
    const user = await shopper();
    const p = await product({ priceCents: 1200, inventory: 5 });
    const { order } = await placedOrder(user, [[p.id, 1]]);
    const { body } = await api.json<Envelope<ReturnableDto>>(`/orders/order/${order.id}/returnable`, {
      headers: user.auth,
    });
    expect(body.data.canReturn).toBe(false);
    const line = { lines: [{ orderItemId: body.data.lines[0]!.orderItemId, quantity: 1 }], reason: "other" };
    expect((await ask(user.auth, order.id, line)).status).toBe(409);

    await advance(order.id, PATH_TO.SHIPPED);
    const other = await shopper();
    expect((await ask(other.auth, order.id, line)).status).toBe(403);
    const made = await ask(user.auth, order.id, line);
    expect(made.status).toBe(201);
    const id = made.body.data!.id;
    expect((await api.json(`/returns/${id}`, { headers: other.auth })).status).toBe(403);
    expect((await api.json(`/returns/99999999`, { headers: other.auth })).status).toBe(403);
    expect((await api.json(`/returns/${id}`, { headers: user.auth })).status).toBe(200);
    const mine = await api.json<Envelope<ReturnDto[]>>("/returns", { headers: other.auth });
    expect(mine.body.data.map((r) => r.id)).not.toContain(id);
    expect((await adminStep("approve", id, {}, user.auth)).status).toBe(403);
    const listed = await api.json<Envelope<ReturnDto[]>>("/admin/returns?status=requested", { headers: boss.auth });
    expect(listed.body.data.map((r) => r.id)).toContain(id);
    expect(listed.body.data.every((r) => r.status === "requested")).toBe(true);

    // a delivered order past the window
    const late = await deliveredOrder([[1000, 1]]);
    await database.db
      .update(orders)
      .set({ deliveredAt: new Date(Date.now() - 40 * 24 * 3600_000) })
      .where(eq(orders.id, late.order.id));
    const refused = await ask(late.user.auth, late.order.id, {
      lines: [{ orderItemId: late.itemIds[0], quantity: 1 }],
      reason: "other",
    });
    expect(refused.status).toBe(409);
  });
});

describe("at the same time", () => {
  it("two refunds of one return give one refund; two approvals one approval", async () => {
    const { user, order, itemIds } = await deliveredOrder([[3000, 2]]);
    const ret = (await ask(user.auth, order.id, { lines: [{ orderItemId: itemIds[0], quantity: 2 }], reason: "other" }))
      .body.data!;
    const approvals = await Promise.all([adminStep("approve", ret.id), adminStep("approve", ret.id)]);
    expect(approvals.map((r) => r.status).sort()).toEqual([200, 409]);
    await adminStep("receive", ret.id, { restock: [] });
    const both = await Promise.all([
      adminStep("refund", ret.id, { shipping: false }),
      adminStep("refund", ret.id, { shipping: false }),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    const rows = await database.db.select().from(refunds).where(eq(refunds.returnId, ret.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.amountCents).toBe(6000);
  });
});

describe("a withdrawal from a delivered order", () => {
  it("opens a return of every line, and a second public withdrawal records and mails nothing more", async () => {
    const { user, order } = await deliveredOrder([
      [1000, 2],
      [500, 1],
    ]);
    const first = await api.json("/withdrawals", json("POST", { orderNumber: order.id, email: user.email }, {}));
    expect(first.status).toBe(202);
    const opened = await database.db.select().from(returns).where(eq(returns.orderId, order.id));
    expect(opened).toHaveLength(1);
    expect(opened[0]).toMatchObject({ via: "withdrawal", reason: "withdrawal", status: "requested" });
    const lines = await database.db.select().from(returnLines).where(eq(returnLines.returnId, opened[0]!.id));
    expect(lines.map((l) => l.quantity).sort()).toEqual([1, 2]);
    const [w] = await database.db.select().from(withdrawalRequests).where(eq(withdrawalRequests.orderId, order.id));
    expect(w).toMatchObject({ status: "open", returnId: opened[0]!.id });
    const mails = (await mailsTo(database.db, user.email, "withdrawal-received")).length;

    const second = await api.json("/withdrawals", json("POST", { orderNumber: order.id, email: user.email }, {}));
    expect(second.status).toBe(202);
    expect(second.body).toEqual({ ...(first.body as object), data: (second.body as { data: unknown }).data });
    expect(
      await database.db.select().from(withdrawalRequests).where(eq(withdrawalRequests.orderId, order.id)),
    ).toHaveLength(1);
    expect((await mailsTo(database.db, user.email, "withdrawal-received")).length).toBe(mails);

    // its goods back, the withdrawal's return is refunded, never closed without a refund
    expect((await adminStep("approve", opened[0]!.id, { message: "" })).status).toBe(200);
    expect((await adminStep("receive", opened[0]!.id, { restock: [] })).status).toBe(200);
    const close = await adminStep("close", opened[0]!.id, { message: "Used" });
    expect(close.status).toBe(409);
    expect(close.body.message).toMatch(/came from a withdrawal from the contract/);
    const [still] = await database.db.select().from(withdrawalRequests).where(eq(withdrawalRequests.orderId, order.id));
    expect(still).toMatchObject({ status: "open" });
  });
});

describe("the return window's setting", () => {
  it("is the withdrawal period, set on the seller page (14 to 365 days)", async () => {
    const save = (withdrawalDays: unknown) =>
      api.json<Envelope<{ withdrawalDays: number } | null>>(
        "/admin/settings/seller",
        json("PUT", { legalName: "", address: "", taxId: "", email: "", withdrawalDays }, boss.auth),
      );
    expect((await save(10)).status).toBe(422);
    const saved = await save(30);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data!.withdrawalDays).toBe(30);
    // 20 days after delivery: inside a 30-day window
    const { user, order, itemIds } = await deliveredOrder([[1000, 1]]);
    await database.db
      .update(orders)
      .set({ deliveredAt: new Date(Date.now() - 20 * 24 * 3600_000) })
      .where(eq(orders.id, order.id));
    const asked = await ask(user.auth, order.id, {
      lines: [{ orderItemId: itemIds[0], quantity: 1 }],
      reason: "other",
    });
    expect(asked.status, JSON.stringify(asked.body)).toBe(201);
    expect((await save(14)).status).toBe(200);
  });
});
