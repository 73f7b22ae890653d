// Paying for a cart: the payment is priced on the server from the cart, made once per cart contents (idempotency
// key), and confirmed by the provider. Placing the order of a succeeded payment is orders.server.ts's.
import { createHash } from "node:crypto";
import { and, desc, eq, notLike } from "drizzle-orm";
import { getDb, type DbOrTx } from "~/db/client.server";
import { payments, type CartSnapshotLine } from "~/db/schema";
import type { PaymentConfig, PaymentIntentDto, TestCard, TestConfirmResult } from "~/schemas/orders";
import { centsToDollars, dollarsToCents, formatCents } from "~/utils/money";
import { requireActor, type Actor } from "./access";
import { cartLinesForCheckout, stockMessage } from "./cart.server";
import { ConflictError, NotFoundError, OutOfStockError } from "./errors";
import { getPaymentProvider, TestPaymentProvider } from "./payments/index.server";

export function getPaymentConfig(): PaymentConfig {
  const provider = getPaymentProvider();
  return { provider: provider.name, publishableKey: provider.publishableKey };
}

// ---------------------------------------------------------------- pricing the cart

/** The caller's cart priced on the server: what a payment is for. Empty or over-stock carts cannot be paid. */
async function pricedCart(userId: number, db: DbOrTx) {
  const lines = await cartLinesForCheckout(userId, db);
  if (lines.length === 0) throw new ConflictError("Your cart is empty.");
  for (const line of lines) {
    if (line.quantity > line.inventory)
      throw new OutOfStockError(`${stockMessage(line.name, line.inventory)} Please update your cart.`);
  }
  const snapshot: CartSnapshotLine[] = lines.map(({ productId, name, brand, quantity, priceCents }) => ({
    productId,
    name,
    brand,
    quantity,
    priceCents,
  }));
  const totalCents = snapshot.reduce((sum, line) => sum + line.priceCents * line.quantity, 0);
  return { snapshot, totalCents };
}

const snapshotHash = (snapshot: CartSnapshotLine[]) =>
  createHash("sha256")
    .update(JSON.stringify(snapshot.map((l) => [l.productId, l.quantity, l.priceCents])))
    .digest("hex")
    .slice(0, 24);

/**
 * An idempotency key for a new payment of this cart: a double click or a retried request gets the same payment
 * from the provider, while a later checkout of the same cart (after a refund, say) gets a new one.
 */
async function idempotencyKey(kind: string, userId: number, snapshot: CartSnapshotLine[], db: DbOrTx) {
  const attempts = await db.$count(payments, eq(payments.userId, userId));
  return `${kind}:${userId}:${snapshotHash(snapshot)}:${attempts}`;
}

function checkShownAmount(amount: number | undefined, totalCents: number) {
  if (amount !== undefined && dollarsToCents(amount) !== totalCents) {
    throw new ConflictError(
      `Your cart total is now ${formatCents(totalCents)}. Please review your cart and pay again.`,
    );
  }
}

// ---------------------------------------------------------------- payments

/** Our record of a payment the provider made for this cart (once: a retried request finds the same one). */
async function recordPayment(
  payment: {
    userId: number;
    provider: string;
    providerPaymentId: string;
    totalCents: number;
    currency: string;
    snapshot: CartSnapshotLine[];
  },
  db: DbOrTx,
) {
  const { totalCents, snapshot, ...rest } = payment;
  await db
    .insert(payments)
    .values({ ...rest, amountCents: totalCents, cartSnapshot: snapshot })
    .onConflictDoNothing({ target: payments.providerPaymentId });
}

/** POST /orders/create-payment-intent: a payment for the caller's cart total, computed here. */
export async function createPaymentIntent({
  actor,
  amount,
  currency,
  checkoutId,
  db = getDb(),
}: {
  actor: Actor | null;
  amount?: number;
  currency: string;
  checkoutId?: string;
  db?: DbOrTx;
}): Promise<PaymentIntentDto> {
  const who = requireActor(actor);
  const { snapshot, totalCents } = await pricedCart(who.id, db);
  checkShownAmount(amount, totalCents);
  const provider = getPaymentProvider();
  const dto = (id: string, clientSecret: string) => ({
    clientSecret,
    paymentIntentId: id,
    amount: centsToDollars(totalCents),
    currency,
  });

  // the same cart still waiting for a card keeps its payment (a reload of the checkout page makes no new one)
  const open = await db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.userId, who.id),
        eq(payments.provider, provider.name),
        eq(payments.status, "requires_payment_method"),
        eq(payments.amountCents, totalCents),
        notLike(payments.providerPaymentId, "cs\\_%"),
      ),
    )
    .orderBy(desc(payments.id))
    .limit(3);
  const hash = snapshotHash(snapshot);
  for (const candidate of open) {
    if (snapshotHash(candidate.cartSnapshot) !== hash) continue;
    const remote = await provider.retrieve(candidate.providerPaymentId).catch(() => null);
    if (remote?.status === "requires_payment_method" && remote.amountCents === totalCents && remote.clientSecret) {
      return dto(remote.id, remote.clientSecret);
    }
  }

  const remote = await provider.createIntent({
    amountCents: totalCents,
    currency,
    // a form's own id makes a repeated post of that form the same payment, whatever happened in between
    idempotencyKey: checkoutId ? `pi:${who.id}:form:${checkoutId}` : await idempotencyKey("pi", who.id, snapshot, db),
    metadata: { userId: String(who.id) },
  });
  await recordPayment(
    { userId: who.id, provider: provider.name, providerPaymentId: remote.id, totalCents, currency, snapshot },
    db,
  );
  return dto(remote.id, remote.clientSecret!);
}

/** Stripe's hosted payment page for the caller's cart (checkout without JavaScript). */
export async function createCheckoutSession({
  actor,
  amount,
  email,
  successUrl,
  cancelUrl,
  db = getDb(),
}: {
  actor: Actor | null;
  amount?: number;
  email?: string;
  successUrl: string;
  cancelUrl: string;
  db?: DbOrTx;
}): Promise<{ sessionId: string; url: string }> {
  const who = requireActor(actor);
  const provider = getPaymentProvider();
  if (!provider.createCheckoutSession) throw new NotFoundError("The hosted payment page is only used with Stripe.");
  const { snapshot, totalCents } = await pricedCart(who.id, db);
  checkShownAmount(amount, totalCents);
  const session = await provider.createCheckoutSession({
    amountCents: totalCents,
    currency: "usd",
    lines: snapshot.map((l) => ({ name: `${l.brand} ${l.name}`, quantity: l.quantity, priceCents: l.priceCents })),
    email,
    successUrl,
    cancelUrl,
    idempotencyKey: await idempotencyKey("cs", who.id, snapshot, db),
    metadata: { userId: String(who.id) },
  });
  const record = { userId: who.id, provider: provider.name, providerPaymentId: session.id, totalCents, snapshot };
  await recordPayment({ ...record, currency: "usd" }, db);
  return { sessionId: session.id, url: session.url };
}

/** Our record of a provider's payment (PaymentIntent or Checkout Session id). */
export async function paymentOf(providerPaymentId: string, db: DbOrTx) {
  const [row] = await db.select().from(payments).where(eq(payments.providerPaymentId, providerPaymentId));
  return row;
}

/** POST /payments/test/confirm: pays a test-mode payment with a card, with Stripe's outcomes. */
export async function confirmTestPayment({
  actor,
  paymentIntentId,
  card,
  db = getDb(),
}: {
  actor: Actor | null;
  paymentIntentId: string;
  card: TestCard;
  db?: DbOrTx;
}): Promise<TestConfirmResult> {
  const who = requireActor(actor);
  const provider = getPaymentProvider();
  if (!(provider instanceof TestPaymentProvider))
    throw new NotFoundError("Test payments are off: this shop takes payments through Stripe.");
  const payment = await paymentOf(paymentIntentId, db);
  if (!payment || payment.userId !== who.id) throw new NotFoundError("No such payment.");
  const result = await provider.confirm(paymentIntentId, card);
  await db
    .update(payments)
    .set({ status: result.status, failureMessage: result.errorMessage, updatedAt: new Date() })
    .where(eq(payments.id, payment.id));
  return {
    paymentIntentId,
    status: result.status === "succeeded" ? "succeeded" : "requires_payment_method",
    error: result.errorMessage ? { message: result.errorMessage } : null,
  };
}
