import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { mailOutbox, orderItems, orders, payments, productVariants, refunds } from "~/db/schema";
import type { DashboardDto } from "~/schemas/reports";
import { useApiServer } from "../support/api-server";
import { addToCart, admin, payAndPlaceOrder, shopper, useCategory } from "../support/checkout";
import { word } from "../support/factories";
import type { Envelope } from "../support/requests";
import { useTestDatabase } from "../support/test-db";
import { numberCreditNote, numberInvoice } from "~/services/orders/invoices.server";
import { operationalFigures } from "~/services/reports/operations.server";

// GET /admin/dashboard over real HTTP: sales per UTC day against the period before, best sellers, low stock, refunds
// owed and failed mail, each from rows made for it (this file's database has nothing else).

const database = useTestDatabase();
const api = useApiServer();
const { product } = useCategory(database);
const DAY = 24 * 60 * 60 * 1000;

const dashboard = (auth: Record<string, string>, query = "") =>
  api.json<Envelope<DashboardDto>>(`/admin/dashboard${query}`, { headers: auth });

/**
 * An order placed and paid `daysAgo` days before now, straight in the database, with one line per [product, qty, cents].
 */
async function pastOrder(
  userId: number,
  daysAgo: number,
  lines: Array<
    [{ id: number; name: string; brand: string }, number, number, { variantId: number | null; label: string }?]
  >,
  status: "PENDING" | "CANCELLED" | "DELIVERED" = "DELIVERED",
) {
  const total = lines.reduce((sum, [, quantity, cents]) => sum + quantity * cents, 0);
  const orderDate = new Date(Date.now() - daysAgo * DAY);
  // paid as every order is (the shop's invariants are checked when the test's database goes)
  const [payment] = await database.db
    .insert(payments)
    .values({
      userId,
      provider: "test",
      providerPaymentId: `pi_${word()}`,
      amountCents: total,
      // a cancelled order's money went back
      status: status === "CANCELLED" ? "refunded" : "succeeded",
      cartSnapshot: lines.map(([p, quantity, priceCents]) => ({
        productId: p.id,
        name: p.name,
        brand: p.brand,
        quantity,
        priceCents,
      })),
      createdAt: orderDate,
      updatedAt: orderDate,
    })
    .returning();
  // numbered as the shop numbers them (decision 0042), so that the file's database keeps the invariants
  const order = await database.db.transaction(async (tx) => {
    const [placed] = await tx
      .insert(orders)
      .values({
        userId,
        paymentId: payment!.id,
        orderDate,
        totalCents: total,
        status,
        ...(await numberInvoice(tx, orderDate)),
      })
      .returning();
    if (status === "CANCELLED") {
      const [refund] = await tx
        .insert(refunds)
        .values({
          paymentId: payment!.id,
          reason: `order ${placed!.id} cancelled`,
          status: "succeeded",
          refundedAt: orderDate,
        })
        .returning();
      await numberCreditNote(tx, refund!.id, orderDate);
    }
    return placed;
  });
  await database.db.insert(orderItems).values(
    lines.map(([p, quantity, priceCents, variant]) => ({
      orderId: order!.id,
      productId: p.id,
      productName: p.name,
      productBrand: p.brand,
      quantity,
      priceCents,
      ...(variant ? { variantId: variant.variantId, variantLabel: variant.label } : {}),
    })),
  );
  return order!;
}

describe("GET /admin/dashboard", () => {
  it("is the admin's: 401 without a session, 403 for a shopper, 400 for a period it does not offer", async () => {
    const user = await shopper(api);
    const boss = await admin(api, database.db);
    expect((await dashboard({})).status).toBe(401);
    const refused = await dashboard(user.auth);
    expect(refused.status).toBe(403);
    expect(refused.body.data).toBeNull();
    const odd = await dashboard(boss.auth, "?days=12");
    expect(odd.status).toBe(400);
    expect(JSON.stringify(odd.body.errors)).toContain("must be one of 7, 30, 90");
  });

  it("adds up the period's orders per day against the days before, leaving cancelled ones out", async () => {
    const boss = await admin(api, database.db);
    const buyer = await shopper(api);
    const mouse = await product({ name: `Mouse ${word()}`, priceCents: 2500, inventory: 50 });
    const pad = await product({ name: `Pad ${word()}`, priceCents: 1000, inventory: 3 });
    // today, through the real checkout: 2 mice
    await addToCart(api, buyer.auth, mouse.id, 2);
    await payAndPlaceOrder(api, buyer);
    // earlier this week and month, and in the 30 days before
    await pastOrder(buyer.id, 2, [[pad, 3, 1000]]);
    await pastOrder(buyer.id, 20, [
      [mouse, 1, 2500],
      [pad, 1, 1000],
    ]);
    await pastOrder(buyer.id, 40, [[mouse, 4, 2500]]);
    await pastOrder(buyer.id, 3, [[mouse, 10, 2500]], "CANCELLED");

    const week = await dashboard(boss.auth, "?days=7");
    expect(week.status).toBe(200);
    expect(week.body.data.daily).toHaveLength(7);
    expect(week.body.data.daily.at(-1)).toMatchObject({
      date: new Date().toISOString().slice(0, 10),
      revenue: 50,
      orders: 1,
    });
    expect(week.body.data.current).toEqual({ revenue: 80, orders: 2, averageOrderValue: 40 });

    const { data: month } = (await dashboard(boss.auth)).body; // 30 days by default
    expect(month.days).toBe(30);
    expect(month.daily).toHaveLength(30);
    expect(month.daily.reduce((sum, day) => sum + day.orders, 0)).toBe(3);
    expect(month.current).toEqual({ revenue: 115, orders: 3, averageOrderValue: 38.33 });
    expect(month.previous).toEqual({ revenue: 100, orders: 1, averageOrderValue: 100 });
    expect(month.topProducts).toEqual([
      { productId: mouse.id, name: mouse.name, brand: mouse.brand, units: 3, revenue: 75 },
      { productId: pad.id, name: pad.name, brand: pad.brand, units: 4, revenue: 40 },
    ]);
    expect(month.lowStock.threshold).toBe(5);
    expect(month.lowStock.products).toContainEqual({ id: pad.id, name: pad.name, brand: pad.brand, inventory: 3 });
    expect(month.lowStock.products.map((p) => p.id)).not.toContain(mouse.id);

    // the same figures as CSV, one table at a time
    const sales = await api.request("/admin/dashboard.csv?days=7&table=daily", { headers: boss.auth });
    expect(sales.status).toBe(200);
    expect(sales.headers.get("content-type")).toContain("text/csv");
    expect(sales.headers.get("content-disposition")).toContain('filename="sales-7-days.csv"');
    const rows = (await sales.text()).trim().split("\n");
    expect(rows[0]).toBe("date,orders,revenue,average_order_value");
    expect(rows).toHaveLength(8);
    expect(rows.at(-1)).toBe(`${new Date().toISOString().slice(0, 10)},1,50.00,50.00`);
    const best = await api.request("/admin/dashboard.csv?table=products", { headers: boss.auth });
    expect((await best.text()).trim().split("\n")).toEqual([
      "product_id,name,brand,units,revenue",
      `${mouse.id},${mouse.name},${mouse.brand},3,75.00`,
      `${pad.id},${pad.name},${pad.brand},4,40.00`,
    ]);
    const low = await api.request("/admin/dashboard.csv?table=low-stock", { headers: boss.auth });
    expect(low.headers.get("content-disposition")).toContain("lowest-stock-30-days.csv");
    const lowRows = (await low.text()).trim().split("\n");
    expect(lowRows[0]).toBe("product_id,name,brand,in_stock");
    // the pad has 3 left, at or under the threshold: listed as the page lists it
    expect(lowRows).toContain(`${pad.id},${pad.name},${pad.brand},3`);
    expect((await api.request("/admin/dashboard.csv?table=refunds", { headers: boss.auth })).status).toBe(400);
  });

  it("ranks the variants of products with options by revenue, as a table and as CSV; products without options stay out", async () => {
    const boss = await admin(api, database.db);
    const buyer = await shopper(api);
    const keyboard = await product({ name: `Keyboard ${word()}`, priceCents: 9000, inventory: 50 });
    const plain = await product({ name: `Cable ${word()}`, priceCents: 500, inventory: 50 });
    const [brown] = await database.db
      .insert(productVariants)
      .values({
        productId: keyboard.id,
        sku: `KB-${word()}`,
        priceCents: 9000,
        inventory: 5,
        position: 1,
        option1: "Brown",
      })
      .returning();
    const [red] = await database.db
      .insert(productVariants)
      .values({
        productId: keyboard.id,
        sku: `KB-${word()}`,
        priceCents: 9500,
        inventory: 5,
        position: 2,
        option1: "Red",
      })
      .returning();
    const before = (await dashboard(boss.auth, "?days=7")).body.data.topVariants;
    await pastOrder(buyer.id, 1, [
      [keyboard, 2, 9000, { variantId: brown!.id, label: "Switch: Brown" }],
      [plain, 9, 500],
    ]);
    await pastOrder(buyer.id, 2, [[keyboard, 1, 9500, { variantId: red!.id, label: "Switch: Red" }]]);
    await pastOrder(buyer.id, 3, [[keyboard, 4, 9000, { variantId: brown!.id, label: "Switch: Brown" }]], "CANCELLED");

    const after = (await dashboard(boss.auth, "?days=7")).body.data.topVariants;
    const mine = after.filter((v) => !before.some((b) => b.variantId === v.variantId));
    expect(mine).toEqual([
      {
        productId: keyboard.id,
        variantId: brown!.id,
        name: keyboard.name,
        variant: "Switch: Brown",
        units: 2,
        revenue: 180,
      },
      {
        productId: keyboard.id,
        variantId: red!.id,
        name: keyboard.name,
        variant: "Switch: Red",
        units: 1,
        revenue: 95,
      },
    ]);
    const csv = await api.request("/admin/dashboard.csv?days=7&table=variants", { headers: boss.auth });
    expect(csv.status).toBe(200);
    const rows = (await csv.text()).trim().split("\n");
    expect(rows[0]).toBe("product_id,variant_id,name,variant,units,revenue");
    expect(rows).toContain(`${keyboard.id},${brown!.id},${keyboard.name},Switch: Brown,2,180.00`);
    expect(rows.join("\n")).not.toContain(plain.name);
  });

  it("counts the refunds still owed (and those refused at least once) and the mail given up on", async () => {
    const boss = await admin(api, database.db);
    const buyer = await shopper(api);
    const before = (await dashboard(boss.auth)).body.data;
    const made = async (attempts: number) => {
      const [payment] = await database.db
        .insert(payments)
        .values({
          userId: buyer.id,
          provider: "test",
          providerPaymentId: `pi_${word()}`,
          amountCents: 1999,
          status: "succeeded",
          cartSnapshot: [],
        })
        .returning();
      await database.db.insert(refunds).values({ paymentId: payment!.id, reason: "test", attempts });
    };
    await made(0);
    await made(2);
    await database.db.insert(mailOutbox).values({
      messageId: `<${word()}@test>`,
      kind: "order-status",
      recipient: buyer.email,
      subject: "s",
      textBody: "t",
      htmlBody: "h",
      status: "failed",
    });
    const after = (await dashboard(boss.auth)).body.data;
    expect(after.refunds).toEqual({
      owedCount: before.refunds.owedCount + 2,
      owedAmount: Math.round((before.refunds.owedAmount + 39.98) * 100) / 100,
      failingCount: before.refunds.failingCount + 1,
    });
    expect(after.mail.failedCount).toBe(before.mail.failedCount + 1);
  });
});

describe("the operator's figures (/metrics reads them when scraped)", () => {
  it("count mail waiting and failed, refunds owed and failing, and paid payments with neither order nor refund", async () => {
    const buyer = await shopper(api);
    const before = await operationalFigures(database.db);
    const paid = async (status: "succeeded" | "processing", createdAt = new Date()) => {
      const [payment] = await database.db
        .insert(payments)
        .values({
          userId: buyer.id,
          provider: "test",
          providerPaymentId: `pi_${word()}`,
          amountCents: 1999,
          status,
          cartSnapshot: [],
          createdAt,
        })
        .returning();
      return payment!;
    };
    const hourAgo = new Date(Date.now() - 3_600_000);
    // a refund owed that the provider refused once, for a payment paid an hour ago
    await database.db
      .insert(refunds)
      .values({ paymentId: (await paid("succeeded", hourAgo)).id, reason: "t", attempts: 1 });
    // paid an hour ago, no order, no refund: the reconciler's work; a payment still processing is not counted
    const orphan = await paid("succeeded", hourAgo);
    await paid("processing");
    const mail = (status: "pending" | "failed") => ({
      messageId: `<${word()}@test>`,
      kind: "order-status",
      recipient: buyer.email,
      subject: "s",
      textBody: "t",
      htmlBody: "h",
      status,
      createdAt: hourAgo,
    });
    await database.db.insert(mailOutbox).values([mail("pending"), mail("pending"), mail("failed")]);

    const after = await operationalFigures(database.db);
    expect(after.mail.pending).toBe(before.mail.pending + 2);
    expect(after.mail.failed).toBe(before.mail.failed + 1);
    expect(after.mail.oldestPendingSeconds).toBeGreaterThanOrEqual(3_500);
    expect(after.refunds.owed).toBe(before.refunds.owed + 1);
    expect(after.refunds.failing).toBe(before.refunds.failing + 1);
    expect(after.refunds.oldestOwedSeconds).toBeGreaterThanOrEqual(0);
    expect(after.payments.paidWithoutOrder).toBe(before.payments.paidWithoutOrder + 1);
    expect(after.payments.oldestPaidWithoutOrderSeconds).toBeGreaterThanOrEqual(3_500);
    // PGlite has no pool; PostgreSQL's answers with its connections
    if (process.env.TEST_DB_KIND === "postgres") expect(after.pool?.total).toBeGreaterThan(0);
    else expect(after.pool).toBeNull();
    // the reconciler would settle it; the file's database is left keeping the shop's invariants
    await database.db.delete(payments).where(eq(payments.id, orphan.id));
  });
});
