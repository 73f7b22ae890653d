import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { productOptions, productVariants, stockAlerts } from "~/db/schema";
import { exportAccountData } from "~/services/accounts/data-export.server";
import { ROLE_USER } from "~/services/access";
import { cancelMyStockAlert, confirmToken, listMyStockAlerts } from "~/services/stock-alerts/stock-alerts.server";
import { useAdminOrders } from "../support/admin-orders";
import { useApiServer } from "../support/api-server";
import { word } from "../support/factories";
import { json, type Auth, type Envelope } from "../support/requests";
import { useTestDatabase } from "../support/test-db";

// A shopper's back-in-stock alerts and the account (docs/decisions/0046-back-in-stock-alerts.md, its addendum): a
// signed-in subscription activates a visitor's pending row for the address; the account's list, its cancel and
// "Download my data" are the alerts it made signed in (registering does not prove an address, so a visitor's alerts
// for it stay the visitor's: their mails' links stop them).

const database = useTestDatabase();
const api = useApiServer();
const { shopper, product } = useAdminOrders(api, database);

const post = <T>(path: string, body: unknown, auth: Auth = {}) => api.json<Envelope<T>>(path, json("POST", body, auth));
const subscribe = (productId: number, body: unknown, auth: Auth = {}) =>
  post<{ status: string }>(`/products/product/${productId}/stock-alerts`, body, auth);

/** A sold-out product with a second, sold-out variant: the product's and that variant's ids. */
async function soldOut() {
  const p = await product({ inventory: 0 });
  await database.db
    .insert(productOptions)
    .values({ productId: p.id, position: 1, name: "Colour", values: ["Red", "Blue"] });
  await database.db.update(productVariants).set({ option1: "Red" }).where(eq(productVariants.id, p.variantId));
  const [blue] = await database.db
    .insert(productVariants)
    .values({ productId: p.id, sku: `BLUE-${word()}`, priceCents: 4999, inventory: 0, option1: "Blue", position: 1 })
    .returning();
  return { productId: p.id, productName: p.name, blue: blue!.id, sku: blue!.sku };
}

const rowsOf = (email: string) =>
  database.db.select().from(stockAlerts).where(eq(stockAlerts.email, email.toLowerCase()));

describe("a signed-in subscription meeting a visitor's pending row for the address", () => {
  it("activates that row: the answer 'active' is what the database holds", async () => {
    const user = await shopper();
    const { productId, blue } = await soldOut();
    const asVisitor = await subscribe(productId, { variantId: blue, email: user.email.toUpperCase() });
    expect(asVisitor.status, JSON.stringify(asVisitor.body)).toBe(202);
    expect((await rowsOf(user.email)).map((row) => row.status)).toEqual(["pending"]);

    const signedIn = await subscribe(productId, { variantId: blue }, user.auth);
    expect(signedIn.body.data).toEqual({ status: "active" });
    const rows = await rowsOf(user.email);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: "active", userId: user.id, variantId: blue });
    expect(rows[0]!.mailSubject).toContain("back in stock");
  });
});

describe("the account's alerts", () => {
  it("are those it made signed in: listed, cancelled, in its data; a visitor's for its address is not (the account's address is not proven)", async () => {
    const user = await shopper();
    const actor = { id: user.id, roles: [ROLE_USER] };
    const first = await soldOut();
    const second = await soldOut();
    const third = await soldOut();
    await subscribe(first.productId, { variantId: first.blue }, user.auth);
    await subscribe(third.productId, {}, user.auth);
    // as a visitor with the account's address, confirmed through the mailed link: the visitor's, not the account's
    await subscribe(second.productId, { email: user.email.toUpperCase() });
    const [visitors] = await database.db.select().from(stockAlerts).where(eq(stockAlerts.productId, second.productId));
    expect(visitors!.userId).toBeNull();
    const confirmed = await post(`/stock-alerts/confirm`, { token: confirmToken(visitors!.id) });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);

    const { alerts } = await listMyStockAlerts({ actor, db: database.db });
    expect(alerts.map((alert) => [alert.productId, alert.variantId])).toEqual([
      [first.productId, first.blue],
      [third.productId, null],
    ]);
    await expect(cancelMyStockAlert({ actor, alertId: visitors!.id, db: database.db })).rejects.toThrow(/not found/i);
    const [still] = await database.db.select().from(stockAlerts).where(eq(stockAlerts.id, visitors!.id));
    expect(still!.status).toBe("active");
    // a stranger neither sees nor cancels the account's
    const stranger = await shopper();
    const strangerActor = { id: stranger.id, roles: [ROLE_USER] };
    expect((await listMyStockAlerts({ actor: strangerActor, db: database.db })).alerts).toEqual([]);
    const [thirds] = await database.db.select().from(stockAlerts).where(eq(stockAlerts.productId, third.productId));
    await expect(cancelMyStockAlert({ actor: strangerActor, alertId: thirds!.id, db: database.db })).rejects.toThrow(
      /not found/i,
    );

    await cancelMyStockAlert({ actor, alertId: thirds!.id, db: database.db });
    expect((await listMyStockAlerts({ actor, db: database.db })).alerts).toHaveLength(1);

    // "Download my data": the account's two, with their states and dates, no link tokens
    const data = await exportAccountData({ actor, userId: user.id, db: database.db });
    expect(data.stockAlerts).toEqual([
      {
        productId: first.productId,
        productName: first.productName,
        variantId: first.blue,
        variantSku: first.sku,
        state: "active",
        createdAt: expect.any(String),
        confirmedAt: expect.any(String),
        notifiedAt: null,
        unsubscribedAt: null,
      },
      {
        productId: third.productId,
        productName: third.productName,
        variantId: null,
        variantSku: null,
        state: "unsubscribed",
        createdAt: expect.any(String),
        confirmedAt: expect.any(String),
        notifiedAt: null,
        unsubscribedAt: expect.any(String),
      },
    ]);
    expect(JSON.stringify(data.stockAlerts)).not.toMatch(/token|mail/i);
    expect(
      (await exportAccountData({ actor: strangerActor, userId: stranger.id, db: database.db })).stockAlerts,
    ).toEqual([]);
  });
});
