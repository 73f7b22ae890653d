import { parse } from "csv-parse/sync";
import { stringify } from "csv-stringify/sync";
import { and, asc, eq, sql } from "drizzle-orm";
import type { Actor } from "../access";
import { getDb, type DbOrTx } from "~/db/client.server";
import { categories, products, productVariants } from "~/db/schema";
import { ProductInputSchema, type ProductInput } from "~/schemas/catalogue";
import { MAX_ID, textProblem } from "~/schemas/common";
import { centsToDollars, dollarsToCents } from "~/lib/money";
import { requireAdmin } from "../access";
import { recordAudit } from "../audit/audit.server";
import { refuseDuplicate, ValidationError } from "../errors";

export const CSV_COLUMNS = ["id", "name", "brand", "category", "price", "inventory", "description"] as const;
export const MAX_IMPORT_ROWS = 10_000;

/**
 * What a spreadsheet reads as the start of a formula (OWASP's list), after any apostrophes: such a cell gets one more
 * leading apostrophe, so text that already starts with one survives the round trip too.
 */
const FORMULA_START = /^'*[=+\-@\t\r]/;

/**
 * A text cell that a spreadsheet opening the export shows as text, never runs: `=HYPERLINK(…)` becomes
 * `'=HYPERLINK(…)`. The import takes the apostrophe off again, so an export imports back unchanged.
 */
export function neutraliseFormula(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** The text of a cell written by `neutraliseFormula`, as it was before. */
export function restoreFormula(text: string): string {
  return text.startsWith("'") && FORMULA_START.test(text.slice(1)) ? text.slice(1) : text;
}

/** Every product as CSV (the import's format): id, name, brand, category, price in dollars, inventory, description. */
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
      priceCents: products.priceCents,
      inventory: products.inventory,
      description: products.description,
    })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .orderBy(asc(products.id));
  return stringify(
    rows.map((r) => [
      r.id,
      neutraliseFormula(r.name),
      neutraliseFormula(r.brand),
      neutraliseFormula(r.category),
      centsToDollars(r.priceCents).toFixed(2),
      r.inventory,
      neutraliseFormula(r.description),
    ]),
    { header: true, columns: [...CSV_COLUMNS] },
  );
}

interface ImportRow {
  line: number;
  id: number | null;
  input: ProductInput & { category: { name: string } };
}

/**
 * What the CSV parser found wrong, said as a person would ("Line 5 has 4 columns; expected 7.") rather than in its
 * own words ("Invalid Record Length: columns length is 7, got 4 on line 5").
 */
export function csvProblem(error: unknown): string {
  const { code, message = "", lines } = error as { code?: string; message?: string; lines?: number };
  const line = typeof lines === "number" ? lines : Number(/line (\d+)/.exec(message)?.[1] ?? NaN);
  const where = Number.isFinite(line) ? `Line ${line}` : "A line";
  if (code === "CSV_RECORD_INCONSISTENT_COLUMNS" || code === "CSV_RECORD_INCONSISTENT_FIELDS_LENGTH") {
    const counts = /columns length is (\d+), got (\d+)/.exec(message);
    if (counts) return `${where} has ${counts[2]} columns; expected ${counts[1]}.`;
    return `${where} does not have as many columns as the header.`;
  }
  if (code === "CSV_QUOTE_NOT_CLOSED") return `${where} opens a quote (") that is never closed.`;
  if (code === "INVALID_OPENING_QUOTE" || code === "CSV_INVALID_CLOSING_QUOTE")
    return `${where} has a quote (") inside a value that is not quoted as a whole; write it as "" inside a quoted value.`;
  return `${where} could not be read: check its commas and quotes.`;
}

/** Reads and validates every row; any error rejects the whole file (row-level messages, nothing applied). */
function validateCsv(text: string): ImportRow[] {
  let records: Array<Record<string, string>>;
  try {
    records = parse(text, {
      columns: (header: string[]) => header.map((h) => h.trim().toLowerCase()),
      skip_empty_lines: true,
      trim: true,
      bom: true,
      relax_column_count: false,
    });
  } catch (error) {
    const problem = csvProblem(error);
    throw new ValidationError(`The file is not valid CSV: ${problem}`, { file: [problem] });
  }
  if (records.length === 0)
    throw new ValidationError("The file has no product rows.", { file: ["The file has no product rows."] });
  if (records.length > MAX_IMPORT_ROWS)
    throw new ValidationError(`Import at most ${MAX_IMPORT_ROWS} rows at once.`, {
      file: [`At most ${MAX_IMPORT_ROWS} rows.`],
    });
  const missing = CSV_COLUMNS.filter((c) => c !== "id" && !(c in records[0]!));
  if (missing.length > 0)
    throw new ValidationError(`Missing column${missing.length > 1 ? "s" : ""}: ${missing.join(", ")}.`, {
      file: [`Columns needed: ${CSV_COLUMNS.join(", ")}`],
    });

  const errors: Record<string, string[]> = {};
  const rows: ImportRow[] = [];
  const seen = new Map<string, number>();
  records.forEach((record, index) => {
    const line = index + 2; // the header is line 1
    const problems: string[] = [];
    for (const [column, cell] of Object.entries(record)) {
      const problem = textProblem(cell);
      if (problem) problems.push(`${column} ${problem}`);
    }
    // an id past the database's integers (2147483647) is no product's: refused here, not by PostgreSQL (a 500)
    const id = record.id ? Number(record.id) : null;
    if (id !== null && !(Number.isInteger(id) && id > 0 && id <= MAX_ID))
      problems.push("id must be a positive whole number or empty");
    const text = (column: string) => (record[column] === undefined ? undefined : restoreFormula(record[column]));
    const parsed = ProductInputSchema.safeParse({
      ...record,
      name: text("name"),
      brand: text("brand"),
      description: text("description"),
      category: record.category ? { name: restoreFormula(record.category) } : undefined,
    });
    if (!parsed.success) for (const issue of parsed.error.issues) problems.push(issue.message);
    if (parsed.success) {
      const key = `${parsed.data.name.toLowerCase()}\u0000${parsed.data.brand.toLowerCase()}`;
      const earlier = seen.get(key);
      if (earlier) problems.push(`the same name and brand as line ${earlier}`);
      else seen.set(key, line);
    }
    if (problems.length > 0) errors[`line ${line}`] = problems;
    else rows.push({ line, id, input: parsed.data as ImportRow["input"] });
  });
  const bad = Object.keys(errors).length;
  if (bad > 0)
    throw new ValidationError(`${bad} line${bad === 1 ? " has" : "s have"} errors; nothing was imported.`, errors);
  return rows;
}

/**
 * Imports products from CSV in one transaction: a row with an id updates that product; without one, the product of
 * the same name and brand is updated or a new one is added; unknown categories are created.
 */
export async function importProductsCsv({
  actor,
  text,
  db = getDb(),
}: {
  actor: Actor | null;
  text: string;
  db?: DbOrTx;
}): Promise<{ created: number; updated: number }> {
  const who = requireAdmin(actor);
  const rows = validateCsv(text);
  return db.transaction(async (tx) => {
    let created = 0;
    let updated = 0;
    const categoryIds = new Map<string, number>();
    const errors: Record<string, string[]> = {};
    for (const { line, id, input } of rows) {
      const key = input.category.name.toLowerCase();
      let categoryId = categoryIds.get(key);
      if (categoryId === undefined) {
        await tx.insert(categories).values({ name: input.category.name }).onConflictDoNothing();
        const [row] = await tx
          .select({ id: categories.id })
          .from(categories)
          .where(sql`lower(${categories.name}) = ${key}`);
        categoryId = row!.id;
        categoryIds.set(key, categoryId);
      }
      const values = {
        name: input.name,
        brand: input.brand,
        priceCents: dollarsToCents(input.price),
        inventory: input.inventory,
        description: input.description,
        categoryId,
      };
      const target = id
        ? eq(products.id, id)
        : and(
            sql`lower(${products.name}) = lower(${input.name})`,
            sql`lower(${products.brand}) = lower(${input.brand})`,
          );
      const [existing] = await tx
        .select({ id: products.id, priceCents: products.priceCents, inventory: products.inventory })
        .from(products)
        .where(target);
      if (!existing && id) {
        errors[`line ${line}`] = [`no product has id ${id}`];
        continue;
      }
      // a product with several variants has their price and stock (decision 0036): sent back unchanged they pass
      if (
        existing &&
        (existing.priceCents !== values.priceCents || existing.inventory !== values.inventory) &&
        (await tx.$count(productVariants, eq(productVariants.productId, existing.id))) > 1
      ) {
        errors[`line ${line}`] = ["this product has variants: set its price and stock on each variant"];
        continue;
      }
      try {
        if (existing) {
          await tx
            .update(products)
            .set({ ...values, updatedAt: new Date() })
            .where(eq(products.id, existing.id));
          updated++;
        } else {
          await tx.insert(products).values(values);
          created++;
        }
      } catch (error) {
        refuseDuplicate(
          error,
          "products_name_brand_lower_key",
          () =>
            new ValidationError("1 line has errors; nothing was imported.", {
              [`line ${line}`]: ["another product already has this name and brand"],
            }),
        );
      }
    }
    const bad = Object.keys(errors).length;
    if (bad > 0)
      throw new ValidationError(`${bad} line${bad === 1 ? " has" : "s have"} errors; nothing was imported.`, errors);
    await recordAudit(tx, {
      actor: who,
      kind: "product.import",
      entity: { type: "product", id: "csv" },
      after: { created, updated },
    });
    return { created, updated };
  });
}
