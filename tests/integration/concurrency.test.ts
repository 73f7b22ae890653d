import { eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Db } from "~/db/client.server";
import { orderItems, orders, payments, products, testPaymentIntents } from "~/db/schema";
import { registration } from "../support/accounts";
import { useTwoApiInstances } from "../support/api-instance-process";
import { createCategory, createProduct } from "../support/factories";

// Two app instances (separate Node processes, each with its own connection pool) share one PostgreSQL database, in
// test-payments mode. Twenty shoppers have paid for the last five pieces; all place their order at the same moment.
// Exactly five get one; the fifteen others are refunded, and nobody is charged without an order.

const SHOPPERS = 20;
const STOCK = 5;
const PRICE_CENTS = 4999;

type Envelope<T> = { message: string; data: T };

const post = (body: unknown, headers: Record<string, string> = {}): RequestInit => ({
  method: "POST",
  headers: { "content-type": "application/json", ...headers },
  body: JSON.stringify(body),
});

describe.skipIf(process.env.TEST_DB_KIND !== "postgres")("two app instances on one PostgreSQL database", () => {
  const shared = useTwoApiInstances({ poolMax: 10 });
  const db = (): Db => shared.db;

  it(
    `sells the last ${STOCK} pieces to exactly ${STOCK} of ${SHOPPERS} paid shoppers and refunds the rest`,
    { timeout: 60_000 },
    async () => {
      const started = Date.now();
      expect(shared.instances).toHaveLength(2);
      expect(shared.instances[0]!.pid).not.toBe(shared.instances[1]!.pid);
      expect(shared.instances[0]!.origin).not.toBe(shared.instances[1]!.origin);
      const config = await shared.instances[0]!.json<Envelope<{ provider: string }>>("/payments/config");
      expect(config.body.data.provider).toBe("test");

      const category = await createCategory(db());
      const product = await createProduct(db(), { categoryId: category.id, priceCents: PRICE_CENTS, inventory: STOCK });
      const on = (i: number) => shared.instances[i % 2]!;

      // every shopper registers, logs in, adds one piece and pays for it, on alternating shared.instances
      const shoppers = await Promise.all(
        Array.from({ length: SHOPPERS }, async (_, i) => {
          const form = registration();
          const registered = await on(i).json<Envelope<{ id: number }>>("/users/add", post(form));
          expect(registered.status, JSON.stringify(registered.body)).toBe(201);
          const login = await on(i + 1).json<{ accessToken: string }>(
            "/auth/login",
            post({ email: form.email, password: form.password }),
          );
          expect(login.status).toBe(200);
          const auth = { authorization: `Bearer ${login.body.accessToken}` };
          const added = await on(i).json("/cartItems/item/add", post({ productId: product.id, quantity: 1 }, auth));
          expect(added.status, JSON.stringify(added.body)).toBe(200);
          const intent = await on(i + 1).json<Envelope<{ paymentIntentId: string; amount: number }>>(
            "/orders/create-payment-intent",
            post({ amount: PRICE_CENTS / 100, currency: "usd" }, auth),
          );
          expect(intent.status, JSON.stringify(intent.body)).toBe(200);
          const { paymentIntentId } = intent.body.data;
          const confirmed = await on(i).json<Envelope<{ status: string }>>(
            "/payments/test/confirm",
            post(
              {
                paymentIntentId,
                cardNumber: "4242424242424242",
                expMonth: 12,
                expYear: new Date().getUTCFullYear() + 3,
                cvc: "123",
              },
              auth,
            ),
          );
          expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
          expect(confirmed.body.data.status).toBe("succeeded");
          return { index: i, userId: registered.body.data.id, auth, paymentIntentId };
        }),
      );
      const prepared = Date.now();

      // all twenty at once, alternating between the shared.instances
      const results = await Promise.all(
        shoppers.map(async (s) => {
          const response = await on(s.index).json<Envelope<{ id: number } | null>>(
            `/orders/user/${s.userId}/place-order`,
            post({ paymentIntentId: s.paymentIntentId }, s.auth),
          );
          return { ...s, ...response };
        }),
      );
      const raced = Date.now();

      const statuses = results.map((r) => r.status);
      const placed = results.filter((r) => r.status === 201);
      const refused = results.filter((r) => r.status === 409);
      expect(placed, JSON.stringify(statuses)).toHaveLength(STOCK);
      expect(refused, JSON.stringify(statuses)).toHaveLength(SHOPPERS - STOCK);
      for (const r of refused) expect(r.body.message).toMatch(/refund/i);
      for (const r of refused) expect(r.body.data).toBeNull();

      const userIds = shoppers.map((s) => s.userId);
      const orderRows = await db().select().from(orders).where(inArray(orders.userId, userIds));
      expect(orderRows).toHaveLength(STOCK);
      expect(new Set(orderRows.map((o) => o.userId))).toEqual(new Set(placed.map((r) => r.userId)));
      expect(new Set(orderRows.map((o) => o.id))).toEqual(new Set(placed.map((r) => r.body.data!.id)));
      const items = await db()
        .select()
        .from(orderItems)
        .where(
          inArray(
            orderItems.orderId,
            orderRows.map((o) => o.id),
          ),
        );
      expect(items.reduce((sum, item) => sum + item.quantity, 0)).toBe(STOCK);
      const [after] = await db().select().from(products).where(eq(products.id, product.id));
      expect(after!.inventory).toBe(0);

      // nobody is charged without an order
      const paymentRows = await db().select().from(payments).where(inArray(payments.userId, userIds));
      expect(paymentRows).toHaveLength(SHOPPERS);
      const intents = new Map(
        (
          await db()
            .select()
            .from(testPaymentIntents)
            .where(
              inArray(
                testPaymentIntents.id,
                paymentRows.map((p) => p.providerPaymentId),
              ),
            )
        ).map((row) => [row.id, row]),
      );
      const orderOfPayment = new Map(orderRows.map((o) => [o.paymentId, o]));
      for (const payment of paymentRows) {
        const order = orderOfPayment.get(payment.id);
        const intent = intents.get(payment.providerPaymentId);
        const where = `payment ${payment.id} of user ${payment.userId}`;
        if (order) {
          expect(payment.status, where).toBe("succeeded");
          expect(order.userId, where).toBe(payment.userId);
          expect(intent?.status, where).toBe("succeeded");
        } else {
          expect(payment.status, where).toBe("refunded");
          expect(intent?.status, where).toBe("refunded");
        }
      }
      expect(paymentRows.filter((p) => p.status === "refunded")).toHaveLength(SHOPPERS - STOCK);

      console.info(
        `concurrency: ${SHOPPERS} shoppers prepared in ${prepared - started} ms, place-order race ${raced - prepared} ms, total ${Date.now() - started} ms`,
      );
    },
  );
});
