// The admin's side of tax (decision 0035, "Admin pages for shipping and tax"): tax rates per country and subdivision,
// and the shop's tax settings. quote.server.ts reads what is written here; each write leaves an audit row in its own
// transaction.
import { asc, eq } from "drizzle-orm";
import { getDb, type DbOrTx } from "~/db/client.server";
import { shopSettings, taxRates } from "~/db/schema";
import type { PricingSettingsInput, TaxRateDto, TaxRateInput } from "~/schemas/pricing-admin";
import { requireAdmin, type Actor } from "../access";
import { auditedChange } from "../audit/audit.server";
import { NotFoundError, refuseDuplicate, ValidationError } from "../errors";
import { pricingSettings } from "../orders/quote.server";

type RateRow = typeof taxRates.$inferSelect;

const rateDto = (row: RateRow): TaxRateDto => ({
  id: row.id,
  country: row.country,
  subdivision: row.subdivision,
  name: row.label,
  rate: row.basisPoints / 100,
  basisPoints: row.basisPoints,
});

// ---------------------------------------------------------------- tax rates

/** Every tax rate, by country, subdivision (the country's own first) and name. */
export async function listTaxRates({
  actor,
  db = getDb(),
}: {
  actor: Actor | null;
  db?: DbOrTx;
}): Promise<TaxRateDto[]> {
  requireAdmin(actor);
  const rows = await db
    .select()
    .from(taxRates)
    .orderBy(asc(taxRates.country), asc(taxRates.subdivision), asc(taxRates.label), asc(taxRates.id));
  return rows.map(rateDto);
}

const rateValues = (input: TaxRateInput) => ({
  country: input.country,
  subdivision: input.subdivision,
  label: input.name,
  basisPoints: Math.round(input.rate * 100),
});

const taken = (input: TaxRateInput) => {
  const where = input.subdivision ? `${input.country}-${input.subdivision}` : input.country;
  return new ValidationError(`${where} already has a rate named ${input.name}.`, {
    name: [`${where} already has a rate named ${input.name}: choose another name or change that rate`],
  });
};

async function rateById(tx: DbOrTx, id: number): Promise<RateRow> {
  const [rate] = await tx.select().from(taxRates).where(eq(taxRates.id, id));
  if (!rate) throw new NotFoundError(`There is no tax rate ${id}.`);
  return rate;
}

export async function createTaxRate({
  actor,
  input,
  db = getDb(),
}: {
  actor: Actor | null;
  input: TaxRateInput;
  db?: DbOrTx;
}): Promise<TaxRateDto> {
  const who = requireAdmin(actor);
  try {
    return await auditedChange(db, who, { kind: "tax.rate.create", type: "tax_rate" }, async (tx) => {
      const [rate] = await tx.insert(taxRates).values(rateValues(input)).returning();
      const after = rateDto(rate!);
      return { id: rate!.id, after, result: after };
    });
  } catch (error) {
    refuseDuplicate(error, "tax_rates_region_label_key", () => taken(input));
  }
}

export async function updateTaxRate({
  actor,
  id,
  input,
  db = getDb(),
}: {
  actor: Actor | null;
  id: number;
  input: TaxRateInput;
  db?: DbOrTx;
}): Promise<TaxRateDto> {
  const who = requireAdmin(actor);
  try {
    return await auditedChange(db, who, { kind: "tax.rate.update", type: "tax_rate" }, async (tx) => {
      const before = rateDto(await rateById(tx, id));
      const [rate] = await tx.update(taxRates).set(rateValues(input)).where(eq(taxRates.id, id)).returning();
      const after = rateDto(rate!);
      return { id, before, after, result: after };
    });
  } catch (error) {
    refuseDuplicate(error, "tax_rates_region_label_key", () => taken(input));
  }
}

export async function deleteTaxRate({ actor, id, db = getDb() }: { actor: Actor | null; id: number; db?: DbOrTx }) {
  const who = requireAdmin(actor);
  return auditedChange(db, who, { kind: "tax.rate.delete", type: "tax_rate" }, async (tx) => {
    const before = rateDto(await rateById(tx, id));
    await tx.delete(taxRates).where(eq(taxRates.id, id));
    return { id, before, result: before };
  });
}

// ---------------------------------------------------------------- settings

/** The shop's tax settings (the defaults, prices without tax and shipping untaxed, until saved). */
export async function getPricingSettings({ actor, db = getDb() }: { actor: Actor | null; db?: DbOrTx }) {
  requireAdmin(actor);
  return pricingSettings(db);
}

export async function savePricingSettings({
  actor,
  input,
  db = getDb(),
}: {
  actor: Actor | null;
  input: PricingSettingsInput;
  db?: DbOrTx;
}) {
  const who = requireAdmin(actor);
  return auditedChange(db, who, { kind: "settings.update", type: "settings" }, async (tx) => {
    const before = await pricingSettings(tx);
    await tx
      .insert(shopSettings)
      .values({ id: 1, ...input })
      .onConflictDoUpdate({ target: shopSettings.id, set: { ...input, updatedAt: new Date() } });
    const after = await pricingSettings(tx);
    return { id: "pricing", before, after, result: after };
  });
}
