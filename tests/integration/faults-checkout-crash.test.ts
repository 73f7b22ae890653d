import { eq, inArray, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orders, payments, products, refunds, testPaymentIntents } from "~/db/schema";
import { FAULT_POINTS } from "~/services/faults.server";
import { registration } from "../support/accounts";
import { instanceEnv, startApiInstance, type ApiInstance } from "../support/api-instance-process";
import { createCategory, createProduct } from "../support/factories";
import { ensureAdminAccount } from "~/services/accounts/admin-bootstrap.server";
import { createPostgresTestDatabase } from "../support/postgres-test-db";

// kill -9 mid-checkout: an app instance is told to die (SHOP_CRASH_AT, SIGKILL on the spot) at each step of the
// checkout operation. The shopper then reloads and pays again on a healthy instance, or never comes back and the
// reconciler finishes. Either way: at most one charge, exactly one order for a charge, the stock taken once.

type Envelope<T> = { message: string; data: T };
const post = (body: unknown, auth: Record<string, string> = {}): RequestInit => ({
  method: "POST",
  headers: { "content-type": "application/json", ...auth },
  body: JSON.stringify(body),
});
const billing = {
  firstName: "Grace",
  lastName: "Hopper",
  email: "grace@example.com",
  street: "1 Harvard Way",
  city: "Cambridge",
  state: "MA",
  country: "US",
  postalCode: "02138",
};
const card = { cardNumber: "4242424242424242", expMonth: 12, expYear: new Date().getUTCFullYear() + 2, cvc: "123" };
const CHECKOUT_POINTS = FAULT_POINTS.filter((point) => point.startsWith("checkout-"));

describe.skipIf(process.env.TEST_DB_KIND !== "postgres")("an instance killed at each step of a checkout", () => {
  let database: Awaited<ReturnType<typeof createPostgresTestDatabase>>;
  let healthy: ApiInstance;
  beforeAll(async () => {
    database = await createPostgresTestDatabase();
    healthy = await startApiInstance(instanceEnv(database.url));
  });
  afterAll(async () => {
    await healthy?.stop();
    await database?.drop();
  });

  /** A shopper with one piece of a new product in the cart, and the attempt the checkout page shows. */
  async function shopperAtCheckout(priceCents: number) {
    const category = await createCategory(database.db);
    const product = await createProduct(database.db, { categoryId: category.id, priceCents, inventory: 3 });
    const form = registration();
    const registered = await healthy.json<Envelope<{ id: number }>>("/users/add", post(form, {}));
    const login = await healthy.json<{ accessToken: string }>("/auth/login", post(form, {}));
    const auth = { authorization: `Bearer ${login.body.accessToken}` };
    const userId = registered.body.data.id;
    await healthy.json("/cartItems/item/add", post({ productId: product.id, quantity: 1 }, auth));
    const shown = await healthy.json<Envelope<{ attempt: string }>>(`/orders/user/${userId}/checkout-attempt`, {
      headers: auth,
    });
    return { userId, auth, productId: product.id, attempt: shown.body.data.attempt };
  }

  /** The shopper's checkout posted to an instance that dies at `point`: the post gets no answer. */
  async function crashAt(point: string, shopper: Awaited<ReturnType<typeof shopperAtCheckout>>) {
    const doomed = await startApiInstance(instanceEnv(database.url, { SHOP_CRASH_AT: point }));
    const body = { attempt: shopper.attempt, billing, card };
    const answer = await doomed
      .request(`/orders/user/${shopper.userId}/checkout`, post(body, shopper.auth))
      .then((response) => `answered ${response.status}`)
      .catch(() => "no answer");
    await doomed.stop(1000);
    expect(answer, doomed.stderr()).toBe("no answer");
    expect(doomed.stderr()).toContain(`dying at ${point}`);
  }

  /** What the shop holds for the shopper: charges at the provider, orders, refunds, and the product's stock. */
  async function ledger(userId: number, productId: number) {
    const paymentRows = await database.db.select().from(payments).where(eq(payments.userId, userId));
    // every card charge of this shopper's checkouts, with or without a payment row of ours (a crash can leave one)
    const intents = await database.db
      .select()
      .from(testPaymentIntents)
      .where(like(testPaymentIntents.idempotencyKey, `checkout:%:${userId}:%`));
    const [product] = await database.db.select().from(products).where(eq(products.id, productId));
    return {
      payments: paymentRows.length,
      charged: intents.filter((i) => i.status === "succeeded").length,
      orders: (await database.db.select().from(orders).where(eq(orders.userId, userId))).length,
      refunds: paymentRows.length
        ? (
            await database.db
              .select()
              .from(refunds)
              .where(
                inArray(
                  refunds.paymentId,
                  paymentRows.map((p) => p.id),
                ),
              )
          ).length
        : 0,
      inventory: product!.inventory,
    };
  }

  for (const point of CHECKOUT_POINTS) {
    it(`dies at ${point}; the shopper reloads and pays again: one charge, one order`, { timeout: 60_000 }, async () => {
      const shopper = await shopperAtCheckout(2500);
      await crashAt(point, shopper);

      // the reload shows the same attempt while it is open
      const shown = await healthy.json<Envelope<{ attempt: string | null }>>(
        `/orders/user/${shopper.userId}/checkout-attempt`,
        { headers: shopper.auth },
      );
      if (point !== "checkout-after-order") expect(shown.body.data.attempt).toBe(shopper.attempt);
      const again = await healthy.json<Envelope<{ order: { id: number }; created: boolean }>>(
        `/orders/user/${shopper.userId}/checkout`,
        post({ attempt: shopper.attempt, billing, card }, shopper.auth),
      );
      expect(again.status, JSON.stringify(again.body)).toBe(point === "checkout-after-order" ? 200 : 201);
      expect(await ledger(shopper.userId, shopper.productId)).toEqual({
        payments: 1,
        charged: 1,
        orders: 1,
        refunds: 0,
        inventory: 2,
      });
    });
  }

  // a crash after the charge, then the cart changed: the new attempt's key differs, and it used to charge again for
  // the first items (the 503 and 507 variants: checkout-cut-off-after-charge.test.ts)
  for (const point of ["checkout-after-charge", "checkout-after-paid"] as const) {
    it(
      `dies at ${point}; the shopper adds an item and pays again: the first charge gets its order, no second charge for it`,
      {
        timeout: 60_000,
      },
      async () => {
        const shopper = await shopperAtCheckout(2100);
        await crashAt(point, shopper);
        const category = await createCategory(database.db);
        const extra = await createProduct(database.db, { categoryId: category.id, priceCents: 400, inventory: 3 });
        await healthy.json("/cartItems/item/add", post({ productId: extra.id, quantity: 1 }, shopper.auth));
        const pay = async () => {
          const shown = await healthy.json<Envelope<{ attempt: string }>>(
            `/orders/user/${shopper.userId}/checkout-attempt`,
            { headers: shopper.auth },
          );
          expect(shown.body.data.attempt).not.toBe(shopper.attempt);
          return healthy.json<Envelope<{ order: { id: number; items: Array<{ productId: number }> } }>>(
            `/orders/user/${shopper.userId}/checkout`,
            post({ attempt: shown.body.data.attempt, billing, card }, shopper.auth),
          );
        };
        const paidWithoutOrder = async () => {
          const rows = await database.db.select().from(payments).where(eq(payments.userId, shopper.userId));
          const charged = await database.db
            .select()
            .from(testPaymentIntents)
            .where(like(testPaymentIntents.idempotencyKey, `checkout:%:${shopper.userId}:%`));
          const paidIds = new Set(charged.filter((i) => i.status === "succeeded").map((i) => i.id));
          const ordered = new Set(
            (await database.db.select().from(orders).where(eq(orders.userId, shopper.userId))).map((o) => o.paymentId),
          );
          return {
            charged: paidIds.size,
            withoutOrder: rows.filter((p) => paidIds.has(p.providerPaymentId) && !ordered.has(p.id)).length,
          };
        };
        expect(await paidWithoutOrder()).toEqual({ charged: 1, withoutOrder: 1 });
        const settled = await pay();
        expect(settled.status, JSON.stringify(settled.body)).toBe(409);
        expect(settled.body.message).toMatch(/^Your earlier payment of \$21\.00 went through, so we placed order #\d+/);
        expect(await paidWithoutOrder()).toEqual({ charged: 1, withoutOrder: 0 });
        const rest = await pay();
        expect(rest.status, JSON.stringify(rest.body)).toBe(201);
        expect(rest.body.data.order.items.map((i) => i.productId)).toEqual([extra.id]);
        expect(await paidWithoutOrder()).toEqual({ charged: 2, withoutOrder: 0 });
        expect((await ledger(shopper.userId, shopper.productId)).inventory).toBe(2);
      },
    );
  }

  it(
    "dies at every step for five shoppers who never return: two reconciling instances settle each once",
    { timeout: 90_000 },
    async () => {
      const crashed: Array<{ point: string; shopper: Awaited<ReturnType<typeof shopperAtCheckout>> }> = [];
      for (const point of CHECKOUT_POINTS) {
        const shopper = await shopperAtCheckout(1800);
        await crashAt(point, shopper);
        crashed.push({ point, shopper });
      }
      // two instances start, each sweeping at once and every 200 ms: they race for the same orphans
      const env = instanceEnv(database.url, { RECONCILE_INTERVAL_MS: "200", RECONCILE_SETTLE_MS: "1" });
      const reconcilers = await Promise.all([startApiInstance(env), startApiInstance(env)]);
      try {
        const paid = (point: string) =>
          ["checkout-after-charge", "checkout-after-paid", "checkout-after-order"].includes(point);
        const settled = async () => {
          for (const { point, shopper } of crashed) {
            const after = await ledger(shopper.userId, shopper.productId);
            if (after.orders !== (paid(point) ? 1 : 0)) return false;
          }
          return true;
        };
        const deadline = Date.now() + 20_000;
        while (!(await settled()) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
        // a few more sweeps of both: nothing changes any more
        await new Promise((r) => setTimeout(r, 600));
        for (const { point, shopper } of crashed) {
          const after = await ledger(shopper.userId, shopper.productId);
          // a charge always ends in exactly one order; no charge, no order
          expect(after, point).toEqual({
            payments: point === "checkout-after-intent" ? 0 : 1,
            charged: paid(point) ? 1 : 0,
            orders: paid(point) ? 1 : 0,
            refunds: 0,
            inventory: paid(point) ? 2 : 3,
          });
        }
      } finally {
        await Promise.all(reconcilers.map((instance) => instance.stop()));
      }
    },
  );

  it(
    "dies after the provider refunded a sold-out payment: the refund is recorded on the next try, once",
    { timeout: 60_000 },
    async () => {
      const shopper = await shopperAtCheckout(3300);
      // paid at the provider by an earlier post that died before writing it down; then the last piece sold elsewhere
      const intent = await healthy.json<Envelope<{ paymentIntentId: string }>>(
        "/orders/create-payment-intent",
        post({}, shopper.auth),
      );
      const providerId = intent.body.data.paymentIntentId;
      await database.db
        .update(testPaymentIntents)
        .set({ status: "succeeded" })
        .where(eq(testPaymentIntents.id, providerId));
      await database.db.update(products).set({ inventory: 0 }).where(eq(products.id, shopper.productId));

      await crashAt("refund-after-provider", shopper);
      const [payment] = await database.db.select().from(payments).where(eq(payments.providerPaymentId, providerId));
      const [owed] = await database.db.select().from(refunds).where(eq(refunds.paymentId, payment!.id));
      expect(owed).toMatchObject({ status: "pending" });
      const [atProvider] = await database.db
        .select()
        .from(testPaymentIntents)
        .where(eq(testPaymentIntents.id, providerId));
      expect(atProvider!.status).toBe("refunded");

      // an admin retries it (the reconciler would, once the dead instance's claim runs out)
      const boss = registration();
      await healthy.json("/users/add", post(boss));
      await ensureAdminAccount({ email: boss.email, password: boss.password, db: database.db });
      const login = await healthy.json<{ accessToken: string }>("/auth/login", post(boss));
      const retried = await healthy.json<Envelope<{ status: string; attempts: number }>>(
        `/admin/refunds/${owed!.id}/retry`,
        post({}, { authorization: `Bearer ${login.body.accessToken}` }),
      );
      expect(retried.status, JSON.stringify(retried.body)).toBe(200);
      expect(retried.body.data.status).toBe("succeeded");
      const after = await ledger(shopper.userId, shopper.productId);
      expect(after).toMatchObject({ payments: 1, charged: 0, orders: 0, refunds: 1, inventory: 0 });
      const [settled] = await database.db.select().from(payments).where(eq(payments.id, payment!.id));
      expect(settled!.status).toBe("refunded");
    },
  );
});
