// The admin's side of options and variants (docs/decisions/0036-product-variants.md). Every write locks the product
// row first, then its variants, as the checkout does, so the two never wait on each other in a circle; the product's
// price and stock follow by the triggers of migration 0012.
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Actor } from "../access";
import { getDb, type DbOrTx } from "~/db/client.server";
import { productOptions, products, productVariants } from "~/db/schema";
import type { ProductDto, ProductOptionsInput, VariantsInput } from "~/schemas/catalogue";
import { dollarsToCents } from "~/lib/money";
import { requireAdmin } from "../access";
import { getProduct } from "./catalogue.server";
import { recordAudit } from "../audit/audit.server";
import { ConflictError, NotFoundError, refuseDuplicate, ValidationError } from "../errors";
import { valuesOf, type VariantRow } from "./variants.server";

async function lockProduct(productId: number, tx: DbOrTx) {
  const [row] = await tx.select({ id: products.id }).from(products).where(eq(products.id, productId)).for("update");
  if (!row) throw new NotFoundError("Product not found");
}

async function variantsOf(productId: number, tx: DbOrTx) {
  return tx
    .select()
    .from(productVariants)
    .where(eq(productVariants.productId, productId))
    .orderBy(asc(productVariants.position), asc(productVariants.id))
    .for("update");
}

/** Every combination of the options' values, in order (the first option varies slowest). */
export function combinations(options: ProductOptionsInput["options"]): string[][] {
  return options.reduce<string[][]>(
    (combos, option) => combos.flatMap((combo) => option.values.map((value) => [...combo, value])),
    [[]],
  );
}

const skuPart = (value: string) =>
  value
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, "-")
    .replace(/^-|-$/g, "") || "X";

/**
 * PUT /products/{productId}/options: sets the product's options; its variants become every combination of their
 * values. A variant already there keeps its SKU, price, stock and cart lines: it is the combination with its values
 * for the options it had (matched by name), and the first value of an option it did not have. New combinations start
 * at the default variant's price with no stock; combinations no longer offered are deleted (their order lines keep
 * their label). Without options the product is sold in one form, its first variant's.
 */
export async function setProductOptions({
  actor,
  productId,
  input,
  db = getDb(),
}: {
  actor: Actor | null;
  productId: number;
  input: ProductOptionsInput;
  db?: DbOrTx;
}): Promise<ProductDto> {
  const who = requireAdmin(actor);
  await db.transaction(async (tx) => {
    await lockProduct(productId, tx);
    const oldOptions = await tx
      .select()
      .from(productOptions)
      .where(eq(productOptions.productId, productId))
      .orderBy(asc(productOptions.position));
    const variants = await variantsOf(productId, tx);
    const combos = combinations(input.options);
    const key = (values: string[]) => JSON.stringify(values.map((v) => v.toLowerCase()));
    const comboAt = new Map(combos.map((combo, i) => [key(combo), i]));

    // where each existing variant lands among the new combinations (at most one variant per combination)
    const kept = new Map<number, VariantRow>();
    for (const variant of variants) {
      const old = valuesOf(variant, oldOptions.length);
      const values = input.options.map((option) => {
        const at = oldOptions.findIndex((o) => o.name.toLowerCase() === option.name.toLowerCase());
        const value = at < 0 ? undefined : old[at];
        return option.values.find((v) => v.toLowerCase() === value?.toLowerCase()) ?? option.values[0]!;
      });
      const at = comboAt.get(key(values));
      if (at !== undefined && !kept.has(at)) kept.set(at, variant);
    }
    const base = variants[0]!;
    const baseValues = valuesOf(base, oldOptions.length).map(skuPart).join("-");
    const prefix =
      baseValues && base.sku.endsWith(`-${baseValues}`) ? base.sku.slice(0, -baseValues.length - 1) : base.sku;
    const gone = variants.filter((v) => ![...kept.values()].includes(v));
    if (gone.length > 0) {
      await tx.delete(productVariants).where(
        inArray(
          productVariants.id,
          gone.map((v) => v.id),
        ),
      );
    }
    // out of the way first, so that no two variants ever hold one combination between two updates
    for (const variant of kept.values()) {
      await tx
        .update(productVariants)
        .set({ option1: `\uffff${variant.id}`, option2: null, option3: null })
        .where(eq(productVariants.id, variant.id));
    }
    const columns = (combo: string[]) => ({
      option1: combo[0] ?? null,
      option2: combo[1] ?? null,
      option3: combo[2] ?? null,
    });
    for (const [at, combo] of combos.entries()) {
      const variant = kept.get(at);
      if (variant) {
        await tx
          .update(productVariants)
          .set({ ...columns(combo), position: at, updatedAt: new Date() })
          .where(eq(productVariants.id, variant.id));
      } else {
        await tx.insert(productVariants).values({
          productId,
          sku: await freeSku([prefix, ...combo.map(skuPart)].join("-"), tx),
          priceCents: base.priceCents,
          inventory: 0,
          weightGrams: base.weightGrams,
          position: at,
          ...columns(combo),
        });
      }
    }
    await tx.delete(productOptions).where(eq(productOptions.productId, productId));
    if (input.options.length > 0) {
      await tx
        .insert(productOptions)
        .values(input.options.map((option, i) => ({ productId, position: i + 1, ...option })));
    }
    await recordAudit(tx, {
      actor: who,
      kind: "product.options",
      entity: { type: "product", id: productId },
      before: oldOptions.map((o) => ({ name: o.name, values: o.values })),
      after: input.options,
    });
  });
  return getProduct({ id: productId, db });
}

/** The SKU, or the SKU with a number added when another variant has it. */
async function freeSku(sku: string, tx: DbOrTx) {
  for (let n = 1; ; n++) {
    const candidate = n === 1 ? sku : `${sku}-${n}`;
    const [taken] = await tx
      .select({ id: productVariants.id })
      .from(productVariants)
      .where(sql`lower(${productVariants.sku}) = lower(${candidate})`);
    if (!taken) return candidate;
  }
}

/** PUT /products/{productId}/variants: the SKU, price, stock and weight of each of the product's variants. */
export async function updateVariants({
  actor,
  productId,
  input,
  db = getDb(),
}: {
  actor: Actor | null;
  productId: number;
  input: VariantsInput;
  db?: DbOrTx;
}): Promise<ProductDto> {
  const who = requireAdmin(actor);
  try {
    await db.transaction(async (tx) => {
      await lockProduct(productId, tx);
      const current = await variantsOf(productId, tx);
      const ids = new Set(current.map((v) => v.id));
      const stranger = input.variants.find((row) => !ids.has(row.id));
      if (stranger) {
        throw new ValidationError(`Variant ${stranger.id} is not a variant of product ${productId}.`, {
          variants: [`Variant ${stranger.id} is not a variant of this product`],
        });
      }
      for (const row of [...input.variants].sort((a, b) => a.id - b.id)) {
        await tx
          .update(productVariants)
          .set({
            sku: row.sku,
            priceCents: dollarsToCents(row.price),
            inventory: row.inventory,
            weightGrams: row.weightGrams,
            updatedAt: new Date(),
          })
          .where(and(eq(productVariants.id, row.id), eq(productVariants.productId, productId)));
      }
      const figures = (v: {
        id: number;
        sku: string;
        priceCents: number;
        inventory: number;
        weightGrams: number | null;
      }) => ({
        id: v.id,
        sku: v.sku,
        priceCents: v.priceCents,
        inventory: v.inventory,
        weightGrams: v.weightGrams,
      });
      await recordAudit(tx, {
        actor: who,
        kind: "variant.update",
        entity: { type: "product", id: productId },
        before: current.filter((v) => input.variants.some((r) => r.id === v.id)).map(figures),
        after: input.variants.map((r) => figures({ ...r, priceCents: dollarsToCents(r.price) })),
      });
    });
  } catch (error) {
    refuseDuplicate(
      error,
      "product_variants_sku_lower_key",
      () => new ConflictError("Another variant has this SKU.", { variants: ["Another variant has one of these SKUs"] }),
    );
  }
  return getProduct({ id: productId, db });
}

/**
 * DELETE /products/{productId}/variants/{variantId}: the combination is no longer sold (the page shows it as not
 * offered); cart lines of it go, order lines keep their label. The last variant cannot go: delete the product.
 */
export async function deleteVariant({
  actor,
  productId,
  variantId,
  db = getDb(),
}: {
  actor: Actor | null;
  productId: number;
  variantId: number;
  db?: DbOrTx;
}): Promise<ProductDto> {
  const who = requireAdmin(actor);
  await db.transaction(async (tx) => {
    await lockProduct(productId, tx);
    const variants = await variantsOf(productId, tx);
    const gone = variants.find((v) => v.id === variantId);
    if (!gone) throw new NotFoundError("Variant not found");
    if (variants.length === 1) {
      throw new ConflictError("A product needs at least one variant: delete the product instead.");
    }
    await tx.delete(productVariants).where(eq(productVariants.id, variantId));
    await recordAudit(tx, {
      actor: who,
      kind: "variant.delete",
      entity: { type: "product", id: productId },
      before: gone,
    });
  });
  return getProduct({ id: productId, db });
}
