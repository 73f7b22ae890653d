import { and, eq, inArray } from "drizzle-orm";
import { describe, expect, it, onTestFinished } from "vitest";
import { mailOutbox, productOptions, products, productVariants, stockAlerts } from "~/db/schema";
import { getConfig, setConfig, type RateLimitConfig } from "~/lib/env.server";
import { confirmToken, unsubscribeToken } from "~/services/stock-alerts/stock-alerts.server";
import { PASSWORD } from "../support/accounts";
import { useAdminOrders } from "../support/admin-orders";
import { useApiServer } from "../support/api-server";
import { word } from "../support/factories";
import { mailsTo, tokenIn } from "../support/mail-outbox";
import { json, type Auth, type Envelope } from "../support/requests";
import { useTestDatabase } from "../support/test-db";

// Back-in-stock alerts (docs/decisions/0046-back-in-stock-alerts.md) over /api/v1: a visitor's double opt-in, a
// signed-in shopper's one step, the mail queued by the restock's own transaction whatever writes the stock (the
// trigger of migration 0027), once per subscription, the unsubscribe link, the limits and hostile input.

const database = useTestDatabase();
const api = useApiServer();
const { boss, shopper, product, placedOrder, advance } = useAdminOrders(api, database);

const post = <T>(path: string, body: unknown, auth: Auth = {}) => api.json<Envelope<T>>(path, json("POST", body, auth));
const subscribe = (productId: number, body: unknown, auth: Auth = {}) =>
  post<{ status: string }>(`/products/product/${productId}/stock-alerts`, body, auth);
const email = () => `alert-${word()}@example.com`;

async function setStock(productId: number, variantId: number, inventory: number) {
  const response = await api.json(
    `/products/${productId}/stock`,
    json("PUT", { variants: [{ id: variantId, inventory }] }, boss.auth),
  );
  expect(response.status, JSON.stringify(response.body)).toBe(200);
}

function limits(overrides: Partial<RateLimitConfig>) {
  const config = getConfig();
  setConfig({ ...config, trustProxy: true, rateLimits: { ...config.rateLimits, ...overrides } });
  onTestFinished(() => setConfig(undefined));
}

/** A sold-out product sold in two forms (Red in stock, Blue sold out): its Blue variant's id. */
async function twoColours() {
  const p = await product({ inventory: 0 });
  await database.db
    .insert(productOptions)
    .values({ productId: p.id, position: 1, name: "Colour", values: ["Red", "Blue"] });
  await database.db
    .update(productVariants)
    .set({ option1: "Red", inventory: 3 })
    .where(eq(productVariants.id, p.variantId));
  const [blue] = await database.db
    .insert(productVariants)
    .values({ productId: p.id, sku: `BLUE-${word()}`, priceCents: 4999, inventory: 0, option1: "Blue", position: 1 })
    .returning();
  return { productId: p.id, red: p.variantId, blue: blue!.id };
}

describe("a visitor", () => {
  it("confirms through the mailed link first; the restock then mails once, with a working unsubscribe link", async () => {
    const p = await product({ inventory: 0 });
    const to = email();
    const asked = await subscribe(p.id, { email: to.toUpperCase() });
    expect(asked.status, JSON.stringify(asked.body)).toBe(202);
    expect(asked.body.data).toEqual({ status: "confirm" });
    const confirmations = await mailsTo(database.db, to, "stock-alert-confirm");
    expect(confirmations).toHaveLength(1);
    expect(confirmations[0]!.textBody).toContain("/stock-alerts/unsubscribe?token=");
    // nothing is subscribed before the link is opened: a restock mails nobody
    await setStock(p.id, p.variantId, 2);
    await setStock(p.id, p.variantId, 0);
    expect(await mailsTo(database.db, to, "back-in-stock")).toHaveLength(0);

    const token = tokenIn(confirmations[0]!, "/stock-alerts/confirm");
    expect((await post(`/stock-alerts/confirm`, { token: `${token}x` })).status).toBe(422);
    const confirmed = await post<{ productId: number; inStock: boolean }>(`/stock-alerts/confirm`, { token });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    expect(confirmed.body.data).toEqual({ productId: p.id, inStock: false });
    expect((await post(`/stock-alerts/confirm`, { token })).status).toBe(200);

    // asking again while subscribed: the same answer, no second confirmation mail
    const again = await subscribe(p.id, { email: to });
    expect(again.status).toBe(202);
    expect(again.body.message).toBe(asked.body.message);
    expect(await mailsTo(database.db, to, "stock-alert-confirm")).toHaveLength(1);

    await setStock(p.id, p.variantId, 5);
    const alerts = await mailsTo(database.db, to, "back-in-stock");
    expect(alerts).toHaveLength(1);
    expect(alerts[0]!.subject).toContain("is back in stock");
    expect(alerts[0]!.textBody).toContain(`/product/${p.id}/details`);
    expect(alerts[0]!.messageId).toMatch(/^<\w+@[\w.-]+>$/);
    // sold out and back again: the subscription was used up
    await setStock(p.id, p.variantId, 0);
    await setStock(p.id, p.variantId, 4);
    expect(await mailsTo(database.db, to, "back-in-stock")).toHaveLength(1);

    const off = tokenIn(alerts[0]!, "/stock-alerts/unsubscribe");
    expect(
      (await post(`/stock-alerts/unsubscribe`, { token: off.slice(0, -1) + (off.endsWith("A") ? "B" : "A") })).status,
    ).toBe(422);
    expect((await post(`/stock-alerts/unsubscribe`, { token: off })).status).toBe(200);
    expect((await post(`/stock-alerts/unsubscribe`, { token: off })).status).toBe(200);
  });

  it("unsubscribing before the restock: no mail", async () => {
    const p = await product({ inventory: 0 });
    const to = email();
    await subscribe(p.id, { email: to });
    const [mail] = await mailsTo(database.db, to, "stock-alert-confirm");
    await post(`/stock-alerts/confirm`, { token: tokenIn(mail!, "/stock-alerts/confirm") });
    expect(
      (await post(`/stock-alerts/unsubscribe`, { token: tokenIn(mail!, "/stock-alerts/unsubscribe") })).status,
    ).toBe(200);
    await setStock(p.id, p.variantId, 5);
    expect(await mailsTo(database.db, to, "back-in-stock")).toHaveLength(0);
    const rows = await database.db.select().from(stockAlerts).where(eq(stockAlerts.email, to));
    expect(rows.map((r) => r.status)).toEqual(["unsubscribed"]);
  });

  it("confirming after it came back: done at once, nothing mailed; an expired link is 410", async () => {
    const p = await product({ inventory: 0 });
    const to = email();
    await subscribe(p.id, { email: to });
    const [mail] = await mailsTo(database.db, to, "stock-alert-confirm");
    await setStock(p.id, p.variantId, 1);
    const late = await post<{ inStock: boolean }>(`/stock-alerts/confirm`, {
      token: tokenIn(mail!, "/stock-alerts/confirm"),
    });
    expect(late.body.data).toEqual({ productId: p.id, inStock: true });
    await setStock(p.id, p.variantId, 0);
    await setStock(p.id, p.variantId, 1);
    expect(await mailsTo(database.db, to, "back-in-stock")).toHaveLength(0);

    await setStock(p.id, p.variantId, 0);
    const old = email();
    await subscribe(p.id, { email: old });
    const [row] = await database.db.select().from(stockAlerts).where(eq(stockAlerts.email, old));
    await database.db
      .update(stockAlerts)
      .set({ createdAt: new Date(Date.now() - 8 * 86_400_000) })
      .where(eq(stockAlerts.id, row!.id));
    expect((await post(`/stock-alerts/confirm`, { token: confirmToken(row!.id) })).status).toBe(410);
    // asking again mails a link that works (its week counts from now)
    expect((await subscribe(p.id, { email: old })).status).toBe(202);
    const again = (await mailsTo(database.db, old, "stock-alert-confirm")).at(-1)!;
    const confirmed = await post(`/stock-alerts/confirm`, { token: tokenIn(again, "/stock-alerts/confirm") });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
  });

  it("is refused with clear errors: no address, a bad one, a huge body, an item in stock, no such product", async () => {
    const p = await product({ inventory: 0 });
    const none = await subscribe(p.id, {});
    expect(none.status).toBe(422);
    expect(none.body.errors?.email).toBeDefined();
    for (const bad of [
      "not-an-email",
      "a@b",
      "x@example.invalid",
      `${"a".repeat(300)}@example.com`,
      "<script>@x.com",
    ]) {
      const refused = await subscribe(p.id, { email: bad });
      expect(refused.status, bad).toBe(422);
      expect(refused.body.errors?.email, bad).toBeDefined();
    }
    const huge = await api.request(
      `/products/product/${p.id}/stock-alerts`,
      json("POST", { email: "x".repeat(2_000_000) }),
    );
    expect([413, 422]).toContain(huge.status);
    const inStock = await product({ inventory: 3 });
    expect((await subscribe(inStock.id, { email: email() })).status).toBe(409);
    expect((await subscribe(2_147_483_647, { email: email() })).status).toBe(404);
    const { productId: other } = await twoColours();
    expect((await subscribe(p.id, { email: email(), variantId: (await twoColours()).blue })).status).toBe(422);
    expect(other).toBeGreaterThan(0);
    expect((await post(`/stock-alerts/confirm`, { token: "1.abc" })).status).toBe(422);
    expect((await post(`/stock-alerts/unsubscribe`, { token: "" })).status).toBe(422);
    expect((await post(`/stock-alerts/unsubscribe`, { token: "x".repeat(5000) })).status).toBe(422);
    expect(await database.db.select().from(stockAlerts).where(eq(stockAlerts.productId, inStock.id))).toHaveLength(0);
  });
});

describe("a signed-in shopper", () => {
  it("subscribes to a sold-out variant in one step with the account's address, lists and cancels", async () => {
    const { productId, red, blue } = await twoColours();
    const user = await shopper();
    const redAsked = await subscribe(productId, { variantId: red }, user.auth);
    expect(redAsked.status).toBe(409);
    const asked = await subscribe(productId, { variantId: blue, email: "ignored@example.com" }, user.auth);
    expect(asked.status, JSON.stringify(asked.body)).toBe(202);
    expect(asked.body.data).toEqual({ status: "active" });
    expect(await mailsTo(database.db, user.email, "stock-alert-confirm")).toHaveLength(0);
    expect(await mailsTo(database.db, "ignored@example.com")).toHaveLength(0);
    const mine = await api.json<Envelope<{ alerts: Array<{ id: number; variantId: number }> }>>(`/stock-alerts`, {
      headers: user.auth,
    });
    expect(mine.body.data.alerts).toMatchObject([{ productId, variantId: blue }]);

    // restocking the other colour mails nobody; this one, once
    await setStock(productId, red, 9);
    expect(await mailsTo(database.db, user.email, "back-in-stock")).toHaveLength(0);
    await setStock(productId, blue, 2);
    const mails = await mailsTo(database.db, user.email, "back-in-stock");
    expect(mails).toHaveLength(1);
    expect(mails[0]!.textBody).toContain(`/product/${productId}/details?variant=${blue}`);
    expect(mails[0]!.textBody).toContain(unsubscribeToken(user.email));

    // another alert, cancelled from the list: another shopper cannot
    await setStock(productId, blue, 0);
    await subscribe(productId, { variantId: blue }, user.auth);
    const [open] = (
      await api.json<Envelope<{ alerts: Array<{ id: number }> }>>(`/stock-alerts`, { headers: user.auth })
    ).body.data.alerts;
    const stranger = await shopper();
    expect((await api.json(`/stock-alerts/${open!.id}`, { method: "DELETE", headers: stranger.auth })).status).toBe(
      404,
    );
    expect((await api.json(`/stock-alerts/${open!.id}`, { method: "DELETE", headers: user.auth })).status).toBe(200);
    await setStock(productId, blue, 2);
    expect(await mailsTo(database.db, user.email, "back-in-stock")).toHaveLength(1);
  });
});

describe("a deleted account", () => {
  it("ends its alerts, signed in or as a visitor with its address: a restock mails nobody, no row keeps the address", async () => {
    const p = await product({ inventory: 0 });
    const q = await product({ inventory: 0 });
    const user = await shopper();
    expect((await subscribe(p.id, {}, user.auth)).status).toBe(202);
    // the same address as a visitor, confirmed
    expect((await subscribe(q.id, { email: user.email })).status).toBe(202);
    const link = tokenIn(
      (await mailsTo(database.db, user.email, "stock-alert-confirm")).at(-1)!,
      "/stock-alerts/confirm",
    );
    expect((await post("/stock-alerts/confirm", { token: link })).status).toBe(200);
    const deleted = await post(`/users/${user.id}/delete`, { currentPassword: PASSWORD }, user.auth);
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);

    await database.db.update(productVariants).set({ inventory: 5 }).where(eq(productVariants.id, p.variantId));
    await database.db.update(productVariants).set({ inventory: 5 }).where(eq(productVariants.id, q.variantId));
    expect(await mailsTo(database.db, user.email, "back-in-stock")).toHaveLength(0);
    const rows = await database.db
      .select()
      .from(stockAlerts)
      .where(inArray(stockAlerts.productId, [p.id, q.id]));
    expect(rows.map((r) => r.status)).toEqual(["unsubscribed", "unsubscribed"]);
    expect(rows.filter((r) => r.email === user.email.toLowerCase() || r.mailText !== null)).toEqual([]);
  });
});

describe("every path that restocks", () => {
  it("mails from the restock's own transaction: a plain UPDATE, and a rolled-back one mails nobody", async () => {
    const p = await product({ inventory: 0 });
    const user = await shopper();
    await subscribe(p.id, {}, user.auth);
    await database.db
      .transaction(async (tx) => {
        await tx.update(productVariants).set({ inventory: 7 }).where(eq(productVariants.id, p.variantId));
        const queued = await tx.select().from(mailOutbox).where(eq(mailOutbox.recipient, user.email));
        expect(queued.map((m) => m.kind)).toEqual(["back-in-stock"]);
        throw new Error("roll back");
      })
      .catch((error: unknown) => expect(String(error)).toContain("roll back"));
    expect(await mailsTo(database.db, user.email, "back-in-stock")).toHaveLength(0);
    const [row] = await database.db.select().from(stockAlerts).where(eq(stockAlerts.email, user.email));
    expect(row!.status).toBe("active");
    // the product's own stock column (the admin's product form writes it) restocks too
    await database.db.update(products).set({ inventory: 4 }).where(eq(products.id, p.id));
    expect(await mailsTo(database.db, user.email, "back-in-stock")).toHaveLength(1);
    const rows = await database.db
      .select()
      .from(stockAlerts)
      .where(and(eq(stockAlerts.email, user.email), inArray(stockAlerts.status, ["notified"])));
    expect(rows).toHaveLength(1);
  });
});

describe("a cancelled order putting the last piece back", () => {
  it("mails the subscribers of the sold-out product", async () => {
    const p = await product({ inventory: 1 });
    const buyer = await shopper();
    const { order } = await placedOrder(buyer, [[p.id, 1]]);
    const waiting = await shopper();
    expect((await subscribe(p.id, {}, waiting.auth)).status).toBe(202);
    await advance(order.id, ["CANCELLED"]);
    expect(await mailsTo(database.db, waiting.email, "back-in-stock")).toHaveLength(1);
  });
});

describe("limits", () => {
  it("an address gets at most its hourly confirmation mails (the same answer beyond); a client is refused (429)", async () => {
    limits({ stockAlertsPerEmail: 2, stockAlertsPerClient: 3 });
    const p = await product({ inventory: 0 });
    const to = email();
    const from = (client: string) => ({ "x-forwarded-for": client });
    for (let i = 0; i < 4; i++) {
      const asked = await subscribe(p.id, { email: to }, from(`10.29.0.${i}`));
      expect(asked.status).toBe(202);
    }
    expect(await mailsTo(database.db, to, "stock-alert-confirm")).toHaveLength(2);
    for (let i = 0; i < 3; i++) expect((await subscribe(p.id, { email: email() }, from("10.29.1.1"))).status).toBe(202);
    const refused = await api.request(
      `/products/product/${p.id}/stock-alerts`,
      json("POST", { email: email() }, from("10.29.1.1")),
    );
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    // another client is not held back
    expect((await subscribe(p.id, { email: email() }, from("10.29.1.2"))).status).toBe(202);
  });
});
