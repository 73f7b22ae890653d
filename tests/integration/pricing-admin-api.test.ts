import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditLog, roles, shippingMethods, shippingZones, userRoles } from "~/db/schema";
import type { QuoteDto } from "~/schemas/orders";
import type { ShippingMethodDto, ShippingZoneDto, TaxRateDto } from "~/schemas/pricing-admin";
import { bearer, loginAs } from "../support/accounts";
import { useApiServer } from "../support/api-server";
import { addToCart, admin as makeAdmin, shopper as makeShopper, useCategory, type User } from "../support/checkout";
import { json, type Auth, type Envelope } from "../support/requests";
import { useTestDatabase } from "../support/test-db";

// The admin's shipping zones, methods, tax rates and tax settings over /api/v1 (decision 0035, "Admin pages for
// shipping and tax"): what they write is what checkout quotes, each write leaves one audit row, a refusal says which
// field and why (422), an unknown id is a 404, and only an admin may write (staff and shoppers 403, visitors 401).

const database = useTestDatabase();
const api = useApiServer();
const { product } = useCategory(database);

let boss: User;
let staff: User;
let shopper: User;

beforeAll(async () => {
  boss = await makeAdmin(api, database.db);
  shopper = await makeShopper(api);
  const worker = await makeShopper(api);
  await database.db.insert(roles).values({ name: "ROLE_STAFF" }).onConflictDoNothing();
  const [staffRole] = await database.db.select().from(roles).where(eq(roles.name, "ROLE_STAFF"));
  await database.db.insert(userRoles).values({ userId: worker.id, roleId: staffRole!.id });
  staff = { ...worker, auth: bearer((await loginAs(api, worker.email)).accessToken) };
});

const call = <T>(method: string, path: string, body?: unknown, auth: Auth = boss.auth) =>
  api.json<Envelope<T>>(
    path,
    method === "GET" || method === "DELETE" ? { method, headers: auth } : json(method, body, auth),
  );

const form = <T>(method: string, path: string, fields: Record<string, string>, auth: Auth = boss.auth) =>
  api.json<Envelope<T>>(path, {
    method,
    headers: { ...auth, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
  });

const auditRows = (kind: string, entityId: number | string) =>
  database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.kind, kind), eq(auditLog.entityId, String(entityId))));

describe("shipping zones and methods", () => {
  it("adds a zone with methods and a tax rate, and checkout quotes them; each write leaves an audit row", async () => {
    const zone = await call<ShippingZoneDto>("POST", "/admin/shipping/zones", {
      name: "New Zealand",
      regions: [{ country: "nz" }],
    });
    expect(zone.status, JSON.stringify(zone.body)).toBe(201);
    expect(zone.body.data).toMatchObject({
      name: "New Zealand",
      regions: [{ country: "NZ", subdivisions: [] }],
      methods: [],
    });
    const zoneId = zone.body.data.id;
    expect(await auditRows("shipping.zone.create", zoneId)).toHaveLength(1);

    const courier = await call<ShippingMethodDto>("POST", `/admin/shipping/zones/${zoneId}/methods`, {
      name: "Courier",
      rate: { kind: "flat", amount: 7.5 },
      freeOver: 100,
      deliveryTime: "2–3 business days",
    });
    expect(courier.status, JSON.stringify(courier.body)).toBe(201);
    expect(courier.body.data).toMatchObject({ rate: { kind: "flat", amount: 7.5 }, freeOver: 100, position: 0 });
    expect(await auditRows("shipping.method.create", courier.body.data.id)).toHaveLength(1);
    const [stored] = await database.db
      .select()
      .from(shippingMethods)
      .where(eq(shippingMethods.id, courier.body.data.id));
    expect(stored).toMatchObject({ rate: { kind: "flat", cents: 750 }, freeOverCents: 10_000 });

    const heavy = await call<ShippingMethodDto>("POST", `/admin/shipping/zones/${zoneId}/methods`, {
      name: "Freight",
      rate: {
        kind: "weight",
        bands: [
          { upToGrams: 1000, amount: 20 },
          { upToGrams: 5000, amount: 40 },
        ],
      },
      position: 1,
    });
    expect(heavy.status, JSON.stringify(heavy.body)).toBe(201);

    const gst = await call<TaxRateDto>("POST", "/admin/tax/rates", { country: "New Zealand", name: "GST", rate: 15 });
    expect(gst.status, JSON.stringify(gst.body)).toBe(201);
    expect(gst.body.data).toMatchObject({ country: "NZ", subdivision: "", name: "GST", rate: 15, basisPoints: 1500 });
    expect(await auditRows("tax.rate.create", gst.body.data.id)).toHaveLength(1);

    const item = await product({ priceCents: 2000, inventory: 10 });
    await addToCart(api, shopper.auth, item.id, 2);
    const quote = await call<QuoteDto>("GET", `/carts/user/${shopper.id}/quote?country=NZ`, undefined, shopper.auth);
    expect(quote.status).toBe(200);
    expect(quote.body.data).toMatchObject({
      subtotal: 40,
      shipping: { method: "Courier", amount: 7.5 },
      taxes: [{ name: "GST", rate: 15, amount: 6 }],
      total: 53.5,
      shippable: true,
    });
    expect(quote.body.data.methods.map((m) => m.name)).toEqual(["Courier", "Freight"]);

    const list = await call<ShippingZoneDto[]>("GET", "/admin/shipping/zones");
    const listed = list.body.data.find((z) => z.id === zoneId)!;
    expect(listed.methods.map((m) => m.name)).toEqual(["Courier", "Freight"]);

    // changed: the quote follows, and the row keeps before and after
    const cheaper = await call<ShippingMethodDto>("PUT", `/admin/shipping/methods/${courier.body.data.id}`, {
      name: "Courier",
      rate: {
        kind: "subtotal",
        bands: [
          { from: 0, amount: 9 },
          { from: 30, amount: 4 },
        ],
      },
      deliveryTime: "2–3 business days",
    });
    expect(cheaper.status, JSON.stringify(cheaper.body)).toBe(200);
    const [updated] = await auditRows("shipping.method.update", courier.body.data.id);
    expect(updated).toMatchObject({ before: { rate: { kind: "flat" } }, after: { rate: { kind: "subtotal" } } });
    const requoted = await call<QuoteDto>("GET", `/carts/user/${shopper.id}/quote?country=NZ`, undefined, shopper.auth);
    expect(requoted.body.data.shipping).toMatchObject({ method: "Courier", amount: 4 });

    // deleting the zone takes its methods; the country is then served by no zone
    expect((await call("DELETE", `/admin/shipping/zones/${zoneId}`)).status).toBe(200);
    expect(await database.db.select().from(shippingMethods).where(eq(shippingMethods.zoneId, zoneId))).toEqual([]);
    const [deleted] = await auditRows("shipping.zone.delete", zoneId);
    expect(deleted!.before).toMatchObject({ name: "New Zealand", methods: [{ name: "Courier" }, { name: "Freight" }] });
    expect((await call("DELETE", `/admin/tax/rates/${gst.body.data.id}`)).status).toBe(200);
    expect(await auditRows("tax.rate.delete", gst.body.data.id)).toHaveLength(1);
  });

  it("reads the pages' forms: regions as text, a method's bands as lines", async () => {
    const zone = await form<ShippingZoneDto>("POST", "/admin/shipping/zones", {
      name: "North America",
      regions: "CA: ON, QC\nMX",
      position: "3",
    });
    expect(zone.status, JSON.stringify(zone.body)).toBe(201);
    expect(zone.body.data).toMatchObject({
      regions: [
        { country: "CA", subdivisions: ["ON", "QC"] },
        { country: "MX", subdivisions: [] },
      ],
      position: 3,
    });
    const method = await form<ShippingMethodDto>("POST", `/admin/shipping/zones/${zone.body.data.id}/methods`, {
      name: "Ground",
      rateKind: "weight",
      bands: "500: 6.50\n2000 12",
      freeOver: "",
      deliveryTime: "",
    });
    expect(method.status, JSON.stringify(method.body)).toBe(201);
    expect(method.body.data).toMatchObject({
      rate: {
        kind: "weight",
        bands: [
          { upToGrams: 500, amount: 6.5 },
          { upToGrams: 2000, amount: 12 },
        ],
      },
      freeOver: null,
    });
    const settings = await form<{ pricesIncludeTax: boolean; taxShipping: boolean }>("PUT", "/admin/tax/settings", {
      taxShipping: "on",
    });
    expect(settings.body.data).toEqual({ pricesIncludeTax: false, taxShipping: true });
    await call("DELETE", `/admin/shipping/zones/${zone.body.data.id}`);
  });

  it("refuses what cannot be right, by field: an unknown country, a negative price, bands out of order, overlaps", async () => {
    const unknown = await call("POST", "/admin/shipping/zones", { name: "Nowhere", regions: [{ country: "ZZ" }] });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors?.["regions.0.country"]?.[0]).toMatch(/ZZ is not a country/);
    expect((await call("POST", "/admin/shipping/zones", { name: "Empty", regions: [] })).body.errors?.regions).toEqual([
      "Name at least one country",
    ]);

    const us = await call<ShippingZoneDto>("POST", "/admin/shipping/zones", {
      name: "United States",
      regions: [{ country: "US" }],
    });
    const west = await call<ShippingZoneDto>("POST", "/admin/shipping/zones", {
      name: "US West",
      regions: [{ country: "US", subdivisions: ["OR", "WA"] }],
    });
    // a country in one zone and some of its states in another: the states' zone serves them
    expect(west.status, JSON.stringify(west.body)).toBe(201);
    const again = await call("POST", "/admin/shipping/zones", {
      name: "USA",
      regions: [{ country: "US" }, { country: "FR" }],
    });
    expect(again.status).toBe(422);
    expect(again.body.errors?.regions).toEqual(["US is already in the zone United States"]);
    const state = await call("PUT", `/admin/shipping/zones/${us.body.data.id}`, {
      name: "United States",
      regions: [{ country: "US", subdivisions: ["WA", "ID"] }],
    });
    expect(state.status).toBe(422);
    expect(state.body.errors?.regions).toEqual(["US-WA already in the zone US West"]);
    // a zone may keep its own places when it is saved again
    const same = await call("PUT", `/admin/shipping/zones/${us.body.data.id}`, {
      name: "USA",
      regions: [{ country: "US" }],
    });
    expect(same.status, JSON.stringify(same.body)).toBe(200);

    const negative = await call("POST", `/admin/shipping/zones/${us.body.data.id}/methods`, {
      name: "Standard",
      rate: { kind: "flat", amount: -5 },
    });
    expect(negative.status).toBe(422);
    expect(negative.body.errors?.["rate.amount"]).toEqual(["Price must be 0 or more"]);
    const bands = await form("POST", `/admin/shipping/zones/${us.body.data.id}/methods`, {
      name: "Banded",
      rateKind: "subtotal",
      bands: "10: 5\n5: 3",
    });
    expect(bands.status).toBe(422);
    expect(bands.body.errors?.["rate.bands"]).toEqual([
      "The first band starts at a subtotal of 0",
      "Each band starts above the one before it",
    ]);
    const kind = await call("POST", `/admin/shipping/zones/${us.body.data.id}/methods`, {
      name: "X",
      rate: { kind: "free" },
    });
    expect(kind.status).toBe(422);

    const rate = await call("POST", "/admin/tax/rates", {
      country: "US",
      subdivision: "Oregon",
      name: "Tax",
      rate: 120,
    });
    expect(rate.status).toBe(422);
    expect(Object.keys(rate.body.errors ?? {}).sort()).toEqual(["rate", "subdivision"]);
    const tx = await call<TaxRateDto>("POST", "/admin/tax/rates", {
      country: "US",
      subdivision: "tx",
      name: "Sales tax (TX)",
      rate: 6.25,
    });
    expect(tx.body.data).toMatchObject({ subdivision: "TX", basisPoints: 625 });
    const twice = await call("POST", "/admin/tax/rates", {
      country: "US",
      subdivision: "TX",
      name: "Sales tax (TX)",
      rate: 7,
    });
    expect(twice.status).toBe(422);
    expect(twice.body.errors?.name?.[0]).toMatch(/US-TX already has a rate named Sales tax \(TX\)/);

    // refused writes leave nothing behind
    expect(await database.db.select().from(shippingZones).where(eq(shippingZones.name, "USA"))).toHaveLength(1);
    await call("DELETE", `/admin/shipping/zones/${us.body.data.id}`);
    await call("DELETE", `/admin/shipping/zones/${west.body.data.id}`);
    await call("DELETE", `/admin/tax/rates/${tx.body.data.id}`);
  });

  it("gives a country to one zone only when two admins add it at once", async () => {
    const answers = await Promise.all(
      ["Brazil A", "Brazil B", "Brazil C"].map((name) =>
        call<ShippingZoneDto>("POST", "/admin/shipping/zones", { name, regions: [{ country: "BR" }] }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 422, 422]);
    const made = answers.find((a) => a.status === 201)!.body.data;
    await call("DELETE", `/admin/shipping/zones/${made.id}`);
  });

  it("answers 404 in JSON for a zone, method or rate that is not there", async () => {
    const zone = { name: "Gone", regions: [{ country: "IS" }] };
    for (const [method, path, body] of [
      ["PUT", "/admin/shipping/zones/2147483647", zone],
      ["DELETE", "/admin/shipping/zones/2147483647", undefined],
      ["POST", "/admin/shipping/zones/2147483647/methods", { name: "A", rate: { kind: "flat", amount: 1 } }],
      ["PUT", "/admin/shipping/methods/2147483647", { name: "A", rate: { kind: "flat", amount: 1 } }],
      ["DELETE", "/admin/shipping/methods/2147483647", undefined],
      ["PUT", "/admin/tax/rates/2147483647", { country: "IS", name: "VAT", rate: 24 }],
      ["DELETE", "/admin/tax/rates/2147483647", undefined],
    ] as const) {
      const answer = await call(method, path, body);
      expect(answer.status, `${method} ${path}`).toBe(404);
      expect(answer.body).toMatchObject({ data: null });
    }
  });
});

describe("the shop's tax settings", () => {
  it("are the defaults until saved; an admin saves them (audited); staff, shoppers and visitors may not", async () => {
    const before = await call("GET", "/admin/tax/settings");
    expect(before.status).toBe(200);
    const saved = await call("PUT", "/admin/tax/settings", { pricesIncludeTax: true, taxShipping: true });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data).toEqual({ pricesIncludeTax: true, taxShipping: true });
    const [row] = (await auditRows("settings.update", "pricing")).slice(-1);
    expect(row).toMatchObject({ actorId: boss.id, after: { pricesIncludeTax: true, taxShipping: true } });

    const settings = { pricesIncludeTax: false, taxShipping: false };
    expect((await call("PUT", "/admin/tax/settings", settings, staff.auth)).status).toBe(403);
    expect((await call("PUT", "/admin/tax/settings", settings, shopper.auth)).status).toBe(403);
    expect((await call("PUT", "/admin/tax/settings", settings, {})).status).toBe(401);
    expect((await call("GET", "/admin/shipping/zones", undefined, staff.auth)).status).toBe(403);
    expect((await call("POST", "/admin/tax/rates", { country: "DE", name: "VAT", rate: 19 }, staff.auth)).status).toBe(
      403,
    );
    expect((await call("GET", "/admin/tax/settings")).body.data).toEqual({ pricesIncludeTax: true, taxShipping: true });
    await call("PUT", "/admin/tax/settings", settings);
  });
});
