import { and, eq } from "drizzle-orm";
import { customAlphabet } from "nanoid";
import { getDb, type DbOrTx } from "~/db/client.server";
import { testPaymentIntents } from "~/db/schema";
import type { TestCard } from "~/schemas/payments";
import { ConflictError, NotFoundError } from "../errors";
import type { CreateIntentInput, PaymentProvider, ProviderPayment } from "./provider";

const randomId = customAlphabet("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz", 24);

const DECLINED = "Your card was declined.";

/** Stripe's published test cards and their outcomes (https://docs.stripe.com/testing): null means success. */
const TEST_CARDS: Record<string, string | null> = {
  "4242424242424242": null,
  "4000056655665556": null,
  "5555555555554444": null,
  "2223003122003222": null,
  "5200828282828210": null,
  "5105105105105100": null,
  "378282246310005": null,
  "371449635398431": null,
  "6011111111111117": null,
  "6011000990139424": null,
  "3056930009020004": null,
  "36227206271667": null,
  "3566002020360505": null,
  "6200000000000005": null,
  "4000000000000002": DECLINED,
  "4000000000009995": "Your card has insufficient funds.",
  "4000000000009987": DECLINED,
  "4000000000009979": DECLINED,
  "4100000000000019": DECLINED,
  "4000000000000069": "Your card has expired.",
  "4000000000000127": "Your card's security code is incorrect.",
  "4000000000000119": "An error occurred while processing your card. Try again in a little bit.",
};

const NOT_A_TEST_CARD =
  "Your card was declined. Your request was in test mode, but used a non test card. For a list of valid test cards, visit: https://stripe.com/docs/testing.";

/** The outcome Stripe gives a card in test mode: null when it is charged, else the decline message. */
export function testCardOutcome(cardNumber: string): string | null {
  return cardNumber in TEST_CARDS ? TEST_CARDS[cardNumber]! : NOT_A_TEST_CARD;
}

function toPayment(row: typeof testPaymentIntents.$inferSelect): ProviderPayment {
  return {
    id: row.id,
    status: row.status,
    amountCents: row.amountCents,
    currency: row.currency,
    clientSecret: row.clientSecret,
    errorMessage: row.lastError,
  };
}

/**
 * Test payments (the default without Stripe keys): PaymentIntents with Stripe's lifecycle and test cards, kept in
 * the database so that every app instance sees them. No money moves; the checkout page says so.
 */
export class TestPaymentProvider implements PaymentProvider {
  readonly name = "test" as const;
  readonly publishableKey = null;

  constructor(private readonly database: () => DbOrTx = getDb) {}

  async createIntent({ amountCents, currency, idempotencyKey }: CreateIntentInput): Promise<ProviderPayment> {
    const db = this.database();
    const id = `pi_test_${randomId()}`;
    const [created] = await db
      .insert(testPaymentIntents)
      .values({ id, clientSecret: `${id}_secret_${randomId()}`, amountCents, currency, idempotencyKey })
      .onConflictDoNothing({ target: testPaymentIntents.idempotencyKey })
      .returning();
    if (created) return toPayment(created);
    const [existing] = await db
      .select()
      .from(testPaymentIntents)
      .where(eq(testPaymentIntents.idempotencyKey, idempotencyKey));
    if (!existing || existing.amountCents !== amountCents || existing.currency !== currency) {
      throw new ConflictError(
        "Keys for idempotent requests can only be used with the same parameters they were first used with.",
      );
    }
    return toPayment(existing);
  }

  async retrieve(id: string): Promise<ProviderPayment> {
    const [row] = await this.database().select().from(testPaymentIntents).where(eq(testPaymentIntents.id, id));
    if (!row) throw new NotFoundError(`No such payment_intent: '${id}'`);
    return toPayment(row);
  }

  /** Confirms the payment with a card, as Stripe.js would: a declined card leaves it open for another try. */
  async confirm(id: string, card: TestCard): Promise<ProviderPayment> {
    const db = this.database();
    const current = await this.retrieve(id);
    if (current.status !== "requires_payment_method") {
      throw new ConflictError(
        `This payment has already been ${current.status === "succeeded" ? "completed" : current.status}.`,
      );
    }
    const decline = testCardOutcome(card.cardNumber);
    const [row] = await db
      .update(testPaymentIntents)
      .set(
        decline
          ? { lastError: decline, updatedAt: new Date() }
          : { status: "succeeded", lastError: null, updatedAt: new Date() },
      )
      .where(and(eq(testPaymentIntents.id, id), eq(testPaymentIntents.status, "requires_payment_method")))
      .returning();
    if (!row) throw new ConflictError("This payment is being confirmed already.");
    return toPayment(row);
  }

  async cancel(id: string): Promise<ProviderPayment> {
    await this.database()
      .update(testPaymentIntents)
      .set({ status: "canceled", updatedAt: new Date() })
      .where(and(eq(testPaymentIntents.id, id), eq(testPaymentIntents.status, "requires_payment_method")));
    return this.retrieve(id);
  }

  async refund(id: string, _idempotencyKey?: string, amountCents?: number): Promise<void> {
    const current = await this.retrieve(id);
    // a part of a paid payment (a return): the card gets it back and the payment stays paid
    if (amountCents !== undefined) {
      if (current.status !== "succeeded" || amountCents > current.amountCents) {
        throw new Error(`payment ${id} cannot be refunded ${amountCents} cents (it is ${current.status})`);
      }
      return;
    }
    if (current.status === "refunded" || current.status === "canceled") return;
    // conditional on the status read: a payment paid meanwhile is refunded, never merely cancelled
    const [changed] = await this.database()
      .update(testPaymentIntents)
      .set({ status: current.status === "succeeded" ? "refunded" : "canceled", updatedAt: new Date() })
      .where(and(eq(testPaymentIntents.id, id), eq(testPaymentIntents.status, current.status)))
      .returning({ id: testPaymentIntents.id });
    if (!changed) return this.refund(id, _idempotencyKey);
  }
}
