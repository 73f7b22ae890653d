// Back-in-stock alerts (docs/decisions/0046-back-in-stock-alerts.md). A visitor's address is confirmed through a mailed
// link first (double opt-in: nothing is subscribed before); a signed-in shopper subscribes in one step with the account's
// address. The alert mail is rendered when a subscription becomes active and kept with it; the trigger of migration 0027
// copies it into the outbox in the very transaction that brings the stock back from none, whatever writes the stock,
// and marks the subscription notified in the same statement (once only). Links carry tokens signed with a key derived
// from the shop's secret for them alone (link-tokens.server.ts): nothing to store, and the unsubscribe link names the
// address, so it stops every alert to it.
import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import { getDb, type DbOrTx } from "~/db/client.server";
import { products, productVariants, stockAlerts, users } from "~/db/schema";
import { getConfig } from "~/lib/env.server";
import { itemName } from "~/lib/item-name";
import type { StockAlertSubscribeInput } from "~/schemas/stock-alerts";
import { requireActor, type Actor } from "../access";
import { ConflictError, GoneError, NotFoundError, RateLimitedError, ValidationError } from "../errors";
import { renderMail } from "../mail/layout.server";
import { queueMail } from "../mail/outbox.server";
import { backInStockMail, stockAlertConfirmMail } from "../mail/templates/stock-alerts.server";
import { countEvent, keyPart } from "../rate-limit.server";
import { resolveVariant } from "../catalogue/variants.server";
import { alertOfToken, confirmToken, emailOfToken, unsubscribeToken } from "./link-tokens.server";

export { confirmToken, unsubscribeToken };

const HOUR = 3600;
/** how long a confirmation link works */
export const CONFIRM_DAYS = 7;

export const SUBSCRIBE_ANSWER =
  "Thank you. If this address can get alerts, we sent it a link: open it to confirm, and we e-mail you when it is back.";
export const LINK_INVALID = "This link is not valid. Please use the link in the newest e-mail from us.";
export const EMAIL_REQUIRED = "Enter your e-mail address";

const invalidLink = () => new ValidationError(LINK_INVALID, { token: [LINK_INVALID] });

// ---------------------------------------------------------------- what is subscribed to

interface Target {
  productId: number;
  /** null: the product (any of its variants) */
  variantId: number | null;
  item: string;
  path: string;
}

async function targetOf(productId: number, variantId: number | undefined, db: DbOrTx): Promise<Target> {
  const [product] = await db
    .select({ id: products.id, name: products.name, brand: products.brand })
    .from(products)
    .where(eq(products.id, productId));
  if (!product) throw new NotFoundError("Product not found");
  if (variantId === undefined) {
    return {
      productId,
      variantId: null,
      item: itemName({ productBrand: product.brand, productName: product.name, variantLabel: null }),
      path: `/product/${productId}/details`,
    };
  }
  const variant = await resolveVariant({ productId, variantId, db });
  return {
    productId,
    variantId: variant.id,
    item: itemName({ productBrand: product.brand, productName: product.name, variantLabel: variant.label || null }),
    path: `/product/${productId}/details?variant=${variant.id}`,
  };
}

/**
 * The target's stock, its row locked FOR SHARE until the transaction ends: a restock waits, so a subscription made
 * active here is active when the restock's trigger looks, or the restock came first and is seen here.
 */
async function lockedStock(tx: DbOrTx, target: Pick<Target, "productId" | "variantId">): Promise<number> {
  if (target.variantId !== null) {
    // the product's row first, as every stock writer locks them (product-locks.server.ts): the variant's row alone,
    // then the insert's foreign-key check on the product, crossed a restock's order and deadlocked (the reviewer's find)
    await tx.select({ id: products.id }).from(products).where(eq(products.id, target.productId)).for("share");
    const [row] = await tx
      .select({ inventory: productVariants.inventory })
      .from(productVariants)
      .where(eq(productVariants.id, target.variantId))
      .for("share");
    return row?.inventory ?? 0;
  }
  const [row] = await tx
    .select({ inventory: products.inventory })
    .from(products)
    .where(eq(products.id, target.productId))
    .for("share");
  return row?.inventory ?? 0;
}

const inStockRefusal = (item: string) =>
  new ConflictError(`${item} is in stock: you can order it now.`, { variantId: ["This is in stock"] });

/** The columns of an active subscription: its alert mail, rendered now. */
function activeMail(target: Target, email: string) {
  const rendered = renderMail(
    backInStockMail({ item: target.item, productPath: target.path, unsubscribeToken: unsubscribeToken(email) }),
  );
  return {
    status: "active" as const,
    mailSubject: rendered.subject,
    mailText: rendered.text,
    mailHtml: rendered.html,
    mailHost: new URL(getConfig().mail.publicUrl).hostname || "localhost",
  };
}

function openAlertOf(target: Target, email: string) {
  return and(
    eq(stockAlerts.productId, target.productId),
    target.variantId === null ? isNull(stockAlerts.variantId) : eq(stockAlerts.variantId, target.variantId),
    eq(stockAlerts.email, email),
    inArray(stockAlerts.status, ["pending", "active"]),
  );
}

// ---------------------------------------------------------------- subscribe, confirm, unsubscribe

/**
 * POST /products/product/{id}/stock-alerts. A signed-in shopper: subscribed at once with the account's address. A
 * visitor: a confirmation link is mailed, and the answer is the same whether the address is new, waiting for its
 * confirmation or already subscribed (a mail only when one is due and the address's hourly limit allows).
 */
export async function subscribeToStockAlert({
  actor,
  productId,
  input,
  clientAddress,
  db = getDb(),
}: {
  actor: Actor | null;
  productId: number;
  input: StockAlertSubscribeInput;
  clientAddress?: string;
  db?: DbOrTx;
}): Promise<{ status: "confirm" | "active" }> {
  const target = await targetOf(productId, input.variantId, db);
  if (actor) {
    const [user] = await db
      .select({ email: users.email })
      .from(users)
      .where(and(eq(users.id, actor.id), isNull(users.deletedAt)));
    if (!user) throw new NotFoundError("Account not found");
    const email = user.email.toLowerCase();
    await db.transaction(async (tx) => {
      if ((await lockedStock(tx, target)) > 0) throw inStockRefusal(target.item);
      const values = { ...activeMail(target, email), userId: actor.id, confirmedAt: new Date() };
      const openRow = () =>
        tx.select({ id: stockAlerts.id }).from(stockAlerts).where(openAlertOf(target, email)).for("update");
      // a visitor's row for the address may be committed between the look and the insert (the insert waits for it and
      // does nothing): a new statement sees it, and the subscription activates it. Should that row have ended
      // meanwhile, the insert is tried once more; the answer "active" is always what the database holds
      for (let attempt = 0; ; attempt++) {
        const [open] = await openRow();
        if (open) {
          await tx.update(stockAlerts).set(values).where(eq(stockAlerts.id, open.id));
          return;
        }
        const [made] = await tx
          .insert(stockAlerts)
          .values({ productId, variantId: target.variantId, email, ...values })
          .onConflictDoNothing()
          .returning({ id: stockAlerts.id });
        if (made) return;
        if (attempt === 1) throw new ConflictError("Your alert could not be saved just now. Please try again.");
      }
    });
    return { status: "active" };
  }

  if (!input.email) throw new ValidationError(EMAIL_REQUIRED, { email: [EMAIL_REQUIRED] });
  const email = input.email.trim().toLowerCase();
  const limits = getConfig().rateLimits;
  if (clientAddress) {
    await countEvent(
      [{ key: `stock-alert:client:${clientAddress}`, max: limits.stockAlertsPerClient, windowSeconds: HOUR }],
      "Too many alerts were asked for from your network. Please try again later.",
      db,
    );
  }
  if ((await lockedStock(db, target)) > 0) throw inStockRefusal(target.item);
  try {
    // one address's mailbox is not to be filled by strangers: beyond its limit the same answer, and no mail
    await countEvent(
      [{ key: `stock-alert:email:${keyPart(email)}`, max: limits.stockAlertsPerEmail, windowSeconds: HOUR }],
      "quiet",
      db,
    );
  } catch (error) {
    if (error instanceof RateLimitedError) return { status: "confirm" };
    throw error;
  }
  await db.transaction(async (tx) => {
    let [open] = await tx
      .select({ id: stockAlerts.id, status: stockAlerts.status })
      .from(stockAlerts)
      .where(openAlertOf(target, email))
      .for("update");
    if (!open) {
      [open] = await tx
        .insert(stockAlerts)
        .values({ productId, variantId: target.variantId, email, status: "pending" })
        .onConflictDoNothing()
        .returning({ id: stockAlerts.id, status: stockAlerts.status });
    }
    // already subscribed, or made by a parallel request that mails its own link: nothing to send
    if (!open || open.status !== "pending") return;
    // a link mailed again counts its CONFIRM_DAYS from now: the confirmation's expiry is measured from created_at, and
    // a pending row kept its first one, so after a week every new link came expired (the reviewer's find)
    await tx.update(stockAlerts).set({ createdAt: new Date() }).where(eq(stockAlerts.id, open.id));
    await queueMail(
      tx,
      "stock-alert-confirm",
      email,
      stockAlertConfirmMail({
        item: target.item,
        confirmToken: confirmToken(open.id),
        unsubscribeToken: unsubscribeToken(email),
        days: CONFIRM_DAYS,
      }),
    );
  });
  return { status: "confirm" };
}

/**
 * POST /stock-alerts/confirm: the visitor's link makes the subscription active (a second click changes nothing). When
 * the item is already back, the subscription is done at once and the answer says so: no mail is due.
 */
export async function confirmStockAlert({
  token,
  now = new Date(),
  db = getDb(),
}: {
  token: string;
  now?: Date;
  db?: DbOrTx;
}): Promise<{ productId: number; inStock: boolean }> {
  const id = alertOfToken(token);
  if (id === null) throw invalidLink();
  const [found] = await db.select().from(stockAlerts).where(eq(stockAlerts.id, id));
  if (!found) throw new GoneError("This alert no longer exists (the product was removed, or the alert cancelled).");
  const target = await targetOf(found.productId, found.variantId ?? undefined, db).catch((error: unknown) => {
    if (error instanceof NotFoundError) throw new GoneError("This product is no longer sold.");
    throw error;
  });
  return db.transaction(async (tx) => {
    const inventory = await lockedStock(tx, target);
    const [alert] = await tx.select().from(stockAlerts).where(eq(stockAlerts.id, id)).for("update");
    if (!alert || alert.status === "unsubscribed") {
      throw new GoneError("This alert was cancelled. Ask for a new one on the product's page.");
    }
    if (alert.status !== "pending") return { productId: alert.productId, inStock: alert.status === "notified" };
    if (now.getTime() - alert.createdAt.getTime() > CONFIRM_DAYS * 86_400_000) {
      throw new GoneError("This link has expired. Ask for a new alert on the product's page.");
    }
    if (inventory > 0) {
      await tx
        .update(stockAlerts)
        .set({ status: "notified", confirmedAt: now, notifiedAt: now })
        .where(eq(stockAlerts.id, id));
      return { productId: alert.productId, inStock: true };
    }
    await tx
      .update(stockAlerts)
      .set({ ...activeMail(target, alert.email), confirmedAt: now })
      .where(eq(stockAlerts.id, id));
    return { productId: alert.productId, inStock: false };
  });
}

/** POST /stock-alerts/unsubscribe: the one click of a mail's link cancels every open alert to its address. */
export async function unsubscribeFromStockAlerts({ token, db = getDb() }: { token: string; db?: DbOrTx }) {
  const email = emailOfToken(token);
  if (email === null) throw invalidLink();
  await db
    .update(stockAlerts)
    .set({ status: "unsubscribed", unsubscribedAt: sql`now()` })
    .where(and(eq(stockAlerts.email, email), inArray(stockAlerts.status, ["pending", "active"])));
}

/**
 * The account's alerts: those made signed in (and a visitor's pending row a signed-in subscription activated). Not
 * those a visitor made with the account's address: registering does not prove an address, so matching by it would
 * show and stop another person's alerts to whoever registered their address first; a visitor's alert is stopped by
 * its mail's link (decision 0046 addendum).
 */
export function mineOf(userId: number) {
  return eq(stockAlerts.userId, userId);
}

/** GET /users/me/stock-alerts: the signed-in shopper's open alerts (mineOf). */
export async function listMyStockAlerts({ actor, db = getDb() }: { actor: Actor | null; db?: DbOrTx }) {
  const who = requireActor(actor);
  const rows = await db
    .select({
      id: stockAlerts.id,
      productId: stockAlerts.productId,
      variantId: stockAlerts.variantId,
      productName: products.name,
      productBrand: products.brand,
      createdAt: stockAlerts.createdAt,
    })
    .from(stockAlerts)
    .innerJoin(products, eq(products.id, stockAlerts.productId))
    .where(and(mineOf(who.id), eq(stockAlerts.status, "active")))
    .orderBy(asc(stockAlerts.id));
  return { alerts: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })) };
}

/** DELETE /users/me/stock-alerts/{alertId}: cancels one of the shopper's alerts (another's is 404). */
export async function cancelMyStockAlert({
  actor,
  alertId,
  db = getDb(),
}: {
  actor: Actor | null;
  alertId: number;
  db?: DbOrTx;
}): Promise<void> {
  const who = requireActor(actor);
  const [row] = await db
    .update(stockAlerts)
    .set({ status: "unsubscribed", unsubscribedAt: sql`now()` })
    .where(and(eq(stockAlerts.id, alertId), mineOf(who.id), eq(stockAlerts.status, "active")))
    .returning({ id: stockAlerts.id });
  if (!row) throw new NotFoundError("Alert not found");
}
