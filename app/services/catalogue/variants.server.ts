// A product's options and variants (docs/decisions/0036-product-variants.md): what is read with a product, and the
// variant a cart line or an order line is for. The product's price_cents and inventory are derived from its variants
// by the database's triggers (migration 0012), in the transaction that changes a variant.
import { asc, eq, getTableColumns, inArray, sql } from "drizzle-orm";
import { getDb, type DbOrTx } from "~/db/client.server";
import { productOptions, productVariants, variantImages } from "~/db/schema";
import type { ProductOption, VariantDto } from "~/schemas/catalogue";
import { centsToDollars, dollarsToCents } from "~/lib/money";
import { NotFoundError, ValidationError } from "../errors";

export type VariantRow = typeof productVariants.$inferSelect;

/** A variant's value of each option, in the options' order (option1..option3). */
export function valuesOf(variant: Pick<VariantRow, "option1" | "option2" | "option3">, optionCount: number) {
  return [variant.option1, variant.option2, variant.option3].slice(0, optionCount).map((value) => value ?? "");
}

/** "Switch: Brown · Layout: ISO DE"; empty for a product without options. */
export function variantLabel(options: ProductOption[], variant: Pick<VariantRow, "option1" | "option2" | "option3">) {
  const values = valuesOf(variant, options.length);
  return options.map((option, i) => `${option.name}: ${values[i]}`).join(" · ");
}

/** The compare-at column to write: absent leaves it as it is, null clears it (docs/decisions/0041-sale-prices.md). */
export function compareAtColumn(compareAtPrice: number | null | undefined): { compareAtCents?: number | null } {
  if (compareAtPrice === undefined) return {};
  return { compareAtCents: compareAtPrice === null ? null : dollarsToCents(compareAtPrice) };
}

/** What the audit log keeps of a variant, before and after a write. */
export const variantFigures = (v: {
  id: number;
  sku: string;
  priceCents: number;
  compareAtCents: number | null;
  inventory: number;
  weightGrams: number | null;
}) => ({
  id: v.id,
  sku: v.sku,
  priceCents: v.priceCents,
  compareAtCents: v.compareAtCents,
  inventory: v.inventory,
  weightGrams: v.weightGrams,
});

export function variantDto(options: ProductOption[], variant: VariantRow, imageIds: number[] = []): VariantDto {
  const values = valuesOf(variant, options.length);
  return {
    id: variant.id,
    sku: variant.sku,
    price: centsToDollars(variant.priceCents),
    compareAtPrice: variant.compareAtCents === null ? null : centsToDollars(variant.compareAtCents),
    inventory: variant.inventory,
    weightGrams: variant.weightGrams,
    position: variant.position,
    selectedOptions: options.map((option, i) => ({ name: option.name, value: values[i]! })),
    label: variantLabel(options, variant),
    imageIds,
  };
}

export interface ProductVariants {
  options: ProductOption[];
  variants: VariantDto[];
}

/**
 * The pictures of a variant, in order, as a column of a query on product_variants: one query reads the variants and
 * their pictures. Qualified by hand: drizzle leaves a one-table query's columns bare, and a bare "id" here would mean
 * whichever table in scope has one.
 */
const variantPictureIds = sql<number[]>`array(
  select vi.image_id from ${variantImages} vi
  where vi.variant_id = ${productVariants}.id
  order by vi.position, vi.image_id)`;

/** The options and variants (default first, each with its pictures) of some products, with two queries. */
export async function variantsOfProducts(ids: number[], db: DbOrTx): Promise<Map<number, ProductVariants>> {
  const byProduct = new Map<number, ProductVariants>(ids.map((id) => [id, { options: [], variants: [] }]));
  if (ids.length === 0) return byProduct;
  const [optionRows, variantRows] = await Promise.all([
    db
      .select()
      .from(productOptions)
      .where(inArray(productOptions.productId, ids))
      .orderBy(asc(productOptions.productId), asc(productOptions.position)),
    db
      .select({ variant: getTableColumns(productVariants), imageIds: variantPictureIds })
      .from(productVariants)
      .where(inArray(productVariants.productId, ids))
      .orderBy(asc(productVariants.productId), asc(productVariants.position), asc(productVariants.id)),
  ]);
  for (const option of optionRows) {
    byProduct.get(option.productId)?.options.push({ name: option.name, values: option.values });
  }
  for (const { variant, imageIds } of variantRows) {
    const entry = byProduct.get(variant.productId);
    entry?.variants.push(variantDto(entry.options, variant, imageIds.map(Number)));
  }
  return byProduct;
}

export async function optionsOfProduct(productId: number, db: DbOrTx): Promise<ProductOption[]> {
  const rows = await db
    .select({ name: productOptions.name, values: productOptions.values })
    .from(productOptions)
    .where(eq(productOptions.productId, productId))
    .orderBy(asc(productOptions.position));
  return rows;
}

/**
 * The variant a shopper means: the named one, which must be the product's (an unknown id is a 404, another product's
 * a 422), or the product's default variant. With its label.
 */
export async function resolveVariant({
  productId,
  variantId,
  db = getDb(),
}: {
  productId: number;
  variantId?: number;
  db?: DbOrTx;
}): Promise<VariantRow & { label: string }> {
  let variant: VariantRow | undefined;
  if (variantId === undefined) {
    [variant] = await db
      .select()
      .from(productVariants)
      .where(eq(productVariants.productId, productId))
      .orderBy(asc(productVariants.position), asc(productVariants.id))
      .limit(1);
    if (!variant) throw new NotFoundError("Product not found");
  } else {
    [variant] = await db.select().from(productVariants).where(eq(productVariants.id, variantId));
    if (!variant) throw new NotFoundError("Variant not found", { variantId: ["No such variant"] });
    if (variant.productId !== productId) {
      throw new ValidationError(`Variant ${variantId} is not a variant of product ${productId}.`, {
        variantId: ["This variant belongs to another product"],
      });
    }
  }
  return { ...variant, label: variantLabel(await optionsOfProduct(productId, db), variant) };
}
