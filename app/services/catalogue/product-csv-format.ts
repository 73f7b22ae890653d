// The product CSV's columns and cells (docs/decisions/0036-product-variants.md, CSV addendum): one row per variant,
// the product's columns repeated on each, then its options, then the variant's figures. Pure: no database.
import { parse } from "csv-parse/sync";
import { ValidationError } from "../errors";

/** The export's columns, in order; the import reads them by name. */
export const CSV_COLUMNS = [
  "id",
  "name",
  "brand",
  "category",
  "description",
  "option1_name",
  "option1_value",
  "option2_name",
  "option2_value",
  "option3_name",
  "option3_value",
  "sku",
  "price",
  "compare_at_price",
  "inventory",
  "weight_grams",
] as const;

/** The columns every file needs: the one-row-per-product files of before (id, name, brand, category, price, inventory, description) have them. */
export const REQUIRED_COLUMNS = ["name", "brand", "category", "price", "inventory", "description"] as const;

/** The columns that make a file one row per variant; a file without any of them is one row per product. */
export const VARIANT_COLUMNS = CSV_COLUMNS.filter((c) => c.startsWith("option") || c === "sku");

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

/** The file's rows by column name (lower case; "Option1 Name" reads as option1_name), or a 422 for the whole file. */
export function readCsvRecords(text: string): Array<Record<string, string>> {
  let records: Array<Record<string, string>>;
  try {
    records = parse(text, {
      columns: (header: string[]) =>
        header.map((h) =>
          h
            .trim()
            .toLowerCase()
            .replace(/[\s-]+/g, "_"),
        ),
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
  const missing = REQUIRED_COLUMNS.filter((c) => !(c in records[0]!));
  if (missing.length > 0)
    throw new ValidationError(`Missing column${missing.length > 1 ? "s" : ""}: ${missing.join(", ")}.`, {
      file: [`Columns needed: ${REQUIRED_COLUMNS.join(", ")}`],
    });
  return records;
}

/** "2 lines have errors; nothing was imported." with the errors per line. */
export function lineErrors(errors: Record<string, string[]>): ValidationError {
  const bad = Object.keys(errors).length;
  return new ValidationError(`${bad} line${bad === 1 ? " has" : "s have"} errors; nothing was imported.`, errors);
}
