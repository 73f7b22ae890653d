import { eq, like } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openPostgres } from "~/db/client.server";
import { payments, testPaymentIntents } from "~/db/schema";
import { checkInvariants } from "~/services/orders/invariants.server";
import { registration } from "../support/accounts";
import { instanceEnv, startApiInstance, type ApiInstance } from "../support/api-instance-process";
import { createCategory, createProduct } from "../support/factories";
import { createPostgresTestDatabase } from "../support/postgres-test-db";
import { privatePostgresAvailable, startPrivatePostgres, type PrivatePostgres } from "../support/private-postgres";

// The database misbehaves under an app instance: a table lock held by someone else, a pool with every connection
// taken, the server stopped and started again. Every request is answered within the timeouts (503 with
// Retry-After, never a 500 or a hang), and the instance recovers by itself.

type Envelope<T> = { message: string; data: T };
const post = (body: unknown, auth: Record<string, string> = {}): RequestInit => ({
  method: "POST",
  headers: { "content-type": "application/json", ...auth },
  body: JSON.stringify(body),
});
const onPostgres = process.env.TEST_DB_KIND === "postgres";

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** A request's status, what it took, and its Retry-After; a failed connection is status 0. */
async function timed(instance: ApiInstance, path: string, init?: RequestInit) {
  const started = performance.now();
  const response = await instance.request(path, init).catch(() => null);
  if (response) await response.arrayBuffer();
  return {
    status: response?.status ?? 0,
    ms: performance.now() - started,
    retryAfter: response?.headers.get("retry-after") ?? null,
  };
}

describe.skipIf(!onPostgres)("a table lock held elsewhere, and every pooled connection taken", () => {
  let database: Awaited<ReturnType<typeof createPostgresTestDatabase>>;
  let instance: ApiInstance;
  let locker: pg.Client;
  beforeAll(async () => {
    database = await createPostgresTestDatabase();
    const env = instanceEnv(database.url, {
      DB_POOL_MAX: "2",
      DB_LOCK_TIMEOUT_MS: "500",
      DB_CONNECT_TIMEOUT_MS: "1000",
    });
    instance = await startApiInstance(env);
    locker = new pg.Client({ connectionString: database.url });
    await locker.connect();
  });
  afterAll(async () => {
    await locker?.end().catch(() => undefined);
    await instance?.stop();
    await database?.drop();
  });

  it("answers 503 with Retry-After within a few seconds while the lock lasts, and 200 once it is gone", async () => {
    await createCategory(database.db);
    expect((await timed(instance, "/categories/all")).status).toBe(200);
    await locker.query("BEGIN");
    await locker.query("LOCK TABLE categories IN ACCESS EXCLUSIVE MODE");
    try {
      // twenty at once on a pool of two: two wait for the lock, the rest for a connection; none for long
      const answers = await Promise.all(Array.from({ length: 20 }, () => timed(instance, "/categories/all")));
      for (const answer of answers) {
        expect(answer.status, JSON.stringify(answer)).toBe(503);
        expect(answer.retryAfter).toMatch(/^\d+$/);
        expect(answer.ms).toBeLessThan(5_000);
      }
      const body = await instance.json<Envelope<null>>("/categories/all");
      expect(body.body.message).toMatch(/try again in a few seconds/);
    } finally {
      await locker.query("ROLLBACK");
    }
    const after = await timed(instance, "/categories/all");
    expect(after.status).toBe(200);
  });

  it("lets a login that needs no locked table through while another table is locked", async () => {
    const form = registration();
    expect((await instance.json("/users/add", post(form))).status).toBe(201);
    await locker.query("BEGIN");
    await locker.query("LOCK TABLE categories IN ACCESS EXCLUSIVE MODE");
    try {
      const stuck = Promise.all(Array.from({ length: 4 }, () => timed(instance, "/categories/all")));
      const login = await timed(instance, "/auth/login", post({ email: form.email, password: form.password }));
      // it may have to wait for a connection, but no longer than the pool's timeout: answered, not hung
      expect([200, 503]).toContain(login.status);
      expect(login.ms).toBeLessThan(5_000);
      await stuck;
      const again = await timed(instance, "/auth/login", post({ email: form.email, password: form.password }));
      expect(again.status).toBe(200);
    } finally {
      await locker.query("ROLLBACK");
    }
  });
});

describe.skipIf(!onPostgres || !privatePostgresAvailable())("PostgreSQL stopped and started under load", () => {
  let server: PrivatePostgres;
  let instances: ApiInstance[] = [];
  beforeAll(async () => {
    server = await startPrivatePostgres();
    const env = instanceEnv(server.url, { DB_CONNECT_TIMEOUT_MS: "1000", DB_POOL_MAX: "4" });
    instances = await Promise.all([startApiInstance(env), startApiInstance(env)]);
  }, 60_000);
  afterAll(async () => {
    await Promise.all(instances.map((instance) => instance.stop()));
    server?.destroy();
  });

  it(
    "two instances answer 503 with Retry-After while it is down, live on, recover by themselves; checkouts pay once",
    { timeout: 120_000 },
    async () => {
      const [instance, other] = instances as [ApiInstance, ApiInstance];
      const db = await openPostgres(server.url, { max: 2 });
      try {
        const category = await createCategory(db.db);
        const product = await createProduct(db.db, { categoryId: category.id, priceCents: 1500, inventory: 5 });
        const stock = await createProduct(db.db, { categoryId: category.id, priceCents: 700, inventory: 10_000 });
        const form = registration();
        const registered = await instance.json<Envelope<{ id: number }>>("/users/add", post(form));
        const login = await instance.json<{ accessToken: string }>("/auth/login", post(form));
        const auth = { authorization: `Bearer ${login.body.accessToken}` };
        const userId = registered.body.data.id;
        await instance.json("/cartItems/item/add", post({ productId: product.id, quantity: 1 }, auth));
        const attempt = (
          await instance.json<Envelope<{ attempt: string }>>(`/orders/user/${userId}/checkout-attempt`, {
            headers: auth,
          })
        ).body.data.attempt;
        const card = {
          cardNumber: "4242424242424242",
          expMonth: 12,
          expYear: new Date().getUTCFullYear() + 2,
          cvc: "123",
        };
        const billing = {
          firstName: "Ada",
          lastName: "Byron",
          email: form.email,
          street: "1 Main St",
          city: "Springfield",
          country: "US",
          postalCode: "12345",
        };

        // browsing load all along on both instances: four clients each, in a loop
        const seen: Array<{ status: number; ms: number; phase: string; retryAfter: string | null }> = [];
        let phase = "up";
        let loading = true;
        const paths = [
          "/categories/all",
          `/products/product/${product.id}/product`,
          "/products/all?page=0&size=5",
          "/products/distinct/brands",
        ];
        const browsing = instances.flatMap((target) =>
          paths.map(async (path) => {
            while (loading) {
              // the phase the request was sent in: one sent while the database was up may be answered after it stopped
              const sentIn = phase;
              const answer = await timed(target, path);
              seen.push({ ...answer, phase: sentIn });
              await new Promise((r) => setTimeout(r, 20));
            }
          }),
        );
        // and a shopper per instance buying one piece after another: transactions in flight when the server stops
        const buyers = await Promise.all(
          instances.map(async (target) => {
            const buyer = registration();
            const id = (await target.json<Envelope<{ id: number }>>("/users/add", post(buyer))).body.data.id;
            const token = (await target.json<{ accessToken: string }>("/auth/login", post(buyer))).body.accessToken;
            return { target, id, auth: { authorization: `Bearer ${token}` } };
          }),
        );
        const checkouts: Array<{ status: number; retryAfter: string | null }> = [];
        const buying = buyers.map(async ({ target, id, auth: buyerAuth }) => {
          const send = async (path: string, init?: RequestInit) => {
            for (;;) {
              const response = await target.request(path, init).catch(() => null);
              const answer = {
                status: response?.status ?? 0,
                retryAfter: response?.headers.get("retry-after") ?? null,
              };
              const body = response ? ((await response.json().catch(() => null)) as Envelope<unknown> | null) : null;
              checkouts.push(answer);
              if (answer.status !== 503) return { ...answer, body };
              await new Promise((r) => setTimeout(r, 200));
            }
          };
          while (loading) {
            await send("/cartItems/item/add", post({ productId: stock.id, quantity: 1 }, buyerAuth));
            const shown = await send(`/orders/user/${id}/checkout-attempt`, { headers: buyerAuth });
            const key = (shown.body as Envelope<{ attempt: string | null }>).data.attempt;
            if (key) await send(`/orders/user/${id}/checkout`, post({ attempt: key, billing, card }, buyerAuth));
          }
        });
        await new Promise((r) => setTimeout(r, 1_000));

        server.stop();
        phase = "down";
        await new Promise((r) => setTimeout(r, 1_500));
        const duringOutage = await timed(
          instance,
          `/orders/user/${userId}/checkout`,
          post({ attempt, billing, card }, auth),
        );
        expect(duringOutage.status).toBe(503);

        phase = "restarting";
        server.start();
        const restarted = performance.now();
        let recoveredMs = Infinity;
        while (performance.now() - restarted < 15_000) {
          const answers = await Promise.all(instances.map((target) => timed(target, "/categories/all")));
          if (answers.every((answer) => answer.status === 200)) {
            recoveredMs = performance.now() - restarted;
            break;
          }
          await new Promise((r) => setTimeout(r, 100));
        }
        phase = "recovered";
        await new Promise((r) => setTimeout(r, 1_000));
        loading = false;
        await Promise.all([...browsing, ...buying]);

        for (const target of instances) expect(alive(target.pid), target.stderr()).toBe(true);
        expect(recoveredMs).toBeLessThan(10_000);
        const statuses = new Set(seen.map((s) => s.status));
        expect(
          [...statuses].filter((s) => s !== 200 && s !== 503),
          JSON.stringify([...statuses]),
        ).toEqual([]);
        expect(seen.filter((s) => s.status === 503).every((s) => s.retryAfter !== null)).toBe(true);
        expect(seen.filter((s) => s.phase === "down").every((s) => s.status === 503)).toBe(true);
        expect(Math.max(...seen.map((s) => s.ms))).toBeLessThan(5_000);
        expect(seen.filter((s) => s.phase === "recovered").every((s) => s.status === 200)).toBe(true);
        // the buyers met only successes and 503s with Retry-After
        const buyerStatuses = [...new Set(checkouts.map((c) => c.status))];
        expect(
          buyerStatuses.filter((s) => s !== 200 && s !== 201 && s !== 503),
          JSON.stringify(buyerStatuses),
        ).toEqual([]);
        expect(checkouts.filter((c) => c.status === 503).every((c) => c.retryAfter !== null)).toBe(true);
        expect(checkouts.some((c) => c.status === 201)).toBe(true);

        // the checkout that met the outage, posted again: paid once, ordered once
        const paid = await other.json<Envelope<{ created: boolean }>>(
          `/orders/user/${userId}/checkout`,
          post({ attempt, billing, card }, auth),
        );
        expect(paid.status, JSON.stringify(paid.body)).toBe(201);
        const rows = await db.db.select().from(payments).where(eq(payments.userId, userId));
        expect(rows).toHaveLength(1);
        const intents = await db.db
          .select()
          .from(testPaymentIntents)
          .where(like(testPaymentIntents.idempotencyKey, `checkout:%:${userId}:%`));
        expect(intents.filter((i) => i.status === "succeeded")).toHaveLength(1);
        expect(await checkInvariants(db.db)).toEqual([]);
      } finally {
        await db.close();
      }
    },
  );
});
