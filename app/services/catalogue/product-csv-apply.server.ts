// Writing one product of a CSV import (product-csv.server.ts holds the transaction): its columns, its options and its
// variants, matched by SKU, else by their options. Variants the file does not name are left as they are and reported;
// nothing is deleted. Stock and prices are written per variant, as the admin's variant table writes them (the product's
// figures and the catalogue version follow by the triggers of migration 0012), with an audit record per product.
import { and, asc, eq, ne, sql } from "drizzle-orm";
import type { Actor } from "../access";
import type { DbOrTx } from "~/db/client.server";
import { productOptions, products, productVariants } from "~/db/schema";
import { recordAudit } from "../audit/audit.server";
import { lower, sameValues, type CsvProduct, type CsvVariantRow } from "./product-csv-rows";
import { lockProduct, lockVariantsOf } from "./product-locks.server";
import { valuesOf, variantFigures, variantLabel, type VariantRow } from "./variants.server";
import { skuFor } from "./variant-skus.server";

export interface ImportTally {
  created: number;
  updated: number;
  variantsCreated: number;
  variantsUpdated: number;
  /** SKUs of variants of the file's products that the file does not name: left as they are */
  variantsLeft: string[];
}

export interface ImportContext {
  tx: DbOrTx;
  who: Actor;
  perVariant: boolean;
  tally: ImportTally;
  errors: Record<string, string[]>;
  /** the products already written, by id: the first line of the file that named each */
  written: Map<number, number>;
  /** every variant whose SKU the file names (lower case), whichever product it is of */
  skuOwners: Map<string, { id: number; productId: number }>;
  /** the SKUs the file names (lower case): a SKU made for a row without one is none of them */
  fileSkus: ReadonlySet<string>;
}

/** Writes one product of the file, or adds its rows' errors to `errors` (and writes nothing of it). */
export async function applyCsvProduct(context: ImportContext, product: CsvProduct, categoryId: number) {
  const { tx, errors, written } = context;
  const refuse = (line: number, problem: string) => (errors[`line ${line}`] ??= []).push(problem);
  const target = product.id
    ? eq(products.id, product.id)
    : and(
        sql`lower(${products.name}) = lower(${product.name})`,
        sql`lower(${products.brand}) = lower(${product.brand})`,
      );
  const [existing] = await tx.select().from(products).where(target);
  if (!existing && product.id) return refuse(product.line, `no product has id ${product.id}`);
  if (existing && written.has(existing.id))
    return refuse(product.line, `the same product as line ${written.get(existing.id)}`);
  const columns = { name: product.name, brand: product.brand, description: product.description, categoryId };
  let productId: number;
  if (existing) {
    const [other] = await tx
      .select({ id: products.id })
      .from(products)
      .where(
        and(
          ne(products.id, existing.id),
          sql`lower(${products.name}) = lower(${product.name})`,
          sql`lower(${products.brand}) = lower(${product.brand})`,
        ),
      );
    if (other) return refuse(product.line, "another product already has this name and brand");
    productId = existing.id;
    await lockProduct(productId, tx);
    context.tally.updated++;
  } else {
    // its default variant comes from the database's trigger, at the first row's price and stock
    const first = product.rows[0]!;
    const [row] = await tx
      .insert(products)
      .values({ ...columns, priceCents: first.priceCents, inventory: first.inventory })
      .returning({ id: products.id });
    productId = row!.id;
    context.tally.created++;
  }
  written.set(productId, product.line);
  const options = await tx
    .select()
    .from(productOptions)
    .where(eq(productOptions.productId, productId))
    .orderBy(asc(productOptions.position));
  const variants = await lockVariantsOf(productId, tx);
  const names = options.map((o) => o.name);
  const before = Object.keys(errors).length;

  if (product.optionNames.length === 0 && options.length > 0) {
    const row = product.rows[0]!;
    // a file of before: sent back unchanged, a product's derived price and stock pass (decision 0036)
    if (!context.perVariant && existing?.priceCents === row.priceCents && existing.inventory === row.inventory) {
      await writeProductColumns(tx, existing, columns);
      return;
    }
    return refuse(
      row.line,
      context.perVariant
        ? `this product has options (${names.join(", ")}): give each variant's option columns`
        : "this product has variants: set its price and stock on each variant",
    );
  }
  if (options.length > 0 && !sameValues(names, product.optionNames))
    return refuse(
      product.line,
      `the product's options are ${names.join(", ")}, not ${product.optionNames.join(", ")}: change them on its variants page`,
    );

  // each row's variant: by its SKU, else by its options; a product sold in one form lends its variant to the first
  const matched = new Map<CsvVariantRow, VariantRow>();
  const lineOf = new Map<number, number>();
  const claim = (row: CsvVariantRow, variant: VariantRow) => {
    const earlier = lineOf.get(variant.id);
    if (earlier !== undefined) return refuse(row.line, `the same variant as line ${earlier}`);
    lineOf.set(variant.id, row.line);
    matched.set(row, variant);
  };
  for (const row of product.rows) {
    const owner = row.sku === undefined ? undefined : context.skuOwners.get(lower(row.sku));
    if (owner && owner.productId !== productId) {
      refuse(row.line, `SKU ${row.sku} is a variant of product ${owner.productId}`);
      continue;
    }
    const bySku = owner && variants.find((v) => v.id === owner.id);
    if (bySku && options.length > 0 && !sameValues(valuesOf(bySku, options.length), row.values)) {
      refuse(
        row.line,
        `SKU ${row.sku} is the variant "${variantLabel(options, bySku)}": an import does not change a variant's options`,
      );
    } else if (bySku) claim(row, bySku);
  }
  for (const row of product.rows) {
    if (matched.has(row) || Object.hasOwn(errors, `line ${row.line}`)) continue;
    const byValues =
      options.length > 0
        ? variants.find((v) => sameValues(valuesOf(v, options.length), row.values))
        : lineOf.size === 0
          ? variants[0]
          : undefined;
    if (byValues && row.sku !== undefined && options.length > 0 && lower(byValues.sku) !== lower(row.sku)) {
      // its options name a variant of another SKU: renaming it would hide a mistake in the file, so say so
      refuse(row.line, `these options are the variant ${byValues.sku}, not ${row.sku}`);
    } else if (byValues) claim(row, byValues);
  }
  // the options' values: those the product has, in order, then the file's new ones
  const values = product.optionNames.map((_, i) => [...(options[i]?.values ?? [])]);
  for (const row of product.rows) {
    row.values = row.values.map((value, i) => {
      const known = values[i]!.find((v) => lower(v) === lower(value));
      if (known !== undefined) return known;
      values[i]!.push(value);
      return value;
    });
  }
  values.forEach((list, i) => {
    if (list.length > 30) refuse(product.line, `${product.optionNames[i]} would have more than 30 values`);
  });
  if (Object.keys(errors).length > before) return;

  await writeProductColumns(tx, existing, columns);
  await writeOptions(tx, productId, product.optionNames, options, values);
  await writeVariants(context, productId, product, matched, variants, options.length);
}

/** The product's own columns, when they changed (an unchanged row leaves its updated_at alone). */
async function writeProductColumns(
  tx: DbOrTx,
  existing: typeof products.$inferSelect | undefined,
  columns: { name: string; brand: string; description: string; categoryId: number },
) {
  if (!existing) return;
  const changed = (Object.keys(columns) as Array<keyof typeof columns>).some((k) => existing[k] !== columns[k]);
  if (changed)
    await tx
      .update(products)
      .set({ ...columns, updatedAt: new Date() })
      .where(eq(products.id, existing.id));
}

async function writeOptions(
  tx: DbOrTx,
  productId: number,
  names: string[],
  options: Array<typeof productOptions.$inferSelect>,
  values: string[][],
) {
  for (const [i, name] of names.entries()) {
    const option = options[i];
    if (!option) await tx.insert(productOptions).values({ productId, position: i + 1, name, values: values[i]! });
    else if (option.values.length !== values[i]!.length)
      await tx.update(productOptions).set({ values: values[i]! }).where(eq(productOptions.id, option.id));
  }
}

async function writeVariants(
  context: ImportContext,
  productId: number,
  product: CsvProduct,
  matched: Map<CsvVariantRow, VariantRow>,
  variants: VariantRow[],
  /** how many options the product had before: its SKUs' prefix is found with them */
  oldOptionCount: number,
) {
  const { tx, tally } = context;
  const optionCount = product.optionNames.length;
  const figures = (row: CsvVariantRow, variant?: VariantRow) => ({
    priceCents: row.priceCents,
    compareAtCents: row.compareAtCents === undefined ? (variant?.compareAtCents ?? null) : row.compareAtCents,
    inventory: row.inventory,
    weightGrams: row.weightGrams === undefined ? (variant?.weightGrams ?? null) : row.weightGrams,
    option1: row.values[0] ?? null,
    option2: row.values[1] ?? null,
    option3: row.values[2] ?? null,
  });
  const before: VariantRow[] = [];
  const after: Array<Parameters<typeof variantFigures>[0]> = [];
  for (const [row, variant] of [...matched].sort((a, b) => a[1].id - b[1].id)) {
    const next = { ...figures(row, variant), sku: row.sku ?? variant.sku };
    const changed = (Object.keys(next) as Array<keyof typeof next>).some((k) => variant[k] !== next[k]);
    if (!changed) continue;
    await tx
      .update(productVariants)
      .set({ ...next, updatedAt: new Date() })
      .where(eq(productVariants.id, variant.id));
    before.push(variant);
    after.push({ id: variant.id, ...next });
    if (optionCount > 0) tally.variantsUpdated++;
  }
  let position = Math.max(...variants.map((v) => v.position));
  for (const row of product.rows.filter((r) => !matched.has(r))) {
    const [made] = await tx
      .insert(productVariants)
      .values({
        productId,
        sku: row.sku ?? (await skuFor(variants[0]!, oldOptionCount, row.values, tx, context.fileSkus)),
        position: ++position,
        ...figures(row),
      })
      .returning();
    after.push(made!);
    tally.variantsCreated++;
  }
  if (context.perVariant) {
    const named = new Set(matched.values());
    tally.variantsLeft.push(...variants.filter((v) => !named.has(v)).map((v) => v.sku));
  }
  if (after.length > 0)
    await recordAudit(tx, {
      actor: context.who,
      kind: "variant.update",
      entity: { type: "product", id: productId },
      before: before.map(variantFigures),
      after: after.map(variantFigures),
    });
}
