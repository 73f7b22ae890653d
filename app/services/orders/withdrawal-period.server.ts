// The withdrawal period (decision 0039), which is also the return window (decision 0044): `shop_settings.withdrawal_days`
// after delivery.
import { eq } from "drizzle-orm";
import { getDb, type DbOrTx } from "~/db/client.server";
import { shopSettings } from "~/db/schema";
import type { OrderRow } from "./order-admin.server";

const DAY_MS = 24 * 60 * 60_000;

/** The withdrawal period, in days after delivery (shop_settings; 14 without a settings row). */
export async function withdrawalDays(db: DbOrTx = getDb()): Promise<number> {
  const [row] = await db.select({ days: shopSettings.withdrawalDays }).from(shopSettings).where(eq(shopSettings.id, 1));
  return row?.days ?? 14;
}

/**
 * The last moment of the withdrawal period: `days` after delivery. Null before delivery (the period has not started:
 * an unshipped or travelling order may always be withdrawn from) and for cancelled orders.
 */
export function withdrawalDeadline(row: OrderRow, days: number): Date | null {
  if (row.status !== "DELIVERED") return null;
  const delivered = row.deliveredAt ?? row.updatedAt;
  return new Date(delivered.getTime() + days * DAY_MS);
}
