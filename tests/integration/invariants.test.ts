import { eq, sql, TransactionRollbackError } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { DbOrTx, Tx } from "~/db/client.server";
import { categories, orderItems, orders, payments, products, refunds, users, type CartSnapshotLine } from "~/db/schema";
import { checkInvariants, formatInvariantReport, type Violation } from "~/services/orders/invariants.server";
import { numberCreditNote, numberInvoice } from "~/services/orders/invoices.server";
import { useApiServer } from "../support/api-server";
import { addToCart, payAndPlaceOrder, shopper } from "../support/checkout";
import { createCategory, createProduct, word } from "../support/factories";
import { json } from "../support/requests";
import { useTestDatabase } from "../support/test-db";

// The invariant checker: a shop made the way shoppers make it passes; each kind of violation, built by hand in a
// transaction that is rolled back afterwards (so the file's database stays clean), is reported with its ids.

const database = useTestDatabase();
const api = useApiServer();

/** Runs `build` in a transaction that is always rolled back, and returns what it returned. */
async function rolledBack<T>(build: (tx: Tx) => Promise<T>): Promise<T> {
  let result: { value: T } | undefined;
  try {
    await database.db.transaction(async (tx) => {
      result = { value: await build(tx) };
      tx.rollback();
    });
  } catch (error) {
    if (!(error instanceof TransactionRollbackError)) throw error;
  }
  return result!.value;
}

/** A refund carried out, with the credit note the refunds service numbers with it when the payment has an order. */
async function doneRefund(tx: DbOrTx, paymentId: number, reason: string) {
  const [refund] = await tx
    .insert(refunds)
    .values({ paymentId, reason, status: "succeeded", refundedAt: new Date() })
    .returning();
  await numberCreditNote(tx, refund!.id);
}

type PaymentStatus = (typeof payments.$inferInsert)["status"];
type OrderStatus = (typeof orders.$inferInsert)["status"];

/** A user, two products, a payment for 2 × A and 1 × B, and (unless `order: false`) its order: all consistent. */
async function paidOrder(
  tx: DbOrTx,
  options: { order?: boolean; paymentStatus?: PaymentStatus; orderStatus?: OrderStatus; paymentUpdatedAt?: Date } = {},
) {
  const [user] = await tx
    .insert(users)
    .values({ firstName: "In", lastName: "Variant", email: `${word()}@example.com`, passwordHash: "x" })
    .returning();
  const [category] = await tx
    .insert(categories)
    .values({ name: `Category ${word()}` })
    .returning();
  const made = await tx
    .insert(products)
    .values(
      [1500, 999].map((priceCents) => ({
        name: `Product ${word()}`,
        brand: `Brand ${word()}`,
        priceCents,
        inventory: 5,
        description: "A product.",
        categoryId: category!.id,
      })),
    )
    .returning();
  const [a, b] = made as [typeof products.$inferSelect, typeof products.$inferSelect];
  const snapshot: CartSnapshotLine[] = [
    { productId: a.id, name: a.name, brand: a.brand, quantity: 2, priceCents: a.priceCents },
    { productId: b.id, name: b.name, brand: b.brand, quantity: 1, priceCents: b.priceCents },
  ];
  const total = 2 * 1500 + 999;
  const [payment] = await tx
    .insert(payments)
    .values({
      userId: user!.id,
      provider: "test",
      providerPaymentId: `pi_${word()}`,
      amountCents: total,
      status: options.paymentStatus ?? "succeeded",
      cartSnapshot: snapshot,
      ...(options.paymentUpdatedAt ? { updatedAt: options.paymentUpdatedAt } : {}),
    })
    .returning();
  if (options.order === false) return { user: user!, a, b, payment: payment!, order: undefined, total };
  const [order] = await tx
    .insert(orders)
    .values({
      userId: user!.id,
      paymentId: payment!.id,
      totalCents: total,
      status: options.orderStatus ?? "PENDING",
      ...(await numberInvoice(tx)),
    })
    .returning();
  await tx.insert(orderItems).values(
    snapshot.map((line) => ({
      orderId: order!.id,
      productId: line.productId,
      productName: line.name,
      productBrand: line.brand,
      quantity: line.quantity,
      priceCents: line.priceCents,
    })),
  );
  return { user: user!, a, b, payment: payment!, order: order!, total };
}

/** The violations about these rows only (other tests' rows are rolled back, but be exact anyway). */
function about(violations: Violation[], ids: { orderId?: number; paymentId?: number; productId?: number }) {
  return violations.filter(
    (v) =>
      (ids.orderId !== undefined && v.orderId === ids.orderId) ||
      (ids.paymentId !== undefined && v.paymentId === ids.paymentId) ||
      (ids.productId !== undefined && v.productId === ids.productId),
  );
}
const kinds = (violations: Violation[]) => violations.map((v) => v.kind).sort();

describe("the shop's invariants", () => {
  it("a shop made by shoppers (orders paid and placed, a payment not yet paid, a sold-out product) reports nothing", async () => {
    const category = await createCategory(database.db);
    const mouse = await createProduct(database.db, { categoryId: category.id, priceCents: 2599, inventory: 4 });
    const pad = await createProduct(database.db, { categoryId: category.id, priceCents: 1250, inventory: 1 });
    const ada = await shopper(api);
    await addToCart(api, ada.auth, mouse.id, 2);
    await addToCart(api, ada.auth, pad.id, 1);
    await payAndPlaceOrder(api, ada);
    const bob = await shopper(api);
    await addToCart(api, bob.auth, mouse.id, 1);
    await payAndPlaceOrder(api, bob);
    // Carol has a payment waiting for her card: not a violation
    const carol = await shopper(api);
    await addToCart(api, carol.auth, mouse.id, 1);
    expect((await api.json("/orders/create-payment-intent", json("POST", {}, carol.auth))).status).toBe(200);

    expect((await database.db.select().from(products).where(eq(products.id, pad.id)))[0]!.inventory).toBe(0);
    const violations = await checkInvariants(database.db);
    expect(violations).toEqual([]);
    expect(formatInvariantReport(violations)).toMatch(/All invariants hold\.$/);
    expect(formatInvariantReport(violations)).not.toMatch(/FAIL/);
  });

  it("a consistent hand-made order, a refunded payment with its done refund, and a cancelled refunded order pass", async () => {
    const found = await rolledBack(async (tx) => {
      await paidOrder(tx);
      const stockOut = await paidOrder(tx, { order: false, paymentStatus: "refunded" });
      await doneRefund(tx, stockOut.payment.id, "sold out");
      const owed = await paidOrder(tx, { order: false });
      await tx.insert(refunds).values({ paymentId: owed.payment.id, reason: "sold out" });
      const cancelled = await paidOrder(tx, { orderStatus: "CANCELLED", paymentStatus: "refunded" });
      await doneRefund(tx, cancelled.payment.id, "cancelled");
      const cancelling = await paidOrder(tx, { orderStatus: "CANCELLED" });
      await tx.insert(refunds).values({ paymentId: cancelling.payment.id, reason: "cancelled" });
      // a product deleted since: its line keeps the name and brand, and still matches the payment's snapshot
      const deleted = await paidOrder(tx);
      await tx.update(orderItems).set({ productId: null }).where(eq(orderItems.productId, deleted.b.id));
      return checkInvariants(tx);
    });
    expect(found).toEqual([]);
  });

  it("(a) reports an order without a payment", async () => {
    const { found, orderId } = await rolledBack(async (tx) => {
      const { user, a } = await paidOrder(tx, { order: false, paymentStatus: "canceled" });
      const [order] = await tx
        .insert(orders)
        .values({ userId: user.id, totalCents: 1500, ...(await numberInvoice(tx)) })
        .returning();
      await tx.insert(orderItems).values({
        orderId: order!.id,
        productId: a.id,
        productName: a.name,
        productBrand: a.brand,
        quantity: 1,
        priceCents: 1500,
      });
      return { found: await checkInvariants(tx), orderId: order!.id };
    });
    expect(found).toEqual([expect.objectContaining({ rule: "order-payment", kind: "order-without-payment", orderId })]);
    expect(found[0]!.message).toContain(`order ${orderId}`);
  });

  it("(a) reports an order whose payment has not succeeded, is for another amount, or is another user's", async () => {
    const { found, ids } = await rolledBack(async (tx) => {
      const unpaid = await paidOrder(tx, { paymentStatus: "requires_payment_method" });
      const refunded = await paidOrder(tx, { paymentStatus: "refunded" }); // refunded, yet the order stands
      await doneRefund(tx, refunded.payment.id, "x");
      const cheap = await paidOrder(tx);
      await tx.update(payments).set({ amountCents: 1 }).where(eq(payments.id, cheap.payment.id));
      const other = await paidOrder(tx);
      const stranger = await paidOrder(tx, { order: false, paymentStatus: "canceled" });
      await tx.update(payments).set({ userId: stranger.user.id }).where(eq(payments.id, other.payment.id));
      return {
        found: await checkInvariants(tx),
        ids: { unpaid: unpaid.order!.id, refunded: refunded.order!.id, cheap: cheap.order!.id, other: other.order!.id },
      };
    });
    expect(kinds(about(found, { orderId: ids.unpaid }))).toEqual(["order-payment-not-succeeded"]);
    expect(kinds(about(found, { orderId: ids.refunded }))).toEqual([
      "order-payment-not-succeeded",
      "refund-of-standing-order",
    ]);
    expect(kinds(about(found, { orderId: ids.cheap }))).toEqual(["order-payment-amount"]);
    expect(about(found, { orderId: ids.cheap })[0]!.message).toMatch(/\$39\.99.*\$0\.01/);
    expect(kinds(about(found, { orderId: ids.other }))).toEqual(["order-payment-other-user"]);
    expect(found).toHaveLength(5);
  });

  it("(b) reports a succeeded payment with neither order nor refund, unless it is newer than settledBefore", async () => {
    const result = await rolledBack(async (tx) => {
      const old = new Date(Date.now() - 10 * 60_000);
      const stale = await paidOrder(tx, { order: false, paymentUpdatedAt: old });
      const fresh = await paidOrder(tx, { order: false });
      const fiveMinutesAgo = new Date(Date.now() - 5 * 60_000);
      return {
        all: await checkInvariants(tx),
        settled: await checkInvariants(tx, { settledBefore: fiveMinutesAgo }),
        stale: stale.payment.id,
        fresh: fresh.payment.id,
        report: formatInvariantReport(await checkInvariants(tx, { settledBefore: fiveMinutesAgo }), {
          settledBefore: fiveMinutesAgo,
        }),
      };
    });
    expect(result.all.map((v) => [v.kind, v.paymentId])).toEqual([
      ["paid-without-order", result.stale],
      ["paid-without-order", result.fresh],
    ]);
    expect(result.settled).toEqual([
      expect.objectContaining({ rule: "payment-outcome", kind: "paid-without-order", paymentId: result.stale }),
    ]);
    expect(result.report).toContain(`FAIL (b)`);
    expect(result.report).toContain(`payment ${result.stale} ($39.99, user`);
    expect(result.report).toMatch(/1 violation found\.$/);
  });

  it("(b) reports a refunded payment without a done refund, a refund of a standing order, a cancelled order kept", async () => {
    const { found, ids } = await rolledBack(async (tx) => {
      const noRecord = await paidOrder(tx, { order: false, paymentStatus: "refunded" });
      const pending = await paidOrder(tx, { order: false, paymentStatus: "refunded" });
      await tx.insert(refunds).values({ paymentId: pending.payment.id, reason: "sold out" });
      const standing = await paidOrder(tx);
      await tx.insert(refunds).values({ paymentId: standing.payment.id, reason: "oops" });
      const kept = await paidOrder(tx, { orderStatus: "CANCELLED" });
      return {
        found: await checkInvariants(tx),
        ids: {
          noRecord: noRecord.payment.id,
          pending: pending.payment.id,
          standing: standing.payment.id,
          kept: kept.payment.id,
        },
      };
    });
    expect(kinds(about(found, { paymentId: ids.noRecord }))).toEqual(["refunded-without-refund"]);
    expect(about(found, { paymentId: ids.noRecord })[0]!.message).toContain("no refund record");
    expect(kinds(about(found, { paymentId: ids.pending }))).toEqual(["refunded-without-refund"]);
    expect(about(found, { paymentId: ids.pending })[0]!.message).toContain("still pending");
    expect(kinds(about(found, { paymentId: ids.standing }))).toEqual(["refund-of-standing-order"]);
    expect(kinds(about(found, { paymentId: ids.kept }))).toEqual(["cancelled-order-not-refunded"]);
    expect(found).toHaveLength(4);
  });

  it("(c) reports negative stock (with the database's own check lifted for the test)", async () => {
    const { found, productId } = await rolledBack(async (tx) => {
      // first: products' writes leave trigger events pending until commit (the catalogue version, migration 0011),
      // and a table with pending events cannot be altered
      await tx.execute(sql`ALTER TABLE products DROP CONSTRAINT products_inventory_not_negative`);
      await tx.execute(sql`ALTER TABLE product_variants DROP CONSTRAINT product_variants_inventory_not_negative`);
      const category = await tx
        .insert(categories)
        .values({ name: `Category ${word()}` })
        .returning();
      const [product] = await tx
        .insert(products)
        .values({ name: "Oversold", brand: "Neg", priceCents: 100, description: "x", categoryId: category[0]!.id })
        .returning();
      await tx.update(products).set({ inventory: -2 }).where(eq(products.id, product!.id));
      return { found: await checkInvariants(tx), productId: product!.id };
    });
    // the product's stock is its variant's (migration 0012): both are below zero
    expect(found).toEqual([
      expect.objectContaining({ rule: "inventory", kind: "negative-inventory", productId, details: { inventory: -2 } }),
      expect.objectContaining({ rule: "inventory", kind: "negative-variant-inventory", productId }),
    ]);
    expect(found[0]!.message).toBe(`product ${productId} (Oversold) has -2 in stock`);
  });

  it("(c) reports kept facet counts that disagree with the products", async () => {
    const { found, categoryId, brand } = await rolledBack(async (tx) => {
      const category = await tx
        .insert(categories)
        .values({ name: `Category ${word()}` })
        .returning();
      const brand = `Brand ${word()}`;
      await tx
        .insert(products)
        .values({ name: `Counted ${word()}`, brand, priceCents: 100, description: "x", categoryId: category[0]!.id });
      await tx.execute(sql`UPDATE catalogue_facet_counts SET products = products + 2 WHERE brand = ${brand}`);
      return { found: await checkInvariants(tx), categoryId: category[0]!.id, brand };
    });
    expect(found).toEqual([
      expect.objectContaining({
        rule: "inventory",
        kind: "facet-counts",
        details: { categoryId, brand, kept: 3, actual: 1 },
      }),
    ]);
  });

  it("(d) reports order lines that differ from what was paid for, or do not add up to the order's total", async () => {
    const { found, ids } = await rolledBack(async (tx) => {
      // one more piece than paid for, at the same total (the total matches the payment, the lines do not)
      const more = await paidOrder(tx);
      await tx.update(orderItems).set({ quantity: 3 }).where(eq(orderItems.productId, more.a.id));
      // a line nobody paid for
      const extra = await paidOrder(tx);
      const [category] = await tx
        .insert(categories)
        .values({ name: `Category ${word()}` })
        .returning();
      const [gift] = await tx
        .insert(products)
        .values({ name: "Gift", brand: "Free", priceCents: 0, description: "x", categoryId: category!.id })
        .returning();
      await tx.insert(orderItems).values({
        orderId: extra.order!.id,
        productId: gift!.id,
        productName: "Gift",
        productBrand: "Free",
        quantity: 1,
        priceCents: 0,
      });
      // a paid line missing, and another priced differently
      const missing = await paidOrder(tx);
      await tx.delete(orderItems).where(eq(orderItems.productId, missing.b.id));
      await tx.update(orderItems).set({ priceCents: 1999 }).where(eq(orderItems.productId, missing.a.id));
      return {
        found: await checkInvariants(tx),
        ids: { more: more.order!.id, extra: extra.order!.id, missing: missing.order!.id, a: missing.a },
      };
    });
    expect(kinds(about(found, { orderId: ids.more }))).toEqual(["order-items-not-paid-for", "order-items-total"]);
    expect(about(found, { orderId: ids.more }).find((v) => v.kind === "order-items-total")!.details).toEqual({
      itemsTotalCents: 3 * 1500 + 999,
      subtotalCents: 2 * 1500 + 999,
      totalCents: 2 * 1500 + 999,
    });
    // a free extra line keeps the total right, but it was not paid for
    expect(kinds(about(found, { orderId: ids.extra }))).toEqual(["order-items-not-paid-for"]);
    expect(about(found, { orderId: ids.extra })[0]!.message).toContain("ordered 1 × Gift");
    const missing = about(found, { orderId: ids.missing }).find((v) => v.kind === "order-items-not-paid-for")!;
    expect(missing.message).toContain(`paid 2 × ${ids.a.name} (${ids.a.id}) at $15.00, ordered 2 × ${ids.a.name}`);
    expect(missing.message).toContain("at $19.99");
    expect(missing.message).toMatch(/ordered nothing/);
    expect(kinds(about(found, { orderId: ids.missing }))).toEqual(["order-items-not-paid-for", "order-items-total"]);
  });

  it("(d) reports an order whose total is not its lines − discount + shipping + tax; (a) a payment off its breakdown", async () => {
    const { found, ids } = await rolledBack(async (tx) => {
      // shipping and added tax: 3999 + 500 + 320 = 4819, paid so
      const fine = await paidOrder(tx);
      await tx
        .update(orders)
        .set({
          totalCents: 4819,
          shippingCents: 500,
          shippingMethod: "Standard",
          taxCents: 320,
          taxes: [{ name: "Sales tax", basisPoints: 711, cents: 320 }],
        })
        .where(eq(orders.id, fine.order!.id));
      await tx.update(payments).set({ amountCents: 4819 }).where(eq(payments.id, fine.payment.id));
      // included tax does not add to the total
      const included = await paidOrder(tx);
      await tx
        .update(orders)
        .set({ taxCents: 638, taxIncluded: true, taxes: [{ name: "VAT", basisPoints: 1900, cents: 638 }] })
        .where(eq(orders.id, included.order!.id));
      // shipping left out of the total
      const short = await paidOrder(tx);
      await tx.update(orders).set({ shippingCents: 500 }).where(eq(orders.id, short.order!.id));
      // a payment charged another amount than its breakdown says
      const off = await paidOrder(tx);
      const breakdown = { totalCents: 1 } as NonNullable<typeof payments.$inferSelect.priceBreakdown>;
      await tx.update(payments).set({ priceBreakdown: breakdown }).where(eq(payments.id, off.payment.id));
      return {
        found: await checkInvariants(tx),
        ids: { fine: fine.order!.id, included: included.order!.id, short: short.order!.id, off: off.order!.id },
      };
    });
    expect(about(found, { orderId: ids.fine })).toEqual([]);
    expect(about(found, { orderId: ids.included })).toEqual([]);
    expect(kinds(about(found, { orderId: ids.short }))).toEqual(["order-total-parts"]);
    expect(about(found, { orderId: ids.short })[0]!.message).toContain("+ shipping $5.00");
    expect(kinds(about(found, { orderId: ids.off }))).toEqual(["payment-breakdown-total"]);
  });

  it("the report names every broken invariant with its count and each violation's ids", async () => {
    const report = await rolledBack(async (tx) => {
      const { user } = await paidOrder(tx, { order: false });
      await tx.insert(orders).values({ userId: user.id, totalCents: 100, ...(await numberInvoice(tx)) });
      return formatInvariantReport(await checkInvariants(tx));
    });
    const lines = report.split("\n");
    expect(lines[0]).toBe("Shop invariants (every payment and order):");
    expect(lines[1]).toMatch(/^ {2}FAIL \(a\) .*: 1$/);
    expect(lines[2]).toMatch(/^ {9}- \[order-without-payment\] order \d+ \(\$1\.00, PENDING\) has no payment$/);
    expect(report).toMatch(/FAIL \(b\) .*: 1\n {9}- \[paid-without-order\] payment \d+/);
    expect(report).toMatch(/ok {3}\(c\) no negative stock/);
    expect(report).toMatch(/FAIL \(d\) .*: 1/);
    expect(lines.at(-1)).toBe("3 violations found.");
  });

  it("leaves the file's database as clean as it found it", async () => {
    expect(await checkInvariants(database.db)).toEqual([]);
  });
});
