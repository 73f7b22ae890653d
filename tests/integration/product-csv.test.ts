import { parse } from "csv-parse/sync";
import { and, asc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditLog, categories, productOptions, products, productVariants } from "~/db/schema";
import type { ImportResult } from "~/schemas/product-admin";
import { readCatalogueVersion } from "~/services/catalogue/catalogue-version.server";
import { seedDemoCatalogue } from "~/server/seed/seed.server";
import { useAdminCatalogue } from "../support/admin-catalogue";
import { useApiServer } from "../support/api-server";
import { word } from "../support/factories";
import type { Envelope } from "../support/requests";
import { useTestDatabase } from "../support/test-db";

// The product CSV is one row per variant (decision 0036, CSV addendum): exporting the whole catalogue and importing
// it back changes nothing; variants are matched by SKU, new combinations added, variants left out of the file kept
// and reported; a wrong row refuses the whole file with its line; files of one row per product still import.

const database = useTestDatabase();
const api = useApiServer();
const { adminAuth } = useAdminCatalogue(api, database);

const HEADER =
  "id,name,brand,category,description,option1_name,option1_value,option2_name,option2_value,option3_name,option3_value,sku,price,compare_at_price,inventory,weight_grams";

function importCsv(body: string) {
  return api.json<Envelope<ImportResult> & { errors?: Record<string, string[]> }>("/products/import", {
    method: "POST",
    headers: { ...adminAuth, "content-type": "text/csv" },
    body,
  });
}

async function exportCsv() {
  const response = await api.request("/products/export.csv", { headers: adminAuth });
  expect(response.status).toBe(200);
  return response.text();
}

/** Everything of the catalogue a CSV carries: products, options, variants with their figures. */
async function knobs() {
  const [row] = await database.db.select().from(categories).where(eq(categories.name, "Knobs"));
  return row;
}

async function catalogue() {
  const db = database.db;
  const [productRows, optionRows, variantRows] = await Promise.all([
    db
      .select({
        id: products.id,
        name: products.name,
        brand: products.brand,
        category: categories.name,
        description: products.description,
        priceCents: products.priceCents,
        inventory: products.inventory,
        updatedAt: products.updatedAt,
      })
      .from(products)
      .innerJoin(categories, eq(categories.id, products.categoryId))
      .orderBy(asc(products.id)),
    db.select().from(productOptions).orderBy(asc(productOptions.id)),
    db
      .select({
        id: productVariants.id,
        productId: productVariants.productId,
        sku: productVariants.sku,
        priceCents: productVariants.priceCents,
        compareAtCents: productVariants.compareAtCents,
        inventory: productVariants.inventory,
        weightGrams: productVariants.weightGrams,
        position: productVariants.position,
        option1: productVariants.option1,
        option2: productVariants.option2,
        option3: productVariants.option3,
      })
      .from(productVariants)
      .orderBy(asc(productVariants.id)),
  ]);
  return { productRows, optionRows, variantRows };
}

describe("product CSV, one row per variant", () => {
  beforeAll(async () => {
    await seedDemoCatalogue(database.db, { withImages: false });
  }, 120_000);

  it("exports a row per variant, and export then import of the whole catalogue changes nothing", async () => {
    const before = await catalogue();
    const csv = await exportCsv();
    const rows = parse(csv, { columns: true }) as Array<Record<string, string>>;
    expect(csv.split("\n")[0]).toBe(HEADER);
    expect(rows).toHaveLength(before.variantRows.length);
    const comet = rows.filter((r) => r.name === "Comet Shell");
    expect(comet.map((r) => [r.option1_name, r.option1_value])).toEqual([
      ["Colour", "White"],
      ["Colour", "Black"],
      ["Colour", "Pink"],
    ]);
    // a product without options: one row, its option columns empty
    const plain = rows.find((r) => r.option1_name === "")!;
    expect(rows.filter((r) => r.id === plain.id)).toHaveLength(1);
    expect(before.variantRows.some((v) => v.compareAtCents !== null)).toBe(true);

    const imported = await importCsv(csv);
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);
    expect(imported.body.data).toEqual({
      created: 0,
      updated: before.productRows.length,
      variantsCreated: 0,
      variantsUpdated: 0,
      variantsLeft: [],
    });
    expect(await catalogue()).toEqual(before);
    expect(await exportCsv()).toBe(csv);
  });

  it("adds a product with options; then updates variants by SKU, adds a combination, and keeps (and names) a variant left out", async () => {
    const tag = word();
    const row = (sku: string, colour: string, size: string, price: string, stock: number, compareAt = "") =>
      `,Glide ${tag},Acme,Mouse Pads,A pad.,Colour,${colour},Size,${size},,,${sku},${price},${compareAt},${stock},300`;
    const first = await importCsv(
      [HEADER, row(`GL-${tag}-BM`, "Black", "M", "20.00", 5), row(`GL-${tag}-BL`, "Black", "L", "25.00", 3)].join("\n"),
    );
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.data).toMatchObject({ created: 1, updated: 0, variantsCreated: 1, variantsLeft: [] });
    const [made] = await database.db
      .select()
      .from(products)
      .where(eq(products.name, `Glide ${tag}`));
    expect(made).toMatchObject({ priceCents: 2000, inventory: 8 });
    const variantsOf = () =>
      database.db
        .select()
        .from(productVariants)
        .where(eq(productVariants.productId, made!.id))
        .orderBy(asc(productVariants.position));
    expect((await variantsOf()).map((v) => [v.sku, v.option1, v.option2, v.priceCents, v.inventory])).toEqual([
      [`GL-${tag}-BM`, "Black", "M", 2000, 5],
      [`GL-${tag}-BL`, "Black", "L", 2500, 3],
    ]);

    const version = await readCatalogueVersion();
    // by id now: M's price and stock change and it goes on sale, White L is new (and joins the colours), Black L is left out
    const again = await importCsv(
      [
        HEADER,
        row(`GL-${tag}-BM`, "black", "M", "18.00", 9, "22.00").replace(/^/, String(made!.id)),
        row("", "White", "L", "26.00", 2).replace(/^/, String(made!.id)),
      ].join("\n"),
    );
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body.data).toEqual({
      created: 0,
      updated: 1,
      variantsCreated: 1,
      variantsUpdated: 1,
      variantsLeft: [`GL-${tag}-BL`],
    });
    // the cached catalogue pages learn of it, as of any variant write
    expect(await readCatalogueVersion()).not.toBe(version);
    expect(again.body.message).toContain(`1 variant not in the file left as it was (GL-${tag}-BL).`);
    const variants = await variantsOf();
    expect(variants.map((v) => [v.sku, v.option1, v.option2, v.priceCents, v.compareAtCents, v.inventory])).toEqual([
      [`GL-${tag}-BM`, "Black", "M", 1800, 2200, 9],
      [`GL-${tag}-BL`, "Black", "L", 2500, null, 3],
      [expect.stringMatching(/-WHITE-L$/), "White", "L", 2600, null, 2],
    ]);
    const options = await database.db.select().from(productOptions).where(eq(productOptions.productId, made!.id));
    expect(options.map((o) => [o.name, o.values])).toEqual([
      ["Colour", ["Black", "White"]],
      ["Size", ["M", "L"]],
    ]);
    // the stock change is audited per variant, as the admin's variant table's is
    const audits = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.kind, "variant.update"), eq(auditLog.entityId, String(made!.id))));
    expect(audits.at(-1)!.after).toEqual([
      expect.objectContaining({ sku: `GL-${tag}-BM`, inventory: 9, priceCents: 1800, compareAtCents: 2200 }),
      expect.objectContaining({ sku: expect.stringMatching(/WHITE-L$/), inventory: 2 }),
    ]);
  });

  it("refuses a whole file whose rows are wrong, with their lines, and writes nothing", async () => {
    const tag = word();
    const before = await catalogue();
    const [taken] = await database.db.select().from(productVariants).limit(1);
    const row = (rest: string) => `,Pad ${tag},Acme,Mouse Pads,${rest}`;
    const answer = await importCsv(
      [
        HEADER,
        row("A pad.,Size,M,,,,,,10.00,,1,"),
        row("Another text.,Size,L,,,,,,10.00,,1,"),
        row("A pad.,Size,M,,,,,,12.00,,1,"),
        row(`A pad.,Size,XL,,,,,${taken!.sku},12.00,,1,`),
        row("A pad.,Size,XXL,,,,,,12.00,11.00,1,"),
        row("A pad.,,,Grip,Soft,,,,12.00,,1,"),
        `,Solo ${tag},Acme,Mouse Pads,One.,,,,,,,,5.00,,1,`,
        `,Solo ${tag},Acme,Mouse Pads,One.,,,,,,,,5.00,,1,`,
      ].join("\n"),
    );
    expect(answer.status).toBe(422);
    expect(answer.body.errors).toEqual({
      "line 3": ["description differ from line 2: the rows of one product must agree"],
      "line 4": ["the same options as line 2"],
      "line 6": ["Compare-at price must be above the price (leave it blank when not on sale)"],
      "line 7": ["option2 is given without option1"],
      "line 9": ["the same product as line 8: a product without options has one row"],
    });
    expect(await catalogue()).toEqual(before);

    // a SKU of another product is found when the file is applied: still nothing written
    const other = await importCsv([HEADER, row(`A pad.,Size,XL,,,,,${taken!.sku},12.00,,1,`)].join("\n"));
    expect(other.status).toBe(422);
    expect(other.body.errors).toEqual({ "line 2": [`SKU ${taken!.sku} is a variant of product ${taken!.productId}`] });
    expect(await catalogue()).toEqual(before);
  });

  it("still imports a file of one row per product, as exported before", async () => {
    const tag = word();
    const old = "id,name,brand,category,price,inventory,description";
    const added = await importCsv(`${old}\n,Lamp ${tag},Acme,Lamps,10.00,3,A lamp.\n`);
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect(added.body.message).toBe("Imported: 1 added, 0 updated.");
    const [lamp] = await database.db
      .select()
      .from(products)
      .where(eq(products.name, `Lamp ${tag}`));
    const changed = await importCsv(`${old}\n${lamp!.id},Lamp ${tag},Acme,Lamps,12.50,7,A lamp.\n`);
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    const [variant] = await database.db.select().from(productVariants).where(eq(productVariants.productId, lamp!.id));
    expect(variant).toMatchObject({ priceCents: 1250, inventory: 7, sku: `P${lamp!.id}` });
  });

  it("a SKU the import makes for a row without one is none that a later row of the file names", async () => {
    const tag = word();
    const made = await importCsv(`${HEADER}\n,Knob ${tag},Acme,Knobs,A knob.,Colour,Red,,,,,Q-${tag},5.00,,1,`);
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const answer = await importCsv(
      [
        HEADER,
        `,Knob ${tag},Acme,Knobs,A knob.,Colour,Red,,,,,Q-${tag},5.00,,1,`,
        `,Knob ${tag},Acme,Knobs,A knob.,Colour,Blue,,,,,,5.00,,1,`,
        `,Dial ${tag},Acme,Knobs,A dial.,,,,,,,Q-${tag}-BLUE,5.00,,1,`,
      ].join("\n"),
    );
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    // the knob's new blue variant would have been Q-…-BLUE: the dial's row names it, so the import takes the next
    const skus = await database.db
      .select({ sku: productVariants.sku, name: products.name })
      .from(productVariants)
      .innerJoin(products, eq(products.id, productVariants.productId))
      .where(and(eq(products.brand, "Acme"), eq(products.categoryId, (await knobs())!.id)))
      .orderBy(asc(productVariants.sku));
    expect(skus.filter((row) => row.sku.startsWith(`Q-${tag}`))).toEqual([
      { sku: `Q-${tag}`, name: `Knob ${tag}` },
      { sku: `Q-${tag}-BLUE`, name: `Dial ${tag}` },
      { sku: `Q-${tag}-BLUE-2`, name: `Knob ${tag}` },
    ]);
  });
});
