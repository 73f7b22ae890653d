// The admin's dashboard (docs/product.md#dashboard): how the shop is doing, at a glance. Sales are the orders placed in
// the period, cancelled ones left out (their money went back); days and periods are UTC days, the period ending with
// today. Everything is read in one snapshot-free pass of a few aggregate queries: figures can be a moment apart.
import { stringify } from "csv-stringify/sync";
import { and, asc, desc, eq, gt, gte, lt, lte, ne, sql } from "drizzle-orm";
import { getDb, type DbOrTx } from "~/db/client.server";
import { mailOutbox, orderItems, orders, payments, products, refunds } from "~/db/schema";
import { centsToDollars } from "~/lib/money";
import type { DashboardCsvTable, DashboardDto, DashboardPeriod, Sales } from "~/schemas/reports";
import { requireAdmin, type Actor } from "../access";
import { LOW_STOCK } from "../catalogue/product-admin.server";
import { neutraliseFormula } from "../catalogue/product-csv.server";

const DAY_MS = 24 * 60 * 60 * 1000;
const TOP = 10;

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

function sales(revenueCents: number, count: number): Sales {
  return {
    revenue: centsToDollars(revenueCents),
    orders: count,
    averageOrderValue: count === 0 ? 0 : centsToDollars(Math.round(revenueCents / count)),
  };
}

/** GET /admin/dashboard: sales per day of the last `days` days against the days before, and what needs attention. */
export async function shopDashboard({
  actor,
  days,
  now = new Date(),
  db = getDb(),
}: {
  actor: Actor | null;
  days: DashboardPeriod;
  now?: Date;
  db?: DbOrTx;
}): Promise<DashboardDto> {
  requireAdmin(actor);
  const to = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) + DAY_MS);
  const from = new Date(to.getTime() - days * DAY_MS);
  const previousFrom = new Date(from.getTime() - days * DAY_MS);
  const sold = ne(orders.status, "CANCELLED");
  const day = sql<string>`to_char(${orders.orderDate} AT TIME ZONE 'UTC', 'YYYY-MM-DD')`;

  const [perDay, top, topVariants, lowCount, low, owed, failedMail] = await Promise.all([
    db
      .select({
        day,
        count: sql<number>`count(*)::int`,
        cents: sql<number>`coalesce(sum(${orders.totalCents}), 0)::bigint`,
      })
      .from(orders)
      .where(and(sold, gte(orders.orderDate, previousFrom), lt(orders.orderDate, to)))
      .groupBy(day),
    db
      .select({
        productId: orderItems.productId,
        name: sql<string>`max(${orderItems.productName})`,
        brand: sql<string>`max(${orderItems.productBrand})`,
        units: sql<number>`sum(${orderItems.quantity})::int`,
        cents: sql<number>`sum(${orderItems.priceCents} * ${orderItems.quantity})::bigint`,
      })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .where(and(sold, gte(orders.orderDate, from), lt(orders.orderDate, to)))
      // a deleted product's lines have no id: they stay together by name
      .groupBy(orderItems.productId, sql`case when ${orderItems.productId} is null then ${orderItems.productName} end`)
      .orderBy(
        desc(sql`sum(${orderItems.priceCents} * ${orderItems.quantity})`),
        desc(sql`sum(${orderItems.quantity})`),
      )
      .limit(TOP),
    db
      .select({
        productId: sql<number | null>`max(${orderItems.productId})`,
        variantId: orderItems.variantId,
        name: sql<string>`max(${orderItems.productName})`,
        variant: orderItems.variantLabel,
        units: sql<number>`sum(${orderItems.quantity})::int`,
        cents: sql<number>`sum(${orderItems.priceCents} * ${orderItems.quantity})::bigint`,
      })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      // a product without options sells its one default variant, whose label is empty: the products' table has it
      .where(and(sold, gte(orders.orderDate, from), lt(orders.orderDate, to), ne(orderItems.variantLabel, "")))
      // a deleted variant's lines have no id: they stay together by product name and label
      .groupBy(
        orderItems.variantId,
        orderItems.variantLabel,
        sql`case when ${orderItems.variantId} is null then ${orderItems.productName} end`,
      )
      .orderBy(
        desc(sql`sum(${orderItems.priceCents} * ${orderItems.quantity})`),
        desc(sql`sum(${orderItems.quantity})`),
      )
      .limit(TOP),
    db
      .select({ count: sql<number>`count(*)::int` })
      .from(products)
      .where(lte(products.inventory, LOW_STOCK)),
    db
      .select({ id: products.id, name: products.name, brand: products.brand, inventory: products.inventory })
      .from(products)
      .where(lte(products.inventory, LOW_STOCK))
      .orderBy(asc(products.inventory), asc(products.id))
      .limit(TOP),
    db
      .select({
        count: sql<number>`count(*)::int`,
        // a refund gives back its whole payment, a return's refund its amount
        cents: sql<number>`coalesce(sum(coalesce(${refunds.amountCents}, ${payments.amountCents})), 0)::bigint`,
        failing: sql<number>`count(*) filter (where ${gt(refunds.attempts, 0)})::int`,
      })
      .from(refunds)
      .innerJoin(payments, eq(payments.id, refunds.paymentId))
      .where(eq(refunds.status, "pending")),
    db
      .select({ count: sql<number>`count(*)::int` })
      .from(mailOutbox)
      .where(eq(mailOutbox.status, "failed")),
  ]);

  const byDay = new Map(perDay.map((row) => [row.day, { count: Number(row.count), cents: Number(row.cents) }]));
  const daily = Array.from({ length: days }, (_, index) => {
    const date = isoDay(new Date(from.getTime() + index * DAY_MS));
    const figures = byDay.get(date) ?? { count: 0, cents: 0 };
    return { date, ...sales(figures.cents, figures.count) };
  });
  let previousCents = 0;
  let previousCount = 0;
  for (const [date, figures] of byDay) {
    if (date >= isoDay(from)) continue;
    previousCents += figures.cents;
    previousCount += figures.count;
  }
  const currentCents = [...byDay].filter(([date]) => date >= isoDay(from)).reduce((sum, [, f]) => sum + f.cents, 0);
  const currentCount = daily.reduce((sum, d) => sum + d.orders, 0);

  return {
    days,
    from: isoDay(from),
    to: isoDay(to),
    current: sales(currentCents, currentCount),
    previous: sales(previousCents, previousCount),
    daily,
    topProducts: top.map((row) => ({
      productId: row.productId,
      name: row.name,
      brand: row.brand,
      units: Number(row.units),
      revenue: centsToDollars(Number(row.cents)),
    })),
    topVariants: topVariants.map((row) => ({
      productId: row.productId === null ? null : Number(row.productId),
      variantId: row.variantId,
      name: row.name,
      variant: row.variant,
      units: Number(row.units),
      revenue: centsToDollars(Number(row.cents)),
    })),
    lowStock: { threshold: LOW_STOCK, count: lowCount[0]?.count ?? 0, products: low },
    refunds: {
      owedCount: owed[0]?.count ?? 0,
      owedAmount: centsToDollars(Number(owed[0]?.cents ?? 0)),
      failingCount: owed[0]?.failing ?? 0,
    },
    mail: { failedCount: failedMail[0]?.count ?? 0 },
  };
}

/** The dashboard's tables as CSV: the sales per day, or the best sellers (names made safe for spreadsheets). */
export function dashboardCsv(dashboard: DashboardDto, table: DashboardCsvTable): string {
  if (table === "daily") {
    return stringify(
      dashboard.daily.map((d) => [d.date, d.orders, d.revenue.toFixed(2), d.averageOrderValue.toFixed(2)]),
      { header: true, columns: ["date", "orders", "revenue", "average_order_value"] },
    );
  }
  if (table === "low-stock") {
    return stringify(
      dashboard.lowStock.products.map((p) => [
        p.id,
        neutraliseFormula(p.name),
        neutraliseFormula(p.brand),
        p.inventory,
      ]),
      { header: true, columns: ["product_id", "name", "brand", "in_stock"] },
    );
  }
  if (table === "variants") {
    return stringify(
      dashboard.topVariants.map((v) => [
        v.productId ?? "",
        v.variantId ?? "",
        neutraliseFormula(v.name),
        neutraliseFormula(v.variant),
        v.units,
        v.revenue.toFixed(2),
      ]),
      { header: true, columns: ["product_id", "variant_id", "name", "variant", "units", "revenue"] },
    );
  }
  return stringify(
    dashboard.topProducts.map((p) => [
      p.productId ?? "",
      neutraliseFormula(p.name),
      neutraliseFormula(p.brand),
      p.units,
      p.revenue.toFixed(2),
    ]),
    { header: true, columns: ["product_id", "name", "brand", "units", "revenue"] },
  );
}
