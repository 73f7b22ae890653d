// The admin's side of shipping (decision 0035, "Admin pages for shipping and tax"): zones and their methods.
// quote.server.ts reads what is written here; each write is checked (zod schemas in schemas/pricing-admin.ts, and here
// what needs the other rows: zones that overlap) and leaves an audit row in its own transaction.
import { asc, eq, sql } from "drizzle-orm";
import { getDb, type DbOrTx } from "~/db/client.server";
import { shippingMethods, shippingZones, type ShippingRate, type ZoneRegion } from "~/db/schema";
import { centsToDollars, dollarsToCents } from "~/lib/money";
import type {
  ShippingMethodDto,
  ShippingMethodInput,
  ShippingRateInput,
  ShippingZoneDto,
  ShippingZoneInput,
} from "~/schemas/pricing-admin";
import { requireAdmin, type Actor } from "../access";
import { auditedChange } from "../audit/audit.server";
import { NotFoundError, ValidationError } from "../errors";

type ZoneRow = typeof shippingZones.$inferSelect;
type MethodRow = typeof shippingMethods.$inferSelect;

// ---------------------------------------------------------------- shapes

function rateToCents(rate: ShippingRateInput): ShippingRate {
  switch (rate.kind) {
    case "flat":
      return { kind: "flat", cents: dollarsToCents(rate.amount) };
    case "subtotal":
      return {
        kind: "subtotal",
        bands: rate.bands.map((b) => ({ fromCents: dollarsToCents(b.from), cents: dollarsToCents(b.amount) })),
      };
    case "weight":
      return {
        kind: "weight",
        bands: rate.bands.map((b) => ({ upToGrams: b.upToGrams, cents: dollarsToCents(b.amount) })),
      };
  }
}

function rateToDollars(rate: ShippingRate): ShippingMethodDto["rate"] {
  switch (rate.kind) {
    case "flat":
      return { kind: "flat", amount: centsToDollars(rate.cents) };
    case "subtotal":
      return {
        kind: "subtotal",
        bands: rate.bands.map((b) => ({ from: centsToDollars(b.fromCents), amount: centsToDollars(b.cents) })),
      };
    case "weight":
      return {
        kind: "weight",
        bands: rate.bands.map((b) => ({ upToGrams: b.upToGrams, amount: centsToDollars(b.cents) })),
      };
  }
}

const methodDto = (row: MethodRow): ShippingMethodDto => ({
  id: row.id,
  zoneId: row.zoneId,
  name: row.name,
  rate: rateToDollars(row.rate),
  freeOver: row.freeOverCents === null ? null : centsToDollars(row.freeOverCents),
  deliveryTime: row.deliveryTime,
  position: row.position,
});

const zoneDto = (row: ZoneRow, methods: MethodRow[]): ShippingZoneDto => ({
  id: row.id,
  name: row.name,
  regions: row.regions,
  position: row.position,
  methods: methods.filter((m) => m.zoneId === row.id).map(methodDto),
});

// ---------------------------------------------------------------- zones

/** Every zone with its methods, in the order checkout reads them (position, then id). */
export async function listShippingZones({
  actor,
  db = getDb(),
}: {
  actor: Actor | null;
  db?: DbOrTx;
}): Promise<ShippingZoneDto[]> {
  requireAdmin(actor);
  const [zones, methods] = await Promise.all([
    db.select().from(shippingZones).orderBy(asc(shippingZones.position), asc(shippingZones.id)),
    db.select().from(shippingMethods).orderBy(asc(shippingMethods.position), asc(shippingMethods.id)),
  ]);
  return zones.map((zone) => zoneDto(zone, methods));
}

/**
 * A destination is served by one zone: the same whole country in two zones, or the same state in two zones, would
 * leave checkout to pick one by position, so it is refused (422 on `regions`). A country in one zone and some of its
 * states in another is allowed: the zone naming the state serves those states (quote.server.ts).
 */
async function refuseOverlap(tx: DbOrTx, regions: ZoneRegion[], exceptZoneId: number | null) {
  // writers of zones take turns, so two that would overlap cannot both pass this check
  await tx.execute(sql`LOCK TABLE shipping_zones IN SHARE ROW EXCLUSIVE MODE`);
  const others = (await tx.select().from(shippingZones)).filter((zone) => zone.id !== exceptZoneId);
  const problems: string[] = [];
  for (const region of regions) {
    for (const other of others) {
      for (const theirs of other.regions) {
        if (theirs.country !== region.country) continue;
        if (region.subdivisions.length === 0 && theirs.subdivisions.length === 0) {
          problems.push(`${region.country} is already in the zone ${other.name}`);
        }
        const both = region.subdivisions.filter((s) => theirs.subdivisions.includes(s));
        if (both.length > 0) {
          problems.push(`${both.map((s) => `${region.country}-${s}`).join(", ")} already in the zone ${other.name}`);
        }
      }
    }
  }
  if (problems.length > 0) {
    throw new ValidationError(`A place can be in one zone only: ${problems[0]}.`, { regions: problems });
  }
}

async function zoneById(tx: DbOrTx, id: number): Promise<ZoneRow> {
  const [zone] = await tx.select().from(shippingZones).where(eq(shippingZones.id, id));
  if (!zone) throw new NotFoundError(`There is no shipping zone ${id}.`);
  return zone;
}

async function zoneWithMethods(tx: DbOrTx, zone: ZoneRow) {
  const methods = await tx
    .select()
    .from(shippingMethods)
    .where(eq(shippingMethods.zoneId, zone.id))
    .orderBy(asc(shippingMethods.position), asc(shippingMethods.id));
  return zoneDto(zone, methods);
}

export async function createShippingZone({
  actor,
  input,
  db = getDb(),
}: {
  actor: Actor | null;
  input: ShippingZoneInput;
  db?: DbOrTx;
}): Promise<ShippingZoneDto> {
  const who = requireAdmin(actor);
  return auditedChange(db, who, { kind: "shipping.zone.create", type: "shipping_zone" }, async (tx) => {
    await refuseOverlap(tx, input.regions, null);
    const [zone] = await tx
      .insert(shippingZones)
      .values({ name: input.name, regions: input.regions, position: input.position })
      .returning();
    const after = zoneDto(zone!, []);
    return { id: zone!.id, after, result: after };
  });
}

export async function updateShippingZone({
  actor,
  id,
  input,
  db = getDb(),
}: {
  actor: Actor | null;
  id: number;
  input: ShippingZoneInput;
  db?: DbOrTx;
}): Promise<ShippingZoneDto> {
  const who = requireAdmin(actor);
  return auditedChange(db, who, { kind: "shipping.zone.update", type: "shipping_zone" }, async (tx) => {
    const before = await zoneById(tx, id);
    await refuseOverlap(tx, input.regions, id);
    const [zone] = await tx
      .update(shippingZones)
      .set({ name: input.name, regions: input.regions, position: input.position })
      .where(eq(shippingZones.id, id))
      .returning();
    const after = await zoneWithMethods(tx, zone!);
    return { id, before: zoneDto(before, []), after: { ...after, methods: undefined }, result: after };
  });
}

/** Deletes a zone and its methods (addresses it served can no longer be shipped to while other zones have methods). */
export async function deleteShippingZone({
  actor,
  id,
  db = getDb(),
}: {
  actor: Actor | null;
  id: number;
  db?: DbOrTx;
}) {
  const who = requireAdmin(actor);
  return auditedChange(db, who, { kind: "shipping.zone.delete", type: "shipping_zone" }, async (tx) => {
    const before = await zoneWithMethods(tx, await zoneById(tx, id));
    await tx.delete(shippingZones).where(eq(shippingZones.id, id));
    return { id, before, result: before };
  });
}

// ---------------------------------------------------------------- methods

const methodValues = (input: ShippingMethodInput) => ({
  name: input.name,
  rate: rateToCents(input.rate),
  freeOverCents: input.freeOver === null ? null : dollarsToCents(input.freeOver),
  deliveryTime: input.deliveryTime,
  position: input.position,
});

async function methodById(tx: DbOrTx, id: number): Promise<MethodRow> {
  const [method] = await tx.select().from(shippingMethods).where(eq(shippingMethods.id, id));
  if (!method) throw new NotFoundError(`There is no shipping method ${id}.`);
  return method;
}

export async function createShippingMethod({
  actor,
  zoneId,
  input,
  db = getDb(),
}: {
  actor: Actor | null;
  zoneId: number;
  input: ShippingMethodInput;
  db?: DbOrTx;
}): Promise<ShippingMethodDto> {
  const who = requireAdmin(actor);
  return auditedChange(db, who, { kind: "shipping.method.create", type: "shipping_method" }, async (tx) => {
    // the zone, locked: a method is never added to a zone being deleted
    const [zone] = await tx.select().from(shippingZones).where(eq(shippingZones.id, zoneId)).for("update");
    if (!zone) throw new NotFoundError(`There is no shipping zone ${zoneId}.`);
    const [method] = await tx
      .insert(shippingMethods)
      .values({ zoneId, ...methodValues(input) })
      .returning();
    const after = methodDto(method!);
    return { id: method!.id, after, result: after };
  });
}

export async function updateShippingMethod({
  actor,
  id,
  input,
  db = getDb(),
}: {
  actor: Actor | null;
  id: number;
  input: ShippingMethodInput;
  db?: DbOrTx;
}): Promise<ShippingMethodDto> {
  const who = requireAdmin(actor);
  return auditedChange(db, who, { kind: "shipping.method.update", type: "shipping_method" }, async (tx) => {
    const before = methodDto(await methodById(tx, id));
    const [method] = await tx
      .update(shippingMethods)
      .set(methodValues(input))
      .where(eq(shippingMethods.id, id))
      .returning();
    const after = methodDto(method!);
    return { id, before, after, result: after };
  });
}

export async function deleteShippingMethod({
  actor,
  id,
  db = getDb(),
}: {
  actor: Actor | null;
  id: number;
  db?: DbOrTx;
}) {
  const who = requireAdmin(actor);
  return auditedChange(db, who, { kind: "shipping.method.delete", type: "shipping_method" }, async (tx) => {
    const before = methodDto(await methodById(tx, id));
    await tx.delete(shippingMethods).where(eq(shippingMethods.id, id));
    return { id, before, result: before };
  });
}
