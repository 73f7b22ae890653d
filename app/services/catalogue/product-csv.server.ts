// The admin's product CSV (docs/decisions/0036-product-variants.md, CSV addendum): one row per variant, as the large
// platforms' importers read it; files of one row per product, as exported before, still import.
import { stringify } from "csv-stringify/sync";
import { asc, eq, inArray, sql } from "drizzle-orm";
import type { Actor } from "../access";
import { getDb, type DbOrTx } from "~/db/client.server";
import { categories, products, productVariants } from "~/db/schema";
import type { ImportResult } from "~/schemas/product-admin";
import { requireAdmin } from "../access";
import { recordAudit } from "../audit/audit.server";
import { constraintOf, ValidationError } from "../errors";
import { applyCsvProduct, type ImportContext } from "./product-csv-apply.server";
import { CSV_COLUMNS, lineErrors, neutraliseFormula } from "./product-csv-format";
import { readProductCsv, type ProductCsv } from "./product-csv-rows";
import { variantsOfProducts } from "./variants.server";

export { CSV_COLUMNS, MAX_IMPORT_ROWS, csvProblem, neutraliseFormula, restoreFormula } from "./product-csv-format";

const CHUNK = 1000;
const chunks = <T>(list: T[]) =>
  Array.from({ length: Math.ceil(list.length / CHUNK) }, (_, i) => list.slice(i * CHUNK, (i + 1) * CHUNK));

/**
 * Every variant of every product as CSV (the import's format): the product's columns on each of its rows, then the
 * variant's option names and values, SKU, price and compare-at price in dollars, stock and weight in grams.
 */
export async function exportProductsCsv({
  actor,
  db = getDb(),
}: {
  actor: Actor | null;
  db?: DbOrTx;
}): Promise<string> {
  requireAdmin(actor);
  const rows = await db
    .select({
      id: products.id,
      name: products.name,
      brand: products.brand,
      category: categories.name,
      description: products.description,
    })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .orderBy(asc(products.id));
  const lines: Array<Array<string | number>> = [];
  for (const chunk of chunks(rows)) {
    const variants = await variantsOfProducts(
      chunk.map((r) => r.id),
      db,
    );
    for (const product of chunk) {
      const text = [product.name, product.brand, product.category, product.description].map(neutraliseFormula);
      for (const variant of variants.get(product.id)?.variants ?? []) {
        const options = [0, 1, 2].flatMap((i) => {
          const option = variant.selectedOptions[i];
          return option ? [neutraliseFormula(option.name), neutraliseFormula(option.value)] : ["", ""];
        });
        lines.push([
          product.id,
          ...text,
          ...options,
          neutraliseFormula(variant.sku),
          variant.price.toFixed(2),
          variant.compareAtPrice === null ? "" : variant.compareAtPrice.toFixed(2),
          variant.inventory,
          variant.weightGrams ?? "",
        ]);
      }
    }
  }
  return stringify(lines, { header: true, columns: [...CSV_COLUMNS] });
}

/**
 * Imports products from CSV in one transaction, every row checked first (errors per line; one error imports nothing).
 * A product is its id's, else the one of the same name and brand, else a new one; unknown categories are created. Its
 * variants are matched by SKU, else by their options; new combinations become new variants (their values join the
 * options); variants the file does not name are left as they are and their SKUs reported (`variantsLeft`).
 */
export async function importProductsCsv({
  actor,
  text,
  db = getDb(),
}: {
  actor: Actor | null;
  text: string;
  db?: DbOrTx;
}): Promise<ImportResult> {
  const who = requireAdmin(actor);
  const file = readProductCsv(text);
  try {
    return await importRows(who, file, db);
  } catch (error) {
    // what the checks before cannot see: a product's default SKU that a later row names, or a writer racing the
    // import (a SKU the import makes is none the file names); the database refuses it, and the whole file with it
    const taken = constraintOf(error);
    if (taken === "product_variants_sku_lower_key" || taken === "products_name_brand_lower_key")
      throw new ValidationError("A SKU or a product name of the file is taken; nothing was imported.", {
        file: [
          taken === "product_variants_sku_lower_key"
            ? "A SKU of the file is another variant's: name it differently"
            : "Two products of the file have one name and brand",
        ],
      });
    throw error;
  }
}

async function importRows(who: Actor, file: ProductCsv, db: DbOrTx): Promise<ImportResult> {
  const skus = file.products.flatMap((p) => p.rows.flatMap((r) => (r.sku === undefined ? [] : [r.sku.toLowerCase()])));
  return db.transaction(async (tx) => {
    const context: ImportContext = {
      tx,
      who,
      perVariant: file.perVariant,
      tally: { created: 0, updated: 0, variantsCreated: 0, variantsUpdated: 0, variantsLeft: [] },
      errors: {},
      written: new Map(),
      skuOwners: new Map(),
      fileSkus: new Set(skus),
    };
    for (const chunk of chunks(skus)) {
      const owners = await tx
        .select({ id: productVariants.id, productId: productVariants.productId, sku: productVariants.sku })
        .from(productVariants)
        .where(inArray(sql`lower(${productVariants.sku})`, chunk));
      for (const owner of owners) context.skuOwners.set(owner.sku.toLowerCase(), owner);
    }
    const categoryIds = new Map<string, number>();
    for (const product of file.products) {
      const key = product.category.toLowerCase();
      let categoryId = categoryIds.get(key);
      if (categoryId === undefined) {
        await tx.insert(categories).values({ name: product.category }).onConflictDoNothing();
        const [row] = await tx
          .select({ id: categories.id })
          .from(categories)
          .where(sql`lower(${categories.name}) = ${key}`);
        categoryId = row!.id;
        categoryIds.set(key, categoryId);
      }
      await applyCsvProduct(context, product, categoryId);
    }
    if (Object.keys(context.errors).length > 0) throw lineErrors(context.errors);
    const { variantsLeft, ...counts } = context.tally;
    await recordAudit(tx, {
      actor: who,
      kind: "product.import",
      entity: { type: "product", id: "csv" },
      after: { ...counts, variantsLeft: variantsLeft.length },
    });
    return context.tally;
  });
}

/** What the API says of an import: "Imported: 2 added, 1 updated." and what it did to variants, when anything. */
export function importSummary(result: ImportResult): string {
  const parts = [`Imported: ${result.created} added, ${result.updated} updated.`];
  if (result.variantsCreated > 0 || result.variantsUpdated > 0)
    parts.push(`Variants: ${result.variantsCreated} added, ${result.variantsUpdated} updated.`);
  const left = result.variantsLeft.length;
  if (left > 0) {
    const named = result.variantsLeft.slice(0, 10).join(", ") + (left > 10 ? ", …" : "");
    parts.push(
      `${left} variant${left === 1 ? "" : "s"} not in the file left as ${left === 1 ? "it was" : "they were"} (${named}).`,
    );
  }
  return parts.join(" ");
}
