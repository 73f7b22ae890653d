import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  categories,
  products,
  roles,
  shippingMethods,
  shippingZones,
  shopSettings,
  taxRates,
  userRoles,
  users,
} from "~/db/schema";
import { seedDemoCatalogue } from "~/server/seed/seed.server";
import { ensureAdminAccount } from "~/services/accounts/admin-bootstrap.server";
import { seedCategories, seedProducts } from "~/server/seed/catalogue";
import { SEED_PRICING_SETTINGS, SEED_SHIPPING_ZONES, SEED_TAX_RATES } from "~/server/seed/pricing";
import { word } from "../support/factories";
import { useTestDatabase } from "../support/test-db";

// Several app instances starting together on one fresh database (on PostgreSQL the calls below really run at the
// same time, each on a connection of the pool; on PGlite they take turns).
const database = useTestDatabase();
const INSTANCES = 6;

async function count(
  table: typeof users | typeof categories | typeof products | typeof taxRates | typeof shippingMethods,
  where = sql`true`,
) {
  const [row] = await database.db
    .select({ n: sql<number>`count(*)::int` })
    .from(table)
    .where(where);
  return row!.n;
}

describe("start-up of several instances at once", () => {
  // first: the seed wants a shop with no users, categories or products
  it("writes the demo catalogue once when two seeds race on an empty shop", async () => {
    const results = await Promise.all([
      seedDemoCatalogue(database.db, { withImages: false, onlyIfEmpty: true }),
      seedDemoCatalogue(database.db, { withImages: false, onlyIfEmpty: true }),
    ]);
    expect(results.map((r) => r.written).sort()).toEqual([false, true]);
    expect(await count(categories)).toBe(seedCategories.length);
    expect(await count(products)).toBe(seedProducts.length);
    // and its shipping and tax once (app/server/seed/pricing.ts)
    expect(await count(taxRates)).toBe(SEED_TAX_RATES.length);
    expect(await count(shippingMethods)).toBe(SEED_SHIPPING_ZONES.flatMap((zone) => zone.methods).length);
    const zones = await database.db.select().from(shippingZones).orderBy(shippingZones.position);
    expect(zones.map((zone) => zone.name)).toEqual(SEED_SHIPPING_ZONES.map((zone) => zone.name));
    // the catch-all names every country but the United States, each once
    const everywhere = zones[1]!.regions.map((region) => region.country);
    expect(everywhere).not.toContain("US");
    expect(everywhere).toContain("NZ");
    expect(new Set(everywhere).size).toBe(everywhere.length);
    const [settings] = await database.db.select().from(shopSettings);
    expect(settings).toMatchObject(SEED_PRICING_SETTINGS);
  });

  it(`creates exactly one admin account with both roles when ${INSTANCES} instances ensure it at once`, async () => {
    const email = `admin-${word()}@example.com`;
    const results = await Promise.all(
      Array.from({ length: INSTANCES }, (_, i) =>
        // the same address as each instance's environment might spell it
        ensureAdminAccount({ email: i % 2 ? email.toUpperCase() : ` ${email} `, password: "a long password 1" }),
      ),
    );
    expect(new Set(results.map((r) => r.userId)).size).toBe(1);
    expect(results.filter((r) => r.created)).toHaveLength(1);
    expect(await count(users, sql`lower(${users.email}) = ${email}`)).toBe(1);

    const granted = await database.db
      .select({ name: roles.name })
      .from(userRoles)
      .innerJoin(roles, sql`${roles.id} = ${userRoles.roleId}`)
      .where(sql`${userRoles.userId} = ${results[0]!.userId}`);
    expect(granted.map((r) => r.name).sort()).toEqual(["ROLE_ADMIN", "ROLE_USER"]);
  });

  it("leaves an existing account's password alone and reports it as present", async () => {
    const email = `admin-${word()}@example.com`;
    const first = await ensureAdminAccount({ email, password: "the first password" });
    const [before] = await database.db
      .select()
      .from(users)
      .where(sql`${users.id} = ${first.userId}`);
    const again = await Promise.all(
      Array.from({ length: 3 }, () => ensureAdminAccount({ email, password: "another password" })),
    );
    const [after] = await database.db
      .select()
      .from(users)
      .where(sql`${users.id} = ${first.userId}`);
    expect(first.created).toBe(true);
    expect(again.map((r) => [r.userId, r.created])).toEqual(Array(3).fill([first.userId, false]));
    expect(after!.passwordHash).toBe(before!.passwordHash);
  });
});
