// The price of a cart for an address: the one place that reads the shop's tax setting, the destination's tax rates
// and its shipping zone's methods, and hands them with the lines to priceOrder (pricing.ts, decision 0035). The cart
// page, the checkout, the payment amount and the API all get their totals here; the order and the reconciler read
// the breakdown snapshotted on the payment. With no zones and no rates set up the total is the lines' sum, as before.
import { asc, eq } from "drizzle-orm";
import { getDb, type DbOrTx } from "~/db/client.server";
import { centsToDollars } from "~/lib/money";
import type { QuoteDto } from "~/schemas/orders";
import { assertOwnerOrAdmin, type Actor } from "../access";
import { cartLinesForCheckout } from "./cart.server";
import { defaultShipping, shippingSnapshot } from "./ship-to.server";
import { shippingMethods, shippingZones, shopSettings, taxRates, type ZoneRegion } from "~/db/schema";
import {
  priceOrder,
  type PriceBreakdown,
  type PricingDiscount,
  type PricingLine,
  type PricingSettings,
  type ShippingRate,
} from "./pricing";
import { appliedCode, appliedDto, applyDiscountCode, type AppliedCode } from "./discounts.server";
import { versionMemo } from "../catalogue/version-memo.server";

/** Where a cart would go: a country code and a subdivision (a US state's code), as typed in an address. */
export interface Destination {
  country: string;
  state: string;
}

/** A method the shopper may choose for the destination, priced for this cart. */
export interface ShippingOption {
  id: number;
  name: string;
  deliveryTime: string;
  /** null: this cart cannot go by it (heavier than its last weight band) */
  cents: number | null;
}

export interface Quote {
  breakdown: PriceBreakdown;
  /** the destination's methods, in the shop's order (empty without a destination or with no zone for it) */
  methods: ShippingOption[];
  /** the shop ships somewhere (has a zone with a method): then an address no zone serves cannot be shipped to */
  shipsByZone: boolean;
  /** false: the shop has zones and none of their methods serves this destination (or this cart's weight) */
  shippable: boolean;
  /** the choices the total depends on, for the payment attempt's key; empty when nothing but the lines counts */
  context: string;
}

const DEFAULT_SETTINGS: PricingSettings = { pricesIncludeTax: false, taxShipping: false };

const norm = (value: string) => value.trim().toUpperCase();

/** The shop's pricing settings (the defaults when never saved). */
export async function pricingSettings(db: DbOrTx): Promise<PricingSettings> {
  const [row] = await db.select().from(shopSettings).where(eq(shopSettings.id, 1));
  return row ? { pricesIncludeTax: row.pricesIncludeTax, taxShipping: row.taxShipping } : DEFAULT_SETTINGS;
}

type TaxRateRow = typeof taxRates.$inferSelect;
type MethodRow = typeof shippingMethods.$inferSelect;
type ZoneRow = typeof shippingZones.$inferSelect;

/** What prices any cart: the tax setting, every tax rate, every zone with its methods (in the shop's order). */
interface PricingTerms {
  settings: PricingSettings;
  rates: TaxRateRow[];
  methods: Array<{ zone: ZoneRow; method: MethodRow }>;
}

/**
 * Kept per catalogue version (decision 0050): the shop's settings, its zones and methods (migration 0023) and its tax
 * rates (migration 0032) move the version. Every quote is priced outside a transaction (an order keeps the breakdown
 * saved on its payment); one inside would read them afresh.
 */
const terms = versionMemo<PricingTerms>({ entries: 1 });

function pricingTerms(db: DbOrTx): Promise<PricingTerms> {
  return terms.get(db, "pricing", async () => {
    const [settings, rates, methods] = await Promise.all([
      pricingSettings(db),
      db.select().from(taxRates).orderBy(asc(taxRates.country), asc(taxRates.subdivision), asc(taxRates.id)),
      db
        .select({ zone: shippingZones, method: shippingMethods })
        .from(shippingMethods)
        .innerJoin(shippingZones, eq(shippingZones.id, shippingMethods.zoneId))
        .orderBy(
          asc(shippingZones.position),
          asc(shippingZones.id),
          asc(shippingMethods.position),
          asc(shippingMethods.id),
        ),
    ]);
    return { settings, rates, methods };
  });
}

/** The tax rates of a destination: its country's, and its subdivision's. */
function ratesFor(destination: Destination | null, rates: TaxRateRow[]) {
  if (!destination?.country) return [];
  const country = norm(destination.country);
  const state = norm(destination.state);
  return rates
    .filter((rate) => rate.country === country && (rate.subdivision === "" || norm(rate.subdivision) === state))
    .map((rate) => ({ name: rate.label, basisPoints: rate.basisPoints }));
}

function regionMatch(regions: ZoneRegion[], destination: Destination): "state" | "country" | null {
  const country = norm(destination.country);
  const state = norm(destination.state);
  let found: "state" | "country" | null = null;
  for (const region of regions) {
    if (norm(region.country) !== country) continue;
    if (region.subdivisions.length === 0) found ??= "country";
    else if (state && region.subdivisions.some((s) => norm(s) === state)) return "state";
  }
  return found;
}

/** The methods of the zone serving a destination (a zone naming its state beats one naming only its country). */
function methodsFor(destination: Destination | null, rows: PricingTerms["methods"]) {
  const shipsByZone = rows.length > 0;
  if (!destination?.country || !shipsByZone) return { shipsByZone, methods: [] };
  let best: { zoneId: number; match: "state" | "country" } | null = null;
  for (const { zone } of rows) {
    const match = regionMatch(zone.regions, destination);
    if (match && (!best || (match === "state" && best.match === "country"))) best = { zoneId: zone.id, match };
  }
  return { shipsByZone, methods: best ? rows.filter((r) => r.zone.id === best.zoneId).map((r) => r.method) : [] };
}

const asShipping = (method: MethodRow) => ({
  methodId: method.id,
  name: method.name,
  rate: method.rate as ShippingRate,
  freeOverCents: method.freeOverCents,
});

/**
 * The price of these lines shipped to `destination` by `methodId` (the first method that can take them when none,
 * or an unknown one, is named). Without a destination: the lines with no shipping and no tax (the cart before an
 * address is known).
 */
export async function quote({
  lines,
  destination,
  methodId,
  discount = null,
  db,
}: {
  lines: PricingLine[];
  destination: Destination | null;
  methodId?: number | null;
  /** the cart's applied code, when it may be used (discounts.server.ts checked its dates and limits) */
  discount?: PricingDiscount | null;
  db: DbOrTx;
}): Promise<Quote> {
  const { settings, rates: allRates, methods: allMethods } = await pricingTerms(db);
  const rates = ratesFor(destination, allRates);
  const zone = methodsFor(destination, allMethods);
  const price = (method: MethodRow | null) =>
    priceOrder({
      lines,
      discount,
      shipping: method ? asShipping(method) : null,
      taxRates: rates,
      settings,
    });
  const methods: ShippingOption[] = zone.methods.map((method) => {
    const priced = price(method);
    return {
      id: method.id,
      name: method.name,
      deliveryTime: method.deliveryTime,
      cents: priced.shippingUnavailable ? null : (priced.shipping?.cents ?? 0),
    };
  });
  const usable = zone.methods.filter((_, index) => methods[index]!.cents !== null);
  const chosen = usable.find((method) => method.id === methodId) ?? usable[0] ?? null;
  const breakdown = price(chosen);
  const shippable = !zone.shipsByZone || (destination?.country ? chosen !== null : true);
  const counts = zone.shipsByZone || rates.length > 0;
  const place = counts
    ? [norm(destination?.country ?? ""), norm(destination?.state ?? ""), chosen?.id ?? "-", breakdown.totalCents].join(
        "|",
      )
    : "";
  // a code that gives something makes another attempt (another amount); none keeps the key it had before codes
  const coded = breakdown.discount ? `code:${breakdown.discount.code.toLowerCase()}|${breakdown.totalCents}` : "";
  const context = [place, coded].filter(Boolean).join("|");
  return { breakdown, methods, shipsByZone: zone.shipsByZone, shippable, context };
}

/** The lines of priceOrder from the cart's lines (the key is the line's place in the payment's snapshot). */
export function pricingLines(
  lines: Array<{
    productId: number;
    categoryId?: number | null;
    priceCents: number;
    quantity: number;
    weightGrams?: number | null;
  }>,
): PricingLine[] {
  return lines.map((line, key) => ({
    key,
    productId: line.productId,
    categoryId: line.categoryId ?? null,
    unitCents: line.priceCents,
    quantity: line.quantity,
    weightGrams: line.weightGrams ?? null,
  }));
}

/** A breakdown as the API shows it (dollars). */
export function breakdownDto(breakdown: PriceBreakdown) {
  return {
    subtotal: centsToDollars(breakdown.subtotalCents),
    discount: centsToDollars(breakdown.discountCents),
    shipping: breakdown.shipping
      ? {
          methodId: breakdown.shipping.methodId,
          method: breakdown.shipping.name,
          amount: centsToDollars(breakdown.shipping.cents),
        }
      : null,
    taxes: breakdown.taxes.map((tax) => ({
      name: tax.name,
      rate: tax.basisPoints / 100,
      amount: centsToDollars(tax.cents),
    })),
    tax: centsToDollars(breakdown.taxCents),
    taxIncluded: breakdown.taxIncluded,
    total: centsToDollars(breakdown.totalCents),
  };
}

/**
 * GET /carts/user/{userId}/quote: the user's cart priced for a country (the cart's estimate), a saved address or the
 * user's default address, with the destination's shipping methods.
 */
export async function cartQuote({
  actor,
  userId,
  country,
  state,
  shippingAddressId,
  shippingMethodId,
  db = getDb(),
}: {
  actor: Actor | null;
  userId: number;
  country?: string;
  state?: string;
  shippingAddressId?: number;
  shippingMethodId?: number;
  db?: DbOrTx;
}): Promise<QuoteDto> {
  assertOwnerOrAdmin(actor, userId);
  const lines = await cartLinesForCheckout(userId, db);
  const shipTo = country
    ? { country, state: state ?? "" }
    : ((await shippingSnapshot(userId, shippingAddressId, undefined, db)) ?? (await defaultShipping(userId, db)));
  const applied = await appliedCode(userId, db);
  return quoteDto(
    await quote({
      lines: pricingLines(lines),
      destination: shipTo,
      methodId: shippingMethodId,
      discount: applied?.discount ?? null,
      db,
    }),
    shipTo,
    applied,
  );
}

/** A quote as the API shows it. */
export function quoteDto(priced: Quote, destination: Destination | null, applied: AppliedCode | null = null): QuoteDto {
  return {
    ...breakdownDto(priced.breakdown),
    destination: destination?.country ? { country: norm(destination.country), state: destination.state.trim() } : null,
    methods: priced.methods.map((method) => ({
      id: method.id,
      name: method.name,
      deliveryTime: method.deliveryTime,
      amount: method.cents === null ? null : centsToDollars(method.cents),
    })),
    shipsByZone: priced.shipsByZone,
    shippable: priced.shippable && !(priced.shipsByZone && !destination?.country),
    discountCode: appliedDto(applied, priced.breakdown),
  };
}

/** POST /carts/user/{userId}/discount: applies a code (a 422 saying why when it gives nothing), then the cart's quote. */
export async function applyCartCode({
  actor,
  userId,
  code,
  db = getDb(),
}: {
  actor: Actor | null;
  userId: number;
  code: string;
  db?: DbOrTx;
}) {
  const applied = await applyDiscountCode({
    actor,
    userId,
    code,
    db,
    price: async (lines, discount) =>
      (await quote({ lines: pricingLines(lines), destination: null, discount, db })).breakdown,
  });
  return { applied, quote: await cartQuote({ actor, userId, db }) };
}
