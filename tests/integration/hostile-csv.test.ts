import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { neutraliseFormula, restoreFormula } from "~/services/catalogue/product-csv.server";
import { useAdminCatalogue } from "../support/admin-catalogue";
import { useApiServer } from "../support/api-server";
import { word } from "../support/factories";
import { useTestDatabase } from "../support/test-db";

// CSV export is opened in spreadsheets: a product whose text starts like a formula must arrive as text (formula
// injection), and the export must import back unchanged.

const database = useTestDatabase();
const api = useApiServer();
const { adminAuth, productInput, addProduct } = useAdminCatalogue(api, database);

// the last: text that already starts with an apostrophe before a formula gets one more, and comes back as it was
const FORMULAS = ['=HYPERLINK("https://evil.example","Click")', "+1+1", "-2+3", "@SUM(A1)", "=1+1", "'=1+1"];

describe("CSV export and import of hostile text", () => {
  it.each(FORMULAS)("neutralises %j and restores it", (text) => {
    expect(neutraliseFormula(text)).toBe(`'${text}`);
    expect(restoreFormula(neutraliseFormula(text))).toBe(text);
  });

  it("leaves ordinary text, and text that merely starts with an apostrophe, alone", () => {
    for (const text of ["Raptor RGB", "'quoted'", "Mouse - black", "'", ""]) {
      expect(neutraliseFormula(text)).toBe(text);
      expect(restoreFormula(text)).toBe(text);
    }
  });

  it.each([
    ["a line with too few columns", "Lamp,Acme,Home,10,1,A lamp\nDesk,Acme\n", "Line 3 has 2 columns; expected 6."],
    ["an unclosed quote", 'Lamp,Acme,Home,10,1,"A lamp\n', 'Line 2 opens a quote (") that is never closed.'],
  ])("says %s as a person would, not in the parser's words", async (_what, rows, said) => {
    const csv = `name,brand,category,price,inventory,description\n${rows}`;
    const answer = await api.request("/products/import", {
      method: "POST",
      headers: { ...adminAuth, "content-type": "text/csv" },
      body: csv,
    });
    expect(answer.status).toBe(422);
    const body = (await answer.json()) as { message: string; errors: Record<string, string[]> };
    expect(body.errors.file).toEqual([said]);
    expect(body.message).toBe(`The file is not valid CSV: ${said}`);
    expect(body.message).not.toMatch(/Invalid Record Length|Quote Not Closed/);
  });

  it("exports formula-like names, brands and descriptions as text, and that export imports back unchanged", async () => {
    const tag = word();
    const added = await addProduct(
      productInput({
        name: `=HYPERLINK("https://evil.example","${tag}")`,
        brand: `@Brand ${tag}`,
        description: "-1+2",
      }),
    );
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    const id = (added.body.data as { id: number }).id;

    const exported = await api.request("/products/export.csv", { headers: adminAuth });
    expect(exported.status).toBe(200);
    const csv = await exported.text();
    const rows = parse(csv, { columns: true }) as Array<Record<string, string>>;
    const row = rows.find((r) => Number(r.id) === id)!;
    expect(row.name).toBe(`'=HYPERLINK("https://evil.example","${tag}")`);
    expect(row.brand).toBe(`'@Brand ${tag}`);
    expect(row.description).toBe("'-1+2");
    // no cell of the whole export starts like a formula
    for (const r of rows) for (const cell of Object.values(r)) expect(cell).not.toMatch(/^[=+@\t\r]/);

    const imported = await api.request("/products/import", {
      method: "POST",
      headers: { ...adminAuth, "content-type": "text/csv" },
      body: csv,
    });
    expect(imported.status, await imported.clone().text()).toBe(200);
    const product = await api.json<{ data: { name: string; brand: string; description: string } }>(
      `/products/product/${id}/product`,
    );
    expect(product.body.data).toMatchObject({
      name: `=HYPERLINK("https://evil.example","${tag}")`,
      brand: `@Brand ${tag}`,
      description: "-1+2",
    });
  });
});
