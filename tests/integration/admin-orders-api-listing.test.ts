import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { orders } from "~/db/schema";
import type { OrderStatus } from "~/schemas/orders";
import { PATH_TO, STATUSES, useAdminOrders } from "../support/admin-orders";
import { useApiServer } from "../support/api-server";
import { useTestDatabase } from "../support/test-db";

// The admin's list of every order (GET /orders/all), and who may use the admin order endpoints, over real HTTP.

const database = useTestDatabase();
const api = useApiServer();
const helpers = useAdminOrders(api, database);
const { shopper, product, placedOrder, setStatus, setStatusForm, advance, listAll, ownerView } = helpers;
const { stateOf, countOrders } = helpers;

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
