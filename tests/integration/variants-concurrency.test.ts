import { eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Db } from "~/db/client.server";
import { orderItems, orders, payments, productOptions, products, productVariants } from "~/db/schema";
import { checkInvariants } from "~/services/orders/invariants.server";
import { registration } from "../support/accounts";
import { useTwoApiInstances } from "../support/api-instance-process";
import { createCategory, createProduct } from "../support/factories";

// Two app instances on one PostgreSQL database: six shoppers have paid for the last Black mouse while four others
// have paid for White ones, of which there are plenty. All place their order at the same moment: one Black order,
// four White ones; exactly the stock sold, the other variant untouched beyond its own orders.

type Envelope<T> = { message: string; data: T };

const post = (body: unknown, headers: Record<string, string> = {}): RequestInit => ({
  method: "POST",
  headers: { "content-type": "application/json", ...headers },
  body: JSON.stringify(body),
});

describe.skipIf(process.env.TEST_DB_KIND !== "postgres")("two app instances racing for one variant", () => {
  const shared = useTwoApiInstances({ poolMax: 10 });
  const db = (): Db => shared.db;

  it(
    "sells the last Black mouse once while the White ones sell to everyone who paid",
    { timeout: 60_000 },
    async () => {
      const category = await createCategory(db());
      const mouse = await createProduct(db(), { categoryId: category.id, priceCents: 3000, inventory: 1 });
      await db()
        .insert(productOptions)
        .values({ productId: mouse.id, position: 1, name: "Colour", values: ["Black", "White"] });
      await db().update(productVariants).set({ option1: "Black" }).where(eq(productVariants.id, mouse.variantId));
      const [white] = await db()
        .insert(productVariants)
        .values({
          productId: mouse.id,
          sku: `M${mouse.id}-WHITE`,
          priceCents: 3200,
          inventory: 50,
          position: 1,
          option1: "White",
        })
        .returning();
      const on = (i: number) => shared.instances[i % 2]!;
      const wants = (i: number) => (i < 6 ? mouse.variantId : white!.id);

      const shoppers = await Promise.all(
        Array.from({ length: 10 }, async (_, i) => {
          const form = registration();
          const registered = await on(i).json<Envelope<{ id: number }>>("/users/add", post(form));
          expect(registered.status, JSON.stringify(registered.body)).toBe(201);
          const login = await on(i + 1).json<{ accessToken: string }>(
            "/auth/login",
            post({ email: form.email, password: form.password }),
          );
          const auth = { authorization: `Bearer ${login.body.accessToken}` };
          const added = await on(i).json(
            "/cartItems/item/add",
            post({ productId: mouse.id, variantId: wants(i), quantity: 1 }, auth),
          );
          expect(added.status, JSON.stringify(added.body)).toBe(200);
          const intent = await on(i + 1).json<Envelope<{ paymentIntentId: string }>>(
            "/orders/create-payment-intent",
            post({}, auth),
          );
          expect(intent.status, JSON.stringify(intent.body)).toBe(200);
          const { paymentIntentId } = intent.body.data;
          const confirmed = await on(i).json<Envelope<{ status: string }>>(
            "/payments/test/confirm",
            post({ paymentIntentId, cardNumber: "4242424242424242", expMonth: 12, expYear: 2040, cvc: "123" }, auth),
          );
          expect(confirmed.body.data.status).toBe("succeeded");
          return { index: i, userId: registered.body.data.id, auth, paymentIntentId };
        }),
      );

      const results = await Promise.all(
        shoppers.map(async (s) => ({
          ...s,
          ...(await on(s.index).json<Envelope<{ id: number } | null>>(
            `/orders/user/${s.userId}/place-order`,
            post({ paymentIntentId: s.paymentIntentId }, s.auth),
          )),
        })),
      );
      const statuses = results.map((r) => [r.index, r.status]);
      const black = results.filter((r) => r.index < 6);
      const whites = results.filter((r) => r.index >= 6);
      expect(
        black.filter((r) => r.status === 201),
        JSON.stringify(statuses),
      ).toHaveLength(1);
      expect(
        black.filter((r) => r.status === 409),
        JSON.stringify(statuses),
      ).toHaveLength(5);
      expect(
        whites.every((r) => r.status === 201),
        JSON.stringify(statuses),
      ).toBe(true);

      const userIds = shoppers.map((s) => s.userId);
      const orderRows = await db().select().from(orders).where(inArray(orders.userId, userIds));
      expect(orderRows).toHaveLength(5);
      const items = await db()
        .select()
        .from(orderItems)
        .where(
          inArray(
            orderItems.orderId,
            orderRows.map((o) => o.id),
          ),
        );
      expect(items.filter((i) => i.variantId === mouse.variantId)).toHaveLength(1);
      expect(items.filter((i) => i.variantId === white!.id)).toHaveLength(4);
      const stock = await db()
        .select({ id: productVariants.id, inventory: productVariants.inventory })
        .from(productVariants)
        .where(eq(productVariants.productId, mouse.id));
      expect(Object.fromEntries(stock.map((v) => [v.id, v.inventory]))).toEqual({
        [mouse.variantId]: 0,
        [white!.id]: 46,
      });
      const [after] = await db().select().from(products).where(eq(products.id, mouse.id));
      expect(after).toMatchObject({ inventory: 46, priceCents: 3000 });
      const paymentRows = await db().select().from(payments).where(inArray(payments.userId, userIds));
      expect(paymentRows.filter((p) => p.status === "refunded")).toHaveLength(5);
      expect(await checkInvariants(db())).toEqual([]);
    },
  );
});
