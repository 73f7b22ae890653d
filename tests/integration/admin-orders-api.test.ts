import { asc, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { orderItems, orders, payments, products, testPaymentIntents } from "~/db/schema";
import type { OrderDto, OrderStatus, PaymentIntentDto, TestConfirmResult } from "~/schemas/orders";
import { ensureAdminAccount } from "~/services/admin.server";
import { bearer, loginAs, PASSWORD, register } from "../support/accounts";
import { useApiServer } from "../support/api-server";
import { createCategory, createProduct, word } from "../support/factories";
import { useTestDatabase } from "../support/test-db";

// The admin's view of every order and its status changes (GET /orders/all, PUT /orders/order/{id}/status), over real
// HTTP, on PGlite and on PostgreSQL. Orders are made the way a shopper makes them: cart, test payment, place-order.

const database = useTestDatabase();
const api = useApiServer();

type Envelope<T> = { message: string; data: T; errors?: Record<string, string[]> };
type Auth = Record<string, string>;
type User = { id: number; email: string; auth: Auth };
type AdminOrder = OrderDto & { customer: { email: string; name: string } };
type AdminPage = { content: AdminOrder[]; page: number; size: number; totalElements: number; totalPages: number };

const STATUSES: OrderStatus[] = ["PENDING", "PROCESSING", "SHIPPED", "DELIVERED", "CANCELLED"];
/** The transitions the shop allows, written out here (not imported) so that a wrong table in the app is caught. */
const ALLOWED: Record<OrderStatus, OrderStatus[]> = {
  PENDING: ["PROCESSING", "CANCELLED"],
  PROCESSING: ["SHIPPED", "CANCELLED"],
  SHIPPED: ["DELIVERED"],
  DELIVERED: [],
  CANCELLED: [],
};
/** how to reach each status from PENDING through the API */
const PATH_TO: Record<OrderStatus, OrderStatus[]> = {
  PENDING: [],
  PROCESSING: ["PROCESSING"],
  SHIPPED: ["PROCESSING", "SHIPPED"],
  DELIVERED: ["PROCESSING", "SHIPPED", "DELIVERED"],
  CANCELLED: ["CANCELLED"],
};

const json = (method: string, body: unknown, headers: Auth = {}): RequestInit => ({
  method,
  headers: { "content-type": "application/json", ...headers },
  body: JSON.stringify(body),
});

let categoryId: number;
let boss: User;
beforeAll(async () => {
  categoryId = (await createCategory(database.db)).id;
  boss = await admin();
});

async function shopper(overrides: Record<string, unknown> = {}): Promise<User> {
  const user = await register(api, overrides);
  const { accessToken } = await loginAs(api, user.email);
  return { id: user.id, email: user.email, auth: bearer(accessToken) };
}

async function admin(): Promise<User> {
  const email = `${word()}@example.com`;
  const { userId } = await ensureAdminAccount({ email, password: PASSWORD, db: database.db });
  const { accessToken, status } = await loginAs(api, email);
  expect(status).toBe(200);
  return { id: userId, email, auth: bearer(accessToken) };
}

const product = (values: { priceCents?: number; inventory?: number } = {}) =>
  createProduct(database.db, { categoryId, ...values });

/** A real order: the lines go into the cart, are paid with the success test card, and the order is placed (201). */
async function placedOrder(user: User, lines: Array<[productId: number, quantity: number]>) {
  for (const [productId, quantity] of lines) {
    const added = await api.json("/cartItems/item/add", json("POST", { productId, quantity }, user.auth));
    expect(added.status, JSON.stringify(added.body)).toBe(200);
  }
  const intent = await api.json<Envelope<PaymentIntentDto>>(
    "/orders/create-payment-intent",
    json("POST", {}, user.auth),
  );
  expect(intent.status, JSON.stringify(intent.body)).toBe(200);
  const paymentIntentId = intent.body.data.paymentIntentId;
  const paid = await api.json<Envelope<TestConfirmResult>>(
    "/payments/test/confirm",
    json(
      "POST",
      { paymentIntentId, cardNumber: "4242424242424242", expMonth: 12, expYear: 2040, cvc: "123" },
      user.auth,
    ),
  );
  expect(paid.body.data?.status, JSON.stringify(paid.body)).toBe("succeeded");
  const placed = await api.json<Envelope<OrderDto>>(
    `/orders/user/${user.id}/place-order`,
    json("POST", { paymentIntentId }, user.auth),
  );
  expect(placed.status, JSON.stringify(placed.body)).toBe(201);
  expect(placed.body.data.status).toBe("PENDING");
  return { order: placed.body.data, paymentIntentId };
}

function setStatus(who: Auth | undefined, orderId: number, status: unknown) {
  return api.json<Envelope<OrderDto | null>>(`/orders/order/${orderId}/status`, json("PUT", { status }, who ?? {}));
}

function setStatusForm(who: Auth, orderId: number, body: URLSearchParams | FormData) {
  return api.json<Envelope<OrderDto | null>>(`/orders/order/${orderId}/status`, { method: "PUT", headers: who, body });
}

/** moves an order along the given steps as the admin, each one answering 200 */
async function advance(orderId: number, steps: OrderStatus[]) {
  for (const status of steps) {
    const response = await setStatus(boss.auth, orderId, status);
    expect(response.status, `${status}: ${JSON.stringify(response.body)}`).toBe(200);
    expect(response.body.data!.status).toBe(status);
  }
}

function listAll(query = "", who: Auth = boss.auth) {
  return api.json<Envelope<AdminPage>>(`/orders/all${query}`, { headers: who });
}

const inventoryOf = async (productId: number) =>
  (await database.db.select({ inventory: products.inventory }).from(products).where(eq(products.id, productId)))[0]
    ?.inventory;

const orderRow = async (orderId: number) => (await database.db.select().from(orders).where(eq(orders.id, orderId)))[0]!;

const paymentRow = async (providerPaymentId: string) =>
  (await database.db.select().from(payments).where(eq(payments.providerPaymentId, providerPaymentId)))[0]!;

const testIntentRow = async (id: string) =>
  (await database.db.select().from(testPaymentIntents).where(eq(testPaymentIntents.id, id)))[0]!;

/** everything a status change may touch: the order row, its items, the stock of the given products, the payment */
async function stateOf(orderId: number, paymentIntentId: string, productIds: number[]) {
  return {
    order: await orderRow(orderId),
    items: await database.db
      .select()
      .from(orderItems)
      .where(eq(orderItems.orderId, orderId))
      .orderBy(asc(orderItems.id)),
    stock: await Promise.all(productIds.map(inventoryOf)),
    payment: await paymentRow(paymentIntentId),
    intent: await testIntentRow(paymentIntentId),
  };
}

async function ownerView(user: User, orderId: number) {
  const response = await api.json<Envelope<OrderDto[]>>(`/orders/user/${user.id}/orders`, { headers: user.auth });
  expect(response.status).toBe(200);
  return response.body.data.find((o) => o.id === orderId);
}

const countOrders = async (status?: OrderStatus) =>
  Number(
    (
      await database.db
        .select({ n: sql<number>`count(*)` })
        .from(orders)
        .where(status ? eq(orders.status, status) : undefined)
    )[0]!.n,
  );

describe("who may use the admin order endpoints", () => {
  it("anonymous callers get 401 and users with ROLE_USER 403, even for their own order, and nothing changes", async () => {
    const user = await shopper();
    const p = await product({ inventory: 10 });
    const { order, paymentIntentId } = await placedOrder(user, [[p.id, 2]]);
    const before = await stateOf(order.id, paymentIntentId, [p.id]);
    expect(before.stock).toEqual([8]);

    const anonymousList = await listAll("", {});
    expect(anonymousList.status).toBe(401);
    expect(anonymousList.body.data).toBeNull();
    const userList = await listAll("", user.auth);
    expect(userList.status).toBe(403);
    expect(userList.body.data).toBeNull();
    expect(JSON.stringify(userList.body)).not.toContain(user.email);
    expect((await listAll("?status=PENDING", user.auth)).status).toBe(403);
    expect((await api.json("/orders/all", { headers: { authorization: "Bearer not-a-token" } })).status).toBe(401);

    for (const status of ["PROCESSING", "CANCELLED", "SHIPPED"]) {
      const anonymous = await setStatus(undefined, order.id, status);
      expect(anonymous.status, `anonymous → ${status}`).toBe(401);
      expect(anonymous.body.data).toBeNull();
      const own = await setStatus(user.auth, order.id, status);
      expect(own.status, `ROLE_USER → ${status}`).toBe(403);
      expect(own.body.data).toBeNull();
    }
    const form = await setStatusForm(user.auth, order.id, new URLSearchParams({ status: "CANCELLED" }));
    expect(form.status).toBe(403);
    // refused before the body is looked at: no hint about statuses or orders
    expect((await setStatus(user.auth, order.id, "NOPE")).status).toBe(403);
    expect((await setStatus(user.auth, 99_999_999, "PROCESSING")).status).toBe(403);

    expect(await stateOf(order.id, paymentIntentId, [p.id])).toEqual(before);
    expect(before.order.status).toBe("PENDING");
    expect(before.payment.status).toBe("succeeded");
    expect(before.intent.status).toBe("succeeded");
    expect((await ownerView(user, order.id))!.status).toBe("PENDING");
  });
});

describe("GET /orders/all", () => {
  it("lists orders newest first (order date, then id), with the customer's email and name and the order's items", async () => {
    const grace = await shopper({ firstName: "Grace", lastName: "Hopper" });
    const alan = await shopper({ firstName: "Alan", lastName: "Turing" });
    const p = await product({ priceCents: 1250, inventory: 50 });
    const q = await product({ priceCents: 300, inventory: 50 });
    const a = (await placedOrder(grace, [[p.id, 1]])).order;
    const b = (
      await placedOrder(alan, [
        [p.id, 2],
        [q.id, 1],
      ])
    ).order;
    const c = (await placedOrder(grace, [[q.id, 3]])).order;
    expect(a.id).toBeLessThan(b.id);
    expect(b.id).toBeLessThan(c.id);

    // the oldest order (lowest id) gets the newest date; b and c share a date, so the higher id (c) comes first
    await database.db
      .update(orders)
      .set({ orderDate: new Date("2101-01-03T00:00:00Z") })
      .where(eq(orders.id, a.id));
    await database.db
      .update(orders)
      .set({ orderDate: new Date("2101-01-02T00:00:00Z") })
      .where(eq(orders.id, b.id));
    await database.db
      .update(orders)
      .set({ orderDate: new Date("2101-01-02T00:00:00Z") })
      .where(eq(orders.id, c.id));

    const response = await listAll();
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const page = response.body.data;
    expect(page.content.slice(0, 3).map((o) => o.id)).toEqual([a.id, c.id, b.id]);
    const [first, second, third] = page.content;
    expect(first).toEqual({
      ...a,
      orderDate: "2101-01-03T00:00:00.000Z",
      customer: { email: grace.email, name: "Grace Hopper" },
    });
    expect(second).toEqual({
      ...c,
      orderDate: "2101-01-02T00:00:00.000Z",
      customer: { email: grace.email, name: "Grace Hopper" },
    });
    expect(third).toEqual({
      ...b,
      orderDate: "2101-01-02T00:00:00.000Z",
      customer: { email: alan.email, name: "Alan Turing" },
    });
    expect(third!.items).toHaveLength(2);
    expect(third!.totalAmount).toBe(28);

    // the whole list is sorted, not only its head
    const dates = page.content.map((o) => Date.parse(o.orderDate));
    for (let i = 1; i < page.content.length; i++) {
      const earlier = page.content[i - 1]!;
      const later = page.content[i]!;
      expect(
        dates[i - 1]! > dates[i]! || (dates[i - 1] === dates[i] && earlier.id > later.id),
        `${earlier.id} before ${later.id}`,
      ).toBe(true);
    }
    // every order belongs to the customer named with it
    const byEmail = { [grace.email]: grace.id, [alan.email]: alan.id };
    for (const order of page.content.filter((o) => o.customer.email in byEmail))
      expect(order.userId).toBe(byEmail[order.customer.email]);
  });

  it("pages through every order exactly once with the right totals (default page 1, size 25)", async () => {
    const user = await shopper();
    const p = await product({ priceCents: 100, inventory: 50 });
    for (let i = 0; i < 3; i++) await placedOrder(user, [[p.id, 1]]);
    const total = await countOrders();
    expect(total).toBeGreaterThanOrEqual(3);

    const defaults = await listAll();
    expect(defaults.body.data).toMatchObject({
      page: 1,
      size: 25,
      totalElements: total,
      totalPages: Math.max(1, Math.ceil(total / 25)),
    });
    expect(defaults.body.data.content).toHaveLength(Math.min(total, 25));

    const size = 2;
    const seen: number[] = [];
    const expectedPages = Math.ceil(total / size);
    for (let page = 1; page <= expectedPages; page++) {
      const response = await listAll(`?page=${page}&size=${size}`);
      expect(response.status).toBe(200);
      const data = response.body.data;
      expect(data).toMatchObject({ page, size, totalElements: total, totalPages: expectedPages });
      expect(data.content).toHaveLength(page < expectedPages ? size : total - size * (expectedPages - 1));
      seen.push(...data.content.map((o) => o.id));
    }
    const allIds = (await database.db.select({ id: orders.id }).from(orders)).map((r) => r.id);
    expect(new Set(seen).size).toBe(seen.length);
    expect([...seen].sort((x, y) => x - y)).toEqual(allIds.sort((x, y) => x - y));
    // the pages join into the same order as one big page
    if (total <= 100) {
      const single = await listAll(`?size=100`);
      expect(single.body.data.content.map((o) => o.id)).toEqual(seen);
    }

    const beyond = await listAll(`?page=${expectedPages + 1}&size=${size}`);
    expect(beyond.status).toBe(200);
    expect(beyond.body.data).toMatchObject({
      content: [],
      page: expectedPages + 1,
      size,
      totalElements: total,
      totalPages: expectedPages,
    });
  });

  it("filters by status, with the totals of that status; an empty status means all", async () => {
    const user = await shopper();
    const p = await product({ priceCents: 100, inventory: 50 });
    const byStatus = {} as Record<OrderStatus, number>;
    for (const status of STATUSES) {
      const { order } = await placedOrder(user, [[p.id, 1]]);
      await advance(order.id, PATH_TO[status]);
      byStatus[status] = order.id;
    }

    for (const status of STATUSES) {
      const expected = await countOrders(status);
      expect(expected, status).toBeGreaterThanOrEqual(1);
      const response = await listAll(`?status=${status}&size=100`);
      expect(response.status, `${status}: ${JSON.stringify(response.body)}`).toBe(200);
      const data = response.body.data;
      expect(data, status).toMatchObject({
        totalElements: expected,
        totalPages: Math.max(1, Math.ceil(expected / 100)),
      });
      expect(
        data.content.map((o) => o.status).every((s) => s === status),
        status,
      ).toBe(true);
      const ids = data.content.map((o) => o.id);
      expect(ids, status).toContain(byStatus[status]);
      for (const other of STATUSES.filter((s) => s !== status))
        expect(ids, `${status} list holds the ${other} order`).not.toContain(byStatus[other]);

      const paged = await listAll(`?status=${status}&size=1&page=1`);
      expect(paged.body.data).toMatchObject({ page: 1, size: 1, totalElements: expected, totalPages: expected });
      expect(paged.body.data.content).toHaveLength(1);
    }

    const everything = await listAll("?status=&size=1");
    expect(everything.status).toBe(200);
    expect(everything.body.data.totalElements).toBe(await countOrders());
  });

  it("answers a bad status or paging parameter with 400", async () => {
    for (const query of [
      "?status=BOGUS",
      "?status=pending",
      "?status=SHIPPED,DELIVERED",
      "?page=0",
      "?size=0",
      "?size=101",
      "?page=abc",
    ]) {
      const response = await listAll(query);
      expect(response.status, `${query}: ${JSON.stringify(response.body)}`).toBe(400);
      expect(response.body.data, query).toBeNull();
      expect(response.body.message, query).toEqual(expect.any(String));
    }
    const bad = await listAll("?status=BOGUS");
    expect(Object.keys(bad.body.errors ?? {})).toContain("status");
  });
});

describe("PUT /orders/order/{orderId}/status: moving forward", () => {
  it("takes an order PENDING → PROCESSING → SHIPPED → DELIVERED; the owner sees each status; stock and payment stay", async () => {
    const user = await shopper();
    const p = await product({ priceCents: 2000, inventory: 10 });
    const q = await product({ priceCents: 500, inventory: 10 });
    const { order, paymentIntentId } = await placedOrder(user, [
      [p.id, 2],
      [q.id, 1],
    ]);
    expect(await inventoryOf(p.id)).toBe(8);
    expect(await inventoryOf(q.id)).toBe(9);
    expect((await ownerView(user, order.id))!.status).toBe("PENDING");

    for (const status of ["PROCESSING", "SHIPPED", "DELIVERED"] as const) {
      const response = await setStatus(boss.auth, order.id, status);
      expect(response.status, `${status}: ${JSON.stringify(response.body)}`).toBe(200);
      expect(response.body.message).toBe(`Order ${order.id} is now ${status}.`);
      expect(response.body.data).toEqual({ ...order, status });
      expect((await orderRow(order.id)).status).toBe(status);
      expect(await ownerView(user, order.id)).toEqual({ ...order, status });
      const listed = await listAll(`?status=${status}&size=100`);
      expect(listed.body.data.content.map((o) => o.id)).toContain(order.id);
      // moving forward neither touches the stock nor the payment
      expect(await inventoryOf(p.id)).toBe(8);
      expect(await inventoryOf(q.id)).toBe(9);
      expect((await paymentRow(paymentIntentId)).status).toBe("succeeded");
      expect((await testIntentRow(paymentIntentId)).status).toBe("succeeded");
    }
  });

  it("accepts the status as form data (urlencoded and multipart)", async () => {
    const user = await shopper();
    const p = await product({ inventory: 10 });
    const { order } = await placedOrder(user, [[p.id, 1]]);

    const urlencoded = await setStatusForm(boss.auth, order.id, new URLSearchParams({ status: "PROCESSING" }));
    expect(urlencoded.status, JSON.stringify(urlencoded.body)).toBe(200);
    expect(urlencoded.body.message).toBe(`Order ${order.id} is now PROCESSING.`);
    expect(urlencoded.body.data!.status).toBe("PROCESSING");
    expect((await orderRow(order.id)).status).toBe("PROCESSING");

    const multipart = new FormData();
    multipart.set("status", "SHIPPED");
    const shipped = await setStatusForm(boss.auth, order.id, multipart);
    expect(shipped.status, JSON.stringify(shipped.body)).toBe(200);
    expect((await orderRow(order.id)).status).toBe("SHIPPED");

    // a disallowed step by form is refused the same way
    const back = await setStatusForm(boss.auth, order.id, new URLSearchParams({ status: "PENDING" }));
    expect(back.status).toBe(409);
    const invalid = await setStatusForm(boss.auth, order.id, new URLSearchParams({ status: "LOST" }));
    expect(invalid.status).toBe(422);
    expect(Object.keys(invalid.body.errors ?? {})).toContain("status");
    expect((await orderRow(order.id)).status).toBe("SHIPPED");
  });

  it("cancels by form data too, returning the stock and refunding", async () => {
    const user = await shopper();
    const p = await product({ inventory: 10 });
    const { order, paymentIntentId } = await placedOrder(user, [[p.id, 4]]);
    expect(await inventoryOf(p.id)).toBe(6);
    const response = await setStatusForm(boss.auth, order.id, new URLSearchParams({ status: "CANCELLED" }));
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.data!.status).toBe("CANCELLED");
    expect(await inventoryOf(p.id)).toBe(10);
    expect((await paymentRow(paymentIntentId)).status).toBe("refunded");
    expect((await testIntentRow(paymentIntentId)).status).toBe("refunded");
  });
});

describe("PUT /orders/order/{orderId}/status: disallowed transitions", () => {
  for (const from of STATUSES) {
    const refused = STATUSES.filter((to) => !ALLOWED[from].includes(to));
    it(`refuses ${from} → ${refused.join(", ")} with 409 and leaves the order, stock and payment as they were`, async () => {
      const user = await shopper();
      const p = await product({ inventory: 10 });
      const { order, paymentIntentId } = await placedOrder(user, [[p.id, 3]]);
      await advance(order.id, PATH_TO[from]);
      const before = await stateOf(order.id, paymentIntentId, [p.id]);
      expect(before.order.status).toBe(from);
      expect(before.stock).toEqual([from === "CANCELLED" ? 10 : 7]);

      for (const to of refused) {
        const response = await setStatus(boss.auth, order.id, to);
        const label = `${from} → ${to}: ${response.status} ${JSON.stringify(response.body)}`;
        expect(response.status, label).toBe(409);
        expect(response.body.data, label).toBeNull();
        expect(response.body.message, label).toContain(`Order ${order.id}`);
        expect(response.body.message, label).toContain(from);
        expect(await stateOf(order.id, paymentIntentId, [p.id]), label).toEqual(before);
      }
      expect((await ownerView(user, order.id))!.status).toBe(from);
    });
  }
});

describe("PUT /orders/order/{orderId}/status: cancelling", () => {
  for (const from of ["PENDING", "PROCESSING"] as const) {
    it(`cancels a ${from} order: the stock comes back once, the payment and the test intent are refunded`, async () => {
      const user = await shopper();
      const p = await product({ priceCents: 1999, inventory: 10 });
      const q = await product({ priceCents: 550, inventory: 4 });
      const bystander = await product({ inventory: 7 });
      const { order, paymentIntentId } = await placedOrder(user, [
        [p.id, 2],
        [q.id, 4],
      ]);
      await advance(order.id, PATH_TO[from]);
      expect(await inventoryOf(p.id)).toBe(8);
      expect(await inventoryOf(q.id)).toBe(0);
      // stock moves meanwhile: the return adds to what is there now
      await database.db.update(products).set({ inventory: 5 }).where(eq(products.id, p.id));

      const response = await setStatus(boss.auth, order.id, "CANCELLED");
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      expect(response.body.data).toEqual({ ...order, status: "CANCELLED" });
      expect(response.body.message).toContain(`Order ${order.id}`);
      expect(response.body.message).toMatch(/refund/i);
      expect(response.body.message).not.toMatch(/failed/i);
      expect(response.body.message).toContain("$61.98");

      expect(await inventoryOf(p.id)).toBe(7);
      expect(await inventoryOf(q.id)).toBe(4);
      expect(await inventoryOf(bystander.id)).toBe(7);
      const payment = await paymentRow(paymentIntentId);
      expect(payment.status).toBe("refunded");
      expect(payment.failureMessage).toContain(`order ${order.id}`);
      expect((await testIntentRow(paymentIntentId)).status).toBe("refunded");
      expect((await orderRow(order.id)).status).toBe("CANCELLED");
      expect((await ownerView(user, order.id))!.status).toBe("CANCELLED");
      const listed = await listAll("?status=CANCELLED&size=100");
      expect(listed.body.data.content.map((o) => o.id)).toContain(order.id);

      // a second cancel is refused and returns nothing more
      const after = await stateOf(order.id, paymentIntentId, [p.id, q.id]);
      const again = await setStatus(boss.auth, order.id, "CANCELLED");
      expect(again.status, JSON.stringify(again.body)).toBe(409);
      expect(again.body.data).toBeNull();
      expect(again.body.message).toEqual(expect.any(String));
      expect(await stateOf(order.id, paymentIntentId, [p.id, q.id])).toEqual(after);
      expect(await inventoryOf(p.id)).toBe(7);
      expect(await inventoryOf(q.id)).toBe(4);
    });
  }

  it("two cancels of one order at the same time: one 200 and one 409, the stock comes back once", async () => {
    const user = await shopper();
    const p = await product({ inventory: 10 });
    const { order, paymentIntentId } = await placedOrder(user, [[p.id, 3]]);
    const [a, b] = await Promise.all([
      setStatus(boss.auth, order.id, "CANCELLED"),
      setStatus(boss.auth, order.id, "CANCELLED"),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    expect(await inventoryOf(p.id)).toBe(10);
    expect((await orderRow(order.id)).status).toBe("CANCELLED");
    expect((await paymentRow(paymentIntentId)).status).toBe("refunded");
    expect((await testIntentRow(paymentIntentId)).status).toBe("refunded");
  });

  it("a cancel racing a ship: exactly one wins and the stock matches the outcome", async () => {
    const user = await shopper();
    const p = await product({ inventory: 10 });
    const { order, paymentIntentId } = await placedOrder(user, [[p.id, 3]]);
    await advance(order.id, ["PROCESSING"]);
    const [cancel, ship] = await Promise.all([
      setStatus(boss.auth, order.id, "CANCELLED"),
      setStatus(boss.auth, order.id, "SHIPPED"),
    ]);
    expect([cancel.status, ship.status].sort()).toEqual([200, 409]);
    const final = (await orderRow(order.id)).status;
    if (cancel.status === 200) {
      expect(final).toBe("CANCELLED");
      expect(await inventoryOf(p.id)).toBe(10);
      expect((await paymentRow(paymentIntentId)).status).toBe("refunded");
    } else {
      expect(final).toBe("SHIPPED");
      expect(await inventoryOf(p.id)).toBe(7);
      expect((await paymentRow(paymentIntentId)).status).toBe("succeeded");
    }
  });

  it("refuses to cancel a SHIPPED or DELIVERED order (409): no stock back, no refund", async () => {
    const user = await shopper();
    const p = await product({ inventory: 10 });
    for (const from of ["SHIPPED", "DELIVERED"] as const) {
      const { order, paymentIntentId } = await placedOrder(user, [[p.id, 2]]);
      await advance(order.id, PATH_TO[from]);
      const before = await stateOf(order.id, paymentIntentId, [p.id]);
      const response = await setStatus(boss.auth, order.id, "CANCELLED");
      expect(response.status, `${from}: ${JSON.stringify(response.body)}`).toBe(409);
      expect(response.body.data).toBeNull();
      expect(response.body.message).toContain(from);
      expect(await stateOf(order.id, paymentIntentId, [p.id])).toEqual(before);
      expect(before.payment.status).toBe("succeeded");
      expect(before.intent.status).toBe("succeeded");
    }
    expect(await inventoryOf(p.id)).toBe(6);
  });

  it("skips the lines of a deleted product and returns the others' stock, without an error", async () => {
    const user = await shopper();
    const kept = await product({ priceCents: 1000, inventory: 10 });
    const doomed = await product({ priceCents: 2500, inventory: 10 });
    const { order, paymentIntentId } = await placedOrder(user, [
      [kept.id, 2],
      [doomed.id, 3],
    ]);
    const deleted = await api.json(`/products/product/${doomed.id}/delete`, { method: "DELETE", headers: boss.auth });
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    expect(await inventoryOf(doomed.id)).toBeUndefined();

    const response = await setStatus(boss.auth, order.id, "CANCELLED");
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.message).toMatch(/refund/i);
    expect(response.body.message).not.toMatch(/failed/i);
    expect(response.body.data!.status).toBe("CANCELLED");
    expect([...response.body.data!.items].sort((x, y) => x.quantity - y.quantity)).toEqual([
      { productId: kept.id, productName: kept.name, productBrand: kept.brand, quantity: 2, price: 10 },
      { productId: null, productName: doomed.name, productBrand: doomed.brand, quantity: 3, price: 25 },
    ]);
    expect(await inventoryOf(kept.id)).toBe(10);
    // the deleted product is not brought back
    expect(await database.db.select().from(products).where(eq(products.id, doomed.id))).toEqual([]);
    expect((await paymentRow(paymentIntentId)).status).toBe("refunded");
    expect((await testIntentRow(paymentIntentId)).status).toBe("refunded");
    expect((await orderRow(order.id)).status).toBe("CANCELLED");
  });

  it("still cancels and returns the stock when the refund fails, and says so", async () => {
    const user = await shopper();
    const p = await product({ priceCents: 1000, inventory: 10 });
    const { order, paymentIntentId } = await placedOrder(user, [[p.id, 2]]);
    // the provider no longer knows the payment: its refund throws
    await database.db.delete(testPaymentIntents).where(eq(testPaymentIntents.id, paymentIntentId));
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    let logs: unknown[][] = [];
    const response = await setStatus(boss.auth, order.id, "CANCELLED").finally(() => {
      logs = [...logged.mock.calls];
      logged.mockRestore();
    });
    // the failure is logged for the operator
    expect(logs.some((args) => String(args[0]).includes(`order ${order.id}`))).toBe(true);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.data!.status).toBe("CANCELLED");
    expect(response.body.message).toMatch(/refund failed/i);
    expect(await inventoryOf(p.id)).toBe(10);
    // not marked refunded when no money went back
    expect((await paymentRow(paymentIntentId)).status).toBe("succeeded");
  });
});

describe("PUT /orders/order/{orderId}/status: unknown orders and invalid statuses", () => {
  it("answers 404 for an order that does not exist, changing nothing", async () => {
    const total = await countOrders();
    const [{ maxId }] = (await database.db
      .select({ maxId: sql<number>`coalesce(max(${orders.id}), 0)` })
      .from(orders)) as [{ maxId: number }];
    for (const status of ["PROCESSING", "CANCELLED"]) {
      const response = await setStatus(boss.auth, Number(maxId) + 1000, status);
      expect(response.status, JSON.stringify(response.body)).toBe(404);
      expect(response.body.data).toBeNull();
      expect(response.body.message).toEqual(expect.any(String));
    }
    const form = await setStatusForm(boss.auth, Number(maxId) + 1000, new URLSearchParams({ status: "PROCESSING" }));
    expect(form.status).toBe(404);
    expect(await countOrders()).toBe(total);
  });

  it("answers 422 with errors.status for a missing or unknown status, changing nothing", async () => {
    const user = await shopper();
    const p = await product({ inventory: 10 });
    const { order, paymentIntentId } = await placedOrder(user, [[p.id, 1]]);
    const before = await stateOf(order.id, paymentIntentId, [p.id]);
    const bodies: unknown[] = [
      { status: "LOST" },
      { status: "processing" },
      { status: "" },
      { status: 1 },
      { status: null },
      {},
    ];
    for (const body of bodies) {
      const response = await api.json<Envelope<null>>(`/orders/order/${order.id}/status`, json("PUT", body, boss.auth));
      const label = `${JSON.stringify(body)} → ${response.status} ${JSON.stringify(response.body)}`;
      expect(response.status, label).toBe(422);
      expect(response.body.data, label).toBeNull();
      expect(Object.keys(response.body.errors ?? {}), label).toContain("status");
    }
    expect(await stateOf(order.id, paymentIntentId, [p.id])).toEqual(before);
    expect(before.order.status).toBe("PENDING");
  });

  it("answers 400 for an order id that is not a positive whole number", async () => {
    for (const id of ["abc", "0", "-1", "1.5"]) {
      const response = await api.json(`/orders/order/${id}/status`, json("PUT", { status: "PROCESSING" }, boss.auth));
      expect(response.status, `${id}: ${JSON.stringify(response.body)}`).toBe(400);
      expect(response.body.data).toBeNull();
    }
  });
});
