// Reading a product CSV into products and their variants, every row checked before anything is written (one error and
// nothing is imported). Rows are grouped by product: by id when given, else by name and brand. Pure: no database.
import { ProductInputSchema } from "~/schemas/product-admin";
import { WeightGramsSchema } from "~/schemas/variant-admin";
import { MAX_ID, textProblem } from "~/schemas/common";
import { dollarsToCents } from "~/lib/money";
import { lineErrors, readCsvRecords, restoreFormula, VARIANT_COLUMNS } from "./product-csv-format";

/** One row's variant: its option values in the product's options' order, and its figures. */
export interface CsvVariantRow {
  line: number;
  values: string[];
  /** blank: the variant's own (or one made up for a new variant) */
  sku?: string;
  priceCents: number;
  /** undefined (no such column): unchanged; null (blank): not on sale */
  compareAtCents?: number | null;
  inventory: number;
  /** undefined (no such column): unchanged; null (blank): none */
  weightGrams?: number | null;
}

/** One product of the file: its columns (the same on each of its rows) and a row per variant. */
export interface CsvProduct {
  line: number;
  id: number | null;
  name: string;
  brand: string;
  category: string;
  description: string;
  optionNames: string[];
  rows: CsvVariantRow[];
}

export interface ProductCsv {
  /** one row per variant (the file has option or SKU columns), else one per product, as files were before */
  perVariant: boolean;
  products: CsvProduct[];
}

const PRODUCT_COLUMNS = ["name", "brand", "category", "description"] as const;
/** CSV names, values and SKUs compare without case. */
export const lower = (text: string) => text.toLowerCase();
/** Two lists of option names or values, the same without case and in order. */
export const sameValues = (a: string[], b: string[]) => a.map(lower).join("\u0000") === b.map(lower).join("\u0000");

/** Reads and checks a whole file: a ValidationError with the errors per line when any row is wrong. */
export function readProductCsv(text: string): ProductCsv {
  const records = readCsvRecords(text);
  const perVariant = VARIANT_COLUMNS.some((column) => column in records[0]!);
  const errors: Record<string, string[]> = {};
  const products = new Map<string, CsvProduct>();
  const skus = new Map<string, number>();
  records.forEach((record, index) => {
    const line = index + 2; // the header is line 1
    const problems: string[] = [];
    const row = readRow(record, line, problems);
    if (row) {
      const key = row.id !== null ? `#${row.id}` : `${lower(row.name)}\u0000${lower(row.brand)}`;
      const product = products.get(key);
      if (!product) products.set(key, row);
      else problems.push(...joinProduct(product, row, perVariant));
      const sku = row.rows[0]!.sku;
      const earlier = sku === undefined ? undefined : skus.get(lower(sku));
      if (earlier !== undefined) problems.push(`the same SKU as line ${earlier}`);
      else if (sku !== undefined) skus.set(lower(sku), line);
    }
    if (problems.length > 0) errors[`line ${line}`] = problems;
  });
  if (Object.keys(errors).length > 0) throw lineErrors(errors);
  return { perVariant, products: [...products.values()] };
}

/** Adds a row to the product it repeats, or says why it cannot be one of its variants. */
function joinProduct(product: CsvProduct, row: CsvProduct, perVariant: boolean): string[] {
  const differ: string[] = PRODUCT_COLUMNS.filter((column) => product[column] !== row[column]);
  if (!sameValues(product.optionNames, row.optionNames)) differ.push("option names");
  if (differ.length > 0)
    return [`${differ.join(", ")} differ from line ${product.line}: the rows of one product must agree`];
  if (product.optionNames.length === 0)
    return [
      perVariant
        ? `the same product as line ${product.line}: a product without options has one row`
        : `the same name and brand as line ${product.line}`,
    ];
  const variant = row.rows[0]!;
  const same = product.rows.find((r) => sameValues(r.values, variant.values));
  if (same) return [`the same options as line ${same.line}`];
  product.rows.push(variant);
  return [];
}

/** One row as a product with one variant, or null with its problems said. */
function readRow(record: Record<string, string>, line: number, problems: string[]): CsvProduct | null {
  for (const [column, cell] of Object.entries(record)) {
    const problem = textProblem(cell);
    if (problem) problems.push(`${column} ${problem}`);
  }
  if (problems.length > 0) return null;
  const text = (column: string) => (record[column] === undefined ? undefined : restoreFormula(record[column]));
  // an id past the database's integers (2147483647) is no product's: refused here, not by PostgreSQL (a 500)
  const id = record.id ? Number(record.id) : null;
  if (id !== null && !(Number.isInteger(id) && id > 0 && id <= MAX_ID))
    problems.push("id must be a positive whole number or empty");
  const parsed = ProductInputSchema.safeParse({
    name: text("name"),
    brand: text("brand"),
    description: text("description"),
    category: record.category ? { name: restoreFormula(record.category) } : undefined,
    price: record.price,
    inventory: record.inventory,
    compareAtPrice: record.compare_at_price,
  });
  if (!parsed.success) for (const issue of parsed.error.issues) problems.push(issue.message);
  const weight = record.weight_grams === undefined ? undefined : WeightGramsSchema.safeParse(record.weight_grams);
  if (weight && !weight.success) for (const issue of weight.error.issues) problems.push(issue.message);
  const sku = text("sku") || undefined;
  if (sku !== undefined && sku.length > 64) problems.push("SKU must be at most 64 characters");
  const options = readOptions(text, problems);
  if (!parsed.success || problems.length > 0) return null;
  const input = parsed.data;
  return {
    line,
    id,
    name: input.name,
    brand: input.brand,
    category: "name" in input.category ? input.category.name : "",
    description: input.description,
    optionNames: options.map((o) => o.name),
    rows: [
      {
        line,
        values: options.map((o) => o.value),
        sku,
        priceCents: dollarsToCents(input.price),
        compareAtCents:
          input.compareAtPrice === undefined || input.compareAtPrice === null
            ? input.compareAtPrice
            : dollarsToCents(input.compareAtPrice),
        inventory: input.inventory,
        weightGrams: weight?.data as number | null | undefined,
      },
    ],
  };
}

/** option1..option3: a name with its value, in order, without gaps; none for a product sold in one form. */
function readOptions(text: (column: string) => string | undefined, problems: string[]) {
  const options: Array<{ name: string; value: string }> = [];
  for (const n of [1, 2, 3]) {
    const name = text(`option${n}_name`) ?? "";
    const value = text(`option${n}_value`) ?? "";
    if (name === "" && value === "") continue;
    if (name === "" || value === "") problems.push(`option${n}_name and option${n}_value go together`);
    else if (options.length !== n - 1) problems.push(`option${n} is given without option${n - 1}`);
    else if (name.length > 60 || value.length > 60)
      problems.push(`option${n}'s name and value are at most 60 characters`);
    else if (options.some((o) => lower(o.name) === lower(name)))
      problems.push(`option${n} has the name of another option`);
    else options.push({ name, value });
  }
  return options;
}
