// Paying for a cart: the payment is priced on the server from the cart, made once per checkout attempt (a key that
// survives reloads and second tabs), and confirmed by the provider. Placing the order of a succeeded payment is
// orders.server.ts's; the whole attempt, from cart to order, is purchase.server.ts's.
import { createHash } from "node:crypto";
import { and, desc, eq, inArray, like, not } from "drizzle-orm";
import { getDb, type DbOrTx } from "~/db/client.server";
import { payments, type CartSnapshotLine } from "~/db/schema";
import type { Billing, PaymentConfig, PaymentIntentDto } from "~/schemas/payments";
import { createLogger, describeError } from "~/lib/log.server";
import { centsToDollars, dollarsToCents, formatCents } from "~/lib/money";
import { requireActor, type Actor } from "../access";
import { ConflictError, NotFoundError } from "../errors";
import { faultPoint } from "../faults.server";
import { getPaymentProvider } from "../payments/index.server";
import { cartLinesForCheckout } from "./cart.server";
import { heldByUnpaidAttempts, notePayment, releaseUse, reserveUse } from "./discounts.server";
import { isOpenPayment, paidPaymentWithoutOrder, refuseWhileEarlierPaymentUnsettled } from "./open-payments.server";
import { priceLines, pricedCart, shipToFor, type PricedCart } from "./priced-cart.server";
import { defaultShipping, rememberCheckoutDetails, shippingSnapshot } from "./ship-to.server";

const log = createLogger("checkout");

export function getPaymentConfig(): PaymentConfig {
  const provider = getPaymentProvider();
  return { provider: provider.name, publishableKey: provider.publishableKey };
}

const snapshotHash = (snapshot: CartSnapshotLine[], context: string) =>
  createHash("sha256")
    .update(JSON.stringify(snapshot.map((l) => [l.productId, l.variantId, l.quantity, l.priceCents])))
    // nothing besides the lines counts in a shop without shipping zones and tax rates: the key stays as it was
    .update(context ? `|${context}` : "")
    .digest("hex")
    .slice(0, 24);

function checkShownAmount(amount: number | undefined, totalCents: number) {
  if (amount !== undefined && dollarsToCents(amount) !== totalCents) {
    throw new ConflictError(
      `Your cart total is now ${formatCents(totalCents)}. Please review your cart and pay again.`,
    );
  }
}

// ---------------------------------------------------------------- checkout attempts

type PaymentRow = typeof payments.$inferSelect;
/** pi: a PaymentIntent (test payments, Stripe Elements); cs: Stripe's hosted page (without JavaScript) */
type AttemptKind = "pi" | "cs";

/**
 * The checkout attempt of a user's cart: one key per (user, kind, cart contents and prices, attempts ended so far).
 * A reload, the back button, a second tab or a retried request compute the same key while the attempt is open, so
 * they find its payment instead of making another; once it ends (an order, a refund) the count moves on and the
 * same contents bought again get a new key. An open attempt of the same cart is found first, whatever ended since.
 */
async function attemptFor(userId: number, kind: AttemptKind, priced: PricedCart, db: DbOrTx) {
  const cart = `${userId}:${snapshotHash(priced.snapshot, priced.context)}:`;
  const prefix = `checkout:${kind}:${cart}`;
  const [open] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.userId, userId), like(payments.checkoutKey, `${prefix}%`), isOpenPayment))
    .orderBy(desc(payments.id))
    .limit(1);
  if (open) return { key: open.checkoutKey!, payment: open as PaymentRow | undefined };
  // only this cart's ended attempts (of either kind) move its key: nothing else the user does can split one attempt
  const sameCart = like(payments.checkoutKey, `checkout:%:${cart}%`);
  const ended = await db.$count(payments, and(eq(payments.userId, userId), sameCart, not(isOpenPayment)));
  return { key: `${prefix}${ended}`, payment: undefined };
}

/**
 * Refuses a second payment for a cart the provider already shows paid under the other kind (the card box and the
 * hosted page are two ways to pay one cart): that payment's order is being placed.
 */
async function refuseIfPaidOtherwise(userId: number, kind: AttemptKind, priced: PricedCart, db: DbOrTx) {
  const other = `checkout:${kind === "pi" ? "cs" : "pi"}:${userId}:${snapshotHash(priced.snapshot, priced.context)}:%`;
  const open = await db
    .select()
    .from(payments)
    .where(and(eq(payments.userId, userId), like(payments.checkoutKey, other), isOpenPayment));
  for (const payment of open) {
    const remote = await getPaymentProvider().retrieve(payment.providerPaymentId);
    if (remote.status === "succeeded") {
      throw new ConflictError(
        "You have paid for this cart already: your order is being placed. Please reload the page.",
      );
    }
  }
}

/** Gives back an attempt's code use when no payment is recorded under its key (never throws: the error that brought
 * us here is the one to report). */
async function releaseUnpaidUse(key: string, db: DbOrTx) {
  try {
    const [recorded] = await db.select({ id: payments.id }).from(payments).where(eq(payments.checkoutKey, key));
    if (!recorded) await releaseUse(key, db);
  } catch {
    // the database away: the reconciler releases uses stranded without a payment (releaseStrandedUses)
  }
}

/**
 * Cancels the shopper's other unpaid attempts that hold a use of the code (decision 0040): cancelled at the provider
 * only while unpaid, their use given back; one the provider shows paid or being paid keeps its use (and so counts
 * against the shopper's limit), as does one the provider could not be asked about.
 */
async function cancelUnpaidHolders(userId: number, codeId: number, key: string, db: DbOrTx) {
  const provider = getPaymentProvider();
  for (const held of await heldByUnpaidAttempts(userId, codeId, key, db)) {
    try {
      const remote = await provider.cancel(held.providerPaymentId, `cancel:${held.id}`);
      if (remote.status === "canceled") {
        await recordOutcome(held.id, { status: "canceled", errorMessage: null }, db);
        await releaseUse(held.checkoutKey, db);
      } else await recordOutcome(held.id, { status: remote.status, errorMessage: null }, db);
    } catch (error) {
      log.warn(`could not cancel payment ${held.providerPaymentId} holding a code's use: ${describeError(error)}`);
    }
  }
}

/** The payment of an attempt: the one on record, or a new one made by the provider under the attempt's key. */
async function paymentForAttempt(
  userId: number,
  kind: AttemptKind,
  priced: PricedCart,
  create: (idempotencyKey: string) => Promise<{ id: string }>,
  db: DbOrTx,
  { reuse = true } = {},
): Promise<PaymentRow> {
  const { key, payment } = await attemptFor(userId, kind, priced, db);
  if (priced.code) await cancelUnpaidHolders(userId, priced.code.codeId, key, db);
  // the code's use is the attempt's, taken before anything is charged (again after a declined card released it)
  await reserveUse(userId, priced.code, key, db);
  if (payment && reuse) return payment;
  try {
    await refuseIfPaidOtherwise(userId, kind, priced, db);
    // never a second charge while the first one's order is not placed (the cart may have changed since)
    await refuseWhileEarlierPaymentUnsettled(userId, key, db);
    const provider = getPaymentProvider();
    // the provider answers the same key with the same payment: two tabs racing here share one
    const remote = await create(key);
    faultPoint("checkout-after-intent");
    await db
      .insert(payments)
      .values({
        userId,
        provider: provider.name,
        providerPaymentId: remote.id,
        amountCents: priced.totalCents,
        currency: "usd",
        cartSnapshot: priced.snapshot,
        priceBreakdown: priced.breakdown,
        checkoutKey: key,
      })
      .onConflictDoNothing();
    faultPoint("checkout-after-record");
    const [row] = await db.select().from(payments).where(eq(payments.checkoutKey, key));
    if (!row || row.providerPaymentId !== remote.id) {
      throw new ConflictError("This checkout changed while it was being paid. Please reload the page and try again.");
    }
    if (priced.code) await notePayment(key, row.id, db);
    return row;
  } catch (error) {
    // the use taken above goes back when no payment came of it (refused, the provider failing): a payment recorded
    // under this key keeps it, and the reconciler settles that payment (and releases what is left stranded)
    if (priced.code) await releaseUnpaidUse(key, db);
    throw error;
  }
}

/**
 * GET /orders/user/{userId}/checkout-attempt: the key of the attempt the user's cart is at (null: empty cart), and an
 * earlier checkout's payment that is paid but has no order yet (paidPaymentWithoutOrder; not this attempt's own, whose
 * order a post of the page places).
 */
export async function currentAttempt({
  userId,
  shippingAddressId,
  shippingMethodId,
  db = getDb(),
}: {
  userId: number;
  /** the address and method the page offers: the attempt is of the cart priced for them */
  shippingAddressId?: number;
  shippingMethodId?: number;
  db?: DbOrTx;
}) {
  const lines = await cartLinesForCheckout(userId, db);
  if (lines.length === 0) return { attempt: null, paidOrderBeingPlaced: null };
  const shipTo = await shipToFor(userId, shippingAddressId, undefined, db);
  const priced = await priceLines(userId, lines, { shipTo, shippingMethodId }, db);
  const { key } = await attemptFor(userId, "pi", priced, db);
  const unsettled = await paidPaymentWithoutOrder(userId, db, key);
  return {
    attempt: key,
    paidOrderBeingPlaced: unsettled ? { amount: centsToDollars(unsettled.amountCents) } : null,
  };
}

// ---------------------------------------------------------------- payments

/** The payment of the user's priced cart (its attempt's), made by the provider if the attempt has none yet. */
export async function paymentForCart(
  userId: number,
  priced: PricedCart,
  shownAmount: number | undefined,
  db: DbOrTx,
): Promise<PaymentRow> {
  checkShownAmount(shownAmount, priced.totalCents);
  const provider = getPaymentProvider();
  return paymentForAttempt(
    userId,
    "pi",
    priced,
    (idempotencyKey) =>
      provider.createIntent({
        amountCents: priced.totalCents,
        currency: "usd",
        idempotencyKey,
        metadata: { userId: String(userId) },
      }),
    db,
  );
}

/** POST /orders/create-payment-intent: the payment of the caller's cart (its attempt's), for the total computed here. */
export async function createPaymentIntent({
  actor,
  amount,
  shippingAddressId,
  shippingMethodId,
  billing,
  db = getDb(),
}: {
  actor: Actor | null;
  amount?: number;
  /** one of the caller's saved addresses, kept with the payment for its order; else the billing address */
  shippingAddressId?: number;
  /** one of the destination's shipping methods; the first that can take the cart when absent */
  shippingMethodId?: number;
  /** the checkout's billing details, kept with the payment for an order placed without the browser */
  billing?: Billing;
  db?: DbOrTx;
}): Promise<PaymentIntentDto> {
  const who = requireActor(actor);
  const shipping = await shippingSnapshot(who.id, shippingAddressId, billing, db);
  const priced = await pricedCart(who.id, db, {
    shipTo: shipping ?? (await defaultShipping(who.id, db)),
    shippingMethodId,
  });
  const payment = await paymentForCart(who.id, priced, amount, db);
  await rememberCheckoutDetails(payment.id, { billing, shipping }, db);
  const remote = await getPaymentProvider().retrieve(payment.providerPaymentId);
  if (remote.status === "succeeded") {
    throw new ConflictError("You have paid for this cart already: your order is being placed. Please reload the page.");
  }
  return {
    clientSecret: remote.clientSecret ?? "",
    paymentIntentId: remote.id,
    amount: centsToDollars(priced.totalCents),
    currency: remote.currency,
  };
}

/**
 * Stripe's hosted payment page for the caller's cart (checkout without JavaScript). Asked again for the same
 * attempt, Stripe replays the same session (same key), so a reload or a double click opens the same page.
 */
export async function createCheckoutSession({
  actor,
  amount,
  email,
  successUrl,
  cancelUrl,
  shippingAddressId,
  shippingMethodId,
  billing,
  db = getDb(),
}: {
  actor: Actor | null;
  amount?: number;
  email?: string;
  shippingAddressId?: number;
  shippingMethodId?: number;
  billing?: Billing;
  successUrl: string;
  cancelUrl: string;
  db?: DbOrTx;
}): Promise<{ sessionId: string; url: string }> {
  const who = requireActor(actor);
  const provider = getPaymentProvider();
  const createSession = provider.createCheckoutSession?.bind(provider);
  if (!createSession) throw new NotFoundError("The hosted payment page is only used with Stripe.");
  const shipping = await shippingSnapshot(who.id, shippingAddressId, billing, db);
  const priced = await pricedCart(who.id, db, {
    shipTo: shipping ?? (await defaultShipping(who.id, db)),
    shippingMethodId,
  });
  checkShownAmount(amount, priced.totalCents);
  const { snapshot, totalCents } = priced;
  const { payment: open } = await attemptFor(who.id, "cs", priced, db);
  if (open && (await provider.retrieve(open.providerPaymentId)).status === "succeeded") {
    throw new ConflictError("This cart is paid already: your order is being placed. Please reload the page.");
  }
  let url = "";
  const payment = await paymentForAttempt(
    who.id,
    "cs",
    priced,
    async (idempotencyKey) => {
      const session = await createSession({
        amountCents: totalCents,
        currency: "usd",
        lines: snapshot.map((l) => ({ name: `${l.brand} ${l.name}`, quantity: l.quantity, priceCents: l.priceCents })),
        email,
        successUrl,
        cancelUrl,
        idempotencyKey,
        metadata: { userId: String(who.id) },
      });
      url = session.url;
      return session;
    },
    db,
    { reuse: false },
  );
  await rememberCheckoutDetails(payment.id, { billing, shipping }, db);
  return { sessionId: payment.providerPaymentId, url };
}

/** Our record of a provider's payment (PaymentIntent or Checkout Session id). */
export async function paymentOf(providerPaymentId: string, db: DbOrTx) {
  const [row] = await db.select().from(payments).where(eq(payments.providerPaymentId, providerPaymentId));
  return row;
}

/** A payment's outcome as the provider tells it, written forward only. */
export async function recordOutcome(
  paymentId: number,
  outcome: { status: PaymentRow["status"]; errorMessage: string | null },
  db: DbOrTx,
) {
  // forward only: a refund or an order decided meanwhile is never overwritten by a post still in flight
  await db
    .update(payments)
    .set({ status: outcome.status, failureMessage: outcome.errorMessage, updatedAt: new Date() })
    .where(and(eq(payments.id, paymentId), inArray(payments.status, ["requires_payment_method", "processing"])));
}
