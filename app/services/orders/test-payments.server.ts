// Paying with the test provider (architecture "Payments": test-payments mode, Stripe's test cards and outcomes): the
// card form's post and the page checkout's charge, each at most once per payment.
import { getDb, type DbOrTx } from "~/db/client.server";
import { type payments } from "~/db/schema";
import type { TestCard, TestConfirmResult } from "~/schemas/payments";
import { requireActor, type Actor } from "../access";
import { ConflictError, NotFoundError } from "../errors";
import { faultPoint } from "../faults.server";
import { getPaymentProvider, TestPaymentProvider } from "../payments/index.server";
import { releaseUse } from "./discounts.server";
import { chargedButNotPlaced } from "./open-payments.server";
import { paymentOf, recordOutcome } from "./payment-attempts.server";

type PaymentRow = typeof payments.$inferSelect;

function testProvider() {
  const provider = getPaymentProvider();
  if (!(provider instanceof TestPaymentProvider))
    throw new NotFoundError("Test payments are off: this shop takes payments through Stripe.");
  return provider;
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
  const provider = testProvider();
  const payment = await paymentOf(paymentIntentId, db);
  if (!payment || payment.userId !== who.id) throw new NotFoundError("No such payment.");
  const result = await provider.confirm(paymentIntentId, card);
  await recordOutcome(payment.id, result, db);
  // a declined card gives the code's use back; paying the attempt again takes it again
  if (result.status === "requires_payment_method") await releaseUse(payment.checkoutKey, db);
  return {
    paymentIntentId,
    status: result.status === "succeeded" ? "succeeded" : "requires_payment_method",
    error: result.errorMessage ? { message: result.errorMessage } : null,
  };
}

/**
 * Charges an attempt's payment with a test card, at most once: the provider's own record is asked first, and a
 * payment it shows paid (by an earlier post that died before answering, say) is not charged again.
 * Returns the decline message, or null when the payment has succeeded.
 */
export async function chargeTestCard(payment: PaymentRow, card: TestCard, db: DbOrTx): Promise<string | null> {
  const provider = testProvider();
  let remote = await provider.retrieve(payment.providerPaymentId);
  if (remote.status === "requires_payment_method") {
    try {
      remote = await provider.confirm(payment.providerPaymentId, card);
      faultPoint("checkout-after-charge");
    } catch (error) {
      // a second tab confirmed it meanwhile: its outcome is ours
      if (!(error instanceof ConflictError)) throw error;
      remote = await provider.retrieve(payment.providerPaymentId);
    }
  }
  try {
    await recordOutcome(payment.id, remote, db);
  } catch (error) {
    throw remote.status === "succeeded" ? chargedButNotPlaced(error, payment.amountCents) : error;
  }
  if (remote.status === "succeeded") return null;
  if (remote.status === "requires_payment_method") {
    // a declined card gives the code's use back; paying the attempt again takes it again
    await releaseUse(payment.checkoutKey, db);
    return remote.errorMessage ?? "Your card was declined.";
  }
  throw new ConflictError("This payment was cancelled. Please reload the page and pay again.");
}
