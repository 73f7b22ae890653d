import { describe, expect, it } from "vitest";
import { parseWithZod } from "@conform-to/zod/v4";
import { ProductInputSchema } from "~/schemas/product-admin";
import { BulkVariantsInputSchema, NewVariantInputSchema, VariantsInputSchema } from "~/schemas/variant-admin";
import { ProductFormSchema } from "~/schemas/product-form";
import { wasPrice } from "~/lib/sale";

// A compare-at price counts only above the price: the shared schemas refuse one at or below it on its own field,
// for the API's JSON and the admin's forms alike (docs/decisions/0041-sale-prices.md).

const MESSAGE = "Compare-at price must be above the price (leave it blank when not on sale)";
const row = { id: 1, sku: "KB-1", price: 79.99, inventory: 5, weightGrams: null };
const product = { name: "Deck", brand: "Acme", price: 79.99, inventory: 3, description: "A deck.", category: "Gear" };

function issues(result: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) {
  return (result.error?.issues ?? []).map((issue) => [issue.path.join("."), issue.message]);
}

describe("compare-at price in the shared schemas", () => {
  it("a variant row takes a compare-at price above its price, none (null or blank) or leaves it out", () => {
    expect(
      VariantsInputSchema.parse({ variants: [{ ...row, compareAtPrice: 99.99 }] }).variants[0]!.compareAtPrice,
    ).toBe(99.99);
    expect(
      VariantsInputSchema.parse({ variants: [{ ...row, compareAtPrice: null }] }).variants[0]!.compareAtPrice,
    ).toBeNull();
    expect(
      VariantsInputSchema.parse({ variants: [{ ...row, compareAtPrice: "" }] }).variants[0]!.compareAtPrice,
    ).toBeNull();
    expect(VariantsInputSchema.parse({ variants: [row] }).variants[0]!.compareAtPrice).toBeUndefined();
  });

  it("a variant row refuses a compare-at price at or below its price, on the row's compareAtPrice", () => {
    for (const compareAtPrice of [79.99, 50, "79.99"]) {
      const result = VariantsInputSchema.safeParse({ variants: [{ ...row, compareAtPrice }] });
      expect(issues(result)).toEqual([["variants.0.compareAtPrice", MESSAGE]]);
    }
    expect(issues(VariantsInputSchema.safeParse({ variants: [{ ...row, compareAtPrice: 89.999 }] }))).toEqual([
      ["variants.0.compareAtPrice", "Compare-at price can have at most 2 decimals"],
    ]);
    expect(issues(VariantsInputSchema.safeParse({ variants: [{ ...row, compareAtPrice: "lots" }] }))).toEqual([
      ["variants.0.compareAtPrice", "Compare-at price must be a number"],
    ]);
  });

  it("the admin's variant table (a plain form) says it under the row's field, with the other fields' errors", () => {
    const form = new FormData();
    form.set("variants[0].id", "1");
    form.set("variants[0].sku", "");
    form.set("variants[0].price", "79.99");
    form.set("variants[0].compareAtPrice", "70");
    form.set("variants[0].inventory", "5");
    form.set("variants[0].weightGrams", "");
    const submission = parseWithZod(form, { schema: VariantsInputSchema });
    expect(submission.status).toBe("error");
    expect(submission.reply().error).toMatchObject({
      "variants[0].compareAtPrice": [MESSAGE],
      "variants[0].sku": ["SKU is required"],
    });
  });

  it("a new variant and a product (API) refuse it too", () => {
    expect(
      issues(NewVariantInputSchema.safeParse({ values: ["Red"], price: 10, inventory: 1, compareAtPrice: 10 })),
    ).toEqual([["compareAtPrice", MESSAGE]]);
    expect(issues(ProductInputSchema.safeParse({ ...product, compareAtPrice: 9 }))).toEqual([
      ["compareAtPrice", MESSAGE],
    ]);
    expect(ProductInputSchema.parse({ ...product, compareAtPrice: 89.99 }).compareAtPrice).toBe(89.99);
    expect(ProductInputSchema.parse(product).compareAtPrice).toBeUndefined();
  });

  it("the product form refuses it on its field and hands a valid one to the API's input", () => {
    const form = (compareAtPrice: string) => {
      const data = new FormData();
      for (const [key, value] of Object.entries({ ...product, price: "79.99", inventory: "3", category: "1" })) {
        data.set(key, String(value));
      }
      data.set("compareAtPrice", compareAtPrice);
      return parseWithZod(data, { schema: ProductFormSchema });
    };
    expect(form("79.99").reply().error).toMatchObject({ compareAtPrice: [MESSAGE] });
    const ok = form("99.99");
    expect(ok.status).toBe("success");
    expect(ok.status === "success" && ok.value.compareAtPrice).toBe(99.99);
    const blank = form("");
    expect(blank.status === "success" && blank.value.compareAtPrice).toBeNull();
  });

  it("the shop shows a regular price only while it is above the price", () => {
    expect(wasPrice({ price: 79.99, compareAtPrice: 99.99 })).toBe(99.99);
    expect(wasPrice({ price: 79.99, compareAtPrice: 79.99 })).toBeNull();
    expect(wasPrice({ price: 79.99, compareAtPrice: 59.99 })).toBeNull();
    expect(wasPrice({ price: 79.99, compareAtPrice: null })).toBeNull();
  });

  it("the bulk action sets a compare-at price, clears it (a form's checkbox or null), or leaves it (blank)", () => {
    const form = (fields: Record<string, string>) => {
      const data = new FormData();
      data.append("variantIds", "1");
      data.append("variantIds", "2");
      for (const [k, v] of Object.entries(fields)) data.append(k, v);
      return parseWithZod(data, { schema: BulkVariantsInputSchema });
    };
    const set = form({ compareAtPrice: "89.99", price: "", inventory: "" });
    expect(set.status === "success" && set.value).toEqual({ variantIds: [1, 2], compareAtPrice: 89.99 });
    const cleared = form({ compareAtPrice: "", clearCompareAt: "on" });
    expect(cleared.status === "success" && cleared.value).toEqual({ variantIds: [1, 2], compareAtPrice: null });
    expect(BulkVariantsInputSchema.parse({ variantIds: [1], compareAtPrice: null }).compareAtPrice).toBeNull();
    // with a price in the same action, on its own field; both "set" and "clear", or nothing at all, refused
    expect(issues(BulkVariantsInputSchema.safeParse({ variantIds: [1], price: 50, compareAtPrice: 50 }))).toEqual([
      ["compareAtPrice", MESSAGE],
    ]);
    expect(
      issues(BulkVariantsInputSchema.safeParse({ variantIds: [1], compareAtPrice: 60, clearCompareAt: true })),
    ).toEqual([["compareAtPrice", "Give a compare-at price or clear it, not both"]]);
    expect(form({ compareAtPrice: "", price: "" }).status).toBe("error");
  });
});
