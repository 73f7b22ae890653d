// "Download my data" (GDPR Art. 15 and 20; docs/decisions/0038-running-the-shop.md): everything the shop keeps about
// one account, for its owner only. An admin looks after accounts through their own endpoints; this copy is the
// person's, so even an admin gets 403 for someone else's.
import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import { getDb, type DbOrTx } from "~/db/client.server";
import {
  mailOutbox,
  payments,
  products,
  productVariants,
  savedItems,
  stockAlerts,
  users,
  withdrawalRequests,
} from "~/db/schema";
import { centsToDollars } from "~/lib/money";
import { DATA_EXPORT_FORMAT, type AccountExportDto } from "~/schemas/data-export";
import { requireActor, type Actor } from "../access";
import { ForbiddenError, NotFoundError } from "../errors";
import { getCart } from "../orders/cart.server";
import { listOrders } from "../orders/orders.server";
import { mineOf } from "../stock-alerts/stock-alerts.server";
import { getUser } from "./users.server";

export async function exportAccountData({
  actor,
  userId,
  db = getDb(),
}: {
  actor: Actor | null;
  userId: number;
  db?: DbOrTx;
}): Promise<AccountExportDto> {
  const who = requireActor(actor);
  if (who.id !== userId) throw new ForbiddenError("Only the account's owner can download its data.");
  const [row] = await db
    .select({ createdAt: users.createdAt, email: users.email })
    .from(users)
    .where(and(eq(users.id, userId), sql`${users.deletedAt} is null`));
  if (!row) throw new NotFoundError("User not found");
  const [account, cart, orderList, paymentRows] = await Promise.all([
    getUser({ userId, actor, db }),
    getCart({ userId, actor, db }),
    listOrders({ actor, userId, db }),
    db
      .select({
        id: payments.id,
        amountCents: payments.amountCents,
        status: payments.status,
        provider: payments.provider,
        createdAt: payments.createdAt,
      })
      .from(payments)
      .where(eq(payments.userId, userId))
      .orderBy(desc(payments.createdAt), desc(payments.id)),
  ]);
  const orderIds = orderList.map((order) => order.id);
  const withdrawals =
    orderIds.length === 0
      ? []
      : await db
          .select()
          .from(withdrawalRequests)
          .where(inArray(withdrawalRequests.orderId, orderIds))
          .orderBy(asc(withdrawalRequests.createdAt));
  const mail = await db
    .select({
      kind: mailOutbox.kind,
      to: mailOutbox.recipient,
      subject: mailOutbox.subject,
      status: mailOutbox.status,
      createdAt: mailOutbox.createdAt,
    })
    .from(mailOutbox)
    // the mail to the account's address (a billing e-mail typed at checkout is anyone's: never a key to mail)
    .where(eq(sql`lower(${mailOutbox.recipient})`, row.email.toLowerCase()))
    .orderBy(asc(mailOutbox.createdAt), asc(mailOutbox.id));
  const saved = await db
    .select({
      productId: savedItems.productId,
      productName: products.name,
      savedPriceCents: savedItems.savedPriceCents,
      createdAt: savedItems.createdAt,
    })
    .from(savedItems)
    .innerJoin(products, eq(products.id, savedItems.productId))
    .where(eq(savedItems.userId, userId))
    .orderBy(asc(savedItems.createdAt), asc(savedItems.id));
  const alerts = await db
    .select({
      productId: stockAlerts.productId,
      productName: products.name,
      variantId: stockAlerts.variantId,
      variantSku: productVariants.sku,
      state: stockAlerts.status,
      createdAt: stockAlerts.createdAt,
      confirmedAt: stockAlerts.confirmedAt,
      notifiedAt: stockAlerts.notifiedAt,
      unsubscribedAt: stockAlerts.unsubscribedAt,
    })
    .from(stockAlerts)
    .innerJoin(products, eq(products.id, stockAlerts.productId))
    .leftJoin(productVariants, eq(productVariants.id, stockAlerts.variantId))
    .where(mineOf(userId))
    .orderBy(asc(stockAlerts.createdAt), asc(stockAlerts.id));
  const isoOrNull = (date: Date | null) => date?.toISOString() ?? null;
  return {
    format: DATA_EXPORT_FORMAT,
    exportedAt: new Date().toISOString(),
    account: { ...account, createdAt: row.createdAt.toISOString() },
    cart,
    orders: orderList,
    payments: paymentRows.map((p) => ({
      id: p.id,
      amount: centsToDollars(p.amountCents),
      status: p.status,
      provider: p.provider,
      createdAt: p.createdAt.toISOString(),
    })),
    withdrawals: withdrawals.map((w) => ({
      orderId: w.orderId,
      email: w.email,
      status: w.status,
      via: w.via,
      createdAt: w.createdAt.toISOString(),
    })),
    savedItems: saved.map((item) => ({
      productId: item.productId,
      productName: item.productName,
      savedPrice: centsToDollars(item.savedPriceCents),
      savedAt: item.createdAt.toISOString(),
    })),
    stockAlerts: alerts.map((alert) => ({
      ...alert,
      createdAt: alert.createdAt.toISOString(),
      confirmedAt: isoOrNull(alert.confirmedAt),
      notifiedAt: isoOrNull(alert.notifiedAt),
      unsubscribedAt: isoOrNull(alert.unsubscribedAt),
    })),
    mail: mail.map((m) => ({ ...m, createdAt: m.createdAt.toISOString() })),
  };
}
