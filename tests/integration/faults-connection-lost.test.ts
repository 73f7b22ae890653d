import { eq } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orders, payments } from "~/db/schema";
import { checkInvariants } from "~/services/orders/invariants.server";
import { registration } from "../support/accounts";
import { instanceEnv, startApiInstance, type ApiInstance } from "../support/api-instance-process";
import { createCategory, createProduct } from "../support/factories";
import { createPostgresTestDatabase } from "../support/postgres-test-db";

// PostgreSQL ends the connection of a transaction in flight (pg_terminate_backend, as an operator, a failover or a
// crash of the backend does). The request using it fails with 503 and Retry-After; the process lives on, the pool
// opens a new connection, and the next request is served.

type Envelope<T> = { message: string; data: T };
const post = (body: unknown, auth: Record<string, string> = {}): RequestInit => ({
  method: "POST",
  headers: { "content-type": "application/json", ...auth },
  body: JSON.stringify(body),
});
const billing = {
  firstName: "Ada",
  lastName: "Byron",
  email: "ada@example.com",
  street: "1 Main St",
  city: "Springfield",
  country: "US",
  postalCode: "12345",
};
const card = { cardNumber: "4242424242424242", expMonth: 12, expYear: new Date().getUTCFullYear() + 2, cvc: "123" };

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe.skipIf(process.env.TEST_DB_KIND !== "postgres")("a connection ended under a transaction in flight", () => {
  let database: Awaited<ReturnType<typeof createPostgresTestDatabase>>;
  let instance: ApiInstance;
  let locker: pg.Client;
  beforeAll(async () => {
    database = await createPostgresTestDatabase();
    // a lock wait long enough to find the waiting backend and end it
    instance = await startApiInstance(instanceEnv(database.url, { DB_POOL_MAX: "3", DB_LOCK_TIMEOUT_MS: "20000" }));
    locker = new pg.Client({ connectionString: database.url });
    await locker.connect();
  });
  afterAll(async () => {
    await locker?.end().catch(() => undefined);
    await instance?.stop();
    await database?.drop();
  });

  it(
    "answers that request 503 with Retry-After, keeps the process, and serves the next",
    { timeout: 60_000 },
    async () => {
      const category = await createCategory(database.db);
      const product = await createProduct(database.db, { categoryId: category.id, priceCents: 1999, inventory: 4 });
      const form = registration();
      const registered = await instance.json<Envelope<{ id: number }>>("/users/add", post(form));
      const login = await instance.json<{ accessToken: string }>("/auth/login", post(form));
      const auth = { authorization: `Bearer ${login.body.accessToken}` };
      const userId = registered.body.data.id;
      await instance.json("/cartItems/item/add", post({ productId: product.id, quantity: 1 }, auth));
      const attempt = (
        await instance.json<Envelope<{ attempt: string }>>(`/orders/user/${userId}/checkout-attempt`, { headers: auth })
      ).body.data.attempt;

      // the product's row locked elsewhere: the checkout's order transaction waits for it, inside a transaction
      await locker.query("BEGIN");
      await locker.query("SELECT id FROM products WHERE id = $1 FOR UPDATE", [product.id]);
      const checkout = instance.request(`/orders/user/${userId}/checkout`, post({ attempt, billing, card }, auth));
      let waiting: number | undefined;
      for (let i = 0; i < 100 && waiting === undefined; i++) {
        const { rows } = await locker.query<{ pid: number }>(
          `SELECT pid FROM pg_stat_activity
          WHERE datname = current_database() AND pid <> pg_backend_pid() AND wait_event_type = 'Lock'`,
        );
        waiting = rows[0]?.pid;
        if (waiting === undefined) await new Promise((r) => setTimeout(r, 100));
      }
      expect(waiting, "a backend of the instance waits on the row lock").toBeDefined();
      await locker.query("SELECT pg_terminate_backend($1)", [waiting]);
      const response = await checkout;
      const body = (await response.json()) as Envelope<null>;
      await locker.query("ROLLBACK");

      expect(response.status, JSON.stringify(body)).toBe(503);
      expect(response.headers.get("retry-after")).toMatch(/^\d+$/);
      expect(alive(instance.pid), instance.stderr()).toBe(true);
      expect(instance.stderr()).not.toMatch(/Unhandled|uncaught|Connection terminated unexpectedly\n\s+at /i);

      // the next requests are served (the pool replaced the lost connection)
      for (let i = 0; i < 5; i++) expect((await instance.request("/categories/all")).status).toBe(200);
      // the same checkout posted again finishes the payment made before the connection was lost: one charge, one order
      const again = await instance.json<Envelope<{ id: number }>>(
        `/orders/user/${userId}/checkout`,
        post({ attempt, billing, card }, auth),
      );
      expect(again.status, JSON.stringify(again.body)).toBe(201);
      expect(await database.db.select().from(payments).where(eq(payments.userId, userId))).toHaveLength(1);
      expect(await database.db.select().from(orders).where(eq(orders.userId, userId))).toHaveLength(1);
      expect(await checkInvariants(database.db)).toEqual([]);
      expect(alive(instance.pid)).toBe(true);
    },
  );
});
