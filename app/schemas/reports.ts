import { z } from "zod/v4";
import { blankToUndefined } from "./common";

/** The periods the dashboard compares, in days (each against the same number of days before it). */
export const DASHBOARD_PERIODS = [7, 30, 90] as const;
export type DashboardPeriod = (typeof DASHBOARD_PERIODS)[number];

/** GET /admin/dashboard: which period (30 days when none is given). */
export const DashboardQuerySchema = z.object({
  days: z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: "must be a number" })
      .pipe(z.literal(DASHBOARD_PERIODS, { error: `must be one of ${DASHBOARD_PERIODS.join(", ")}` }))
      .default(30),
  ),
});

/** GET /admin/dashboard.csv: the period, and which of its tables. */
export const DASHBOARD_CSV_TABLES = ["daily", "products", "variants", "low-stock"] as const;
export type DashboardCsvTable = (typeof DASHBOARD_CSV_TABLES)[number];
export const DashboardCsvQuerySchema = DashboardQuerySchema.extend({
  table: z.preprocess(
    blankToUndefined,
    z.enum(DASHBOARD_CSV_TABLES, { error: `must be one of ${DASHBOARD_CSV_TABLES.join(", ")}` }).default("daily"),
  ),
});

const SalesSchema = z.object({
  /** what the orders of the period cost their shoppers (cancelled orders left out), in dollars */
  revenue: z.number(),
  orders: z.number().int(),
  /** revenue / orders, 0 without orders */
  averageOrderValue: z.number(),
});
export type Sales = z.infer<typeof SalesSchema>;

export const DashboardSchema = z.object({
  days: z.number().int(),
  /** the first day of the period and the day after its last (UTC dates, YYYY-MM-DD); today is its last day */
  from: z.string(),
  to: z.string(),
  current: SalesSchema,
  /** the same number of days just before */
  previous: SalesSchema,
  /** one entry per day of the period, oldest first, days without orders included */
  daily: z.array(SalesSchema.extend({ date: z.string() })),
  /** the period's best sellers by revenue (at most 10) */
  topProducts: z.array(
    z.object({
      /** null: the product was deleted since (its orders keep its name) */
      productId: z.number().int().nullable(),
      name: z.string(),
      brand: z.string(),
      units: z.number().int(),
      revenue: z.number(),
    }),
  ),
  /**
   * the period's best-selling variants of products with options (at most 10), by revenue: which switch, colour or size
   * sells (a product without options has one variant: it is its own line above)
   */
  topVariants: z.array(
    z.object({
      /** null: the product or the variant was deleted since (its orders keep their names) */
      productId: z.number().int().nullable(),
      variantId: z.number().int().nullable(),
      name: z.string(),
      /** "Switch: Brown · Layout: ISO DE" */
      variant: z.string(),
      units: z.number().int(),
      revenue: z.number(),
    }),
  ),
  lowStock: z.object({
    /** products with this many units or fewer */
    threshold: z.number().int(),
    count: z.number().int(),
    /** the fewest first (at most 10) */
    products: z.array(
      z.object({ id: z.number().int(), name: z.string(), brand: z.string(), inventory: z.number().int() }),
    ),
  }),
  refunds: z.object({
    /** money still owed back to shoppers */
    owedCount: z.number().int(),
    owedAmount: z.number(),
    /** of those, the ones the payment provider refused at least once */
    failingCount: z.number().int(),
  }),
  mail: z.object({
    /** messages the shop gave up sending */
    failedCount: z.number().int(),
  }),
});
export type DashboardDto = z.infer<typeof DashboardSchema>;
