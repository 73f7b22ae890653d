// The admin's side of options and variants (docs/decisions/0036-product-variants.md). Every write locks the product
// row first, then its variants, as the checkout does, so the two never wait on each other in a circle; the product's
// price and stock follow by the triggers of migration 0012.
import { and, asc, eq, inArray } from "drizzle-orm";
import type { Actor } from "../access";
import { getDb, type DbOrTx } from "~/db/client.server";
import { productOptions, productVariants } from "~/db/schema";
import type { ProductDto } from "~/schemas/catalogue";
import type { BulkVariantsInput, NewVariantInput, ProductOptionsInput, VariantsInput } from "~/schemas/variant-admin";
import { dollarsToCents, formatCents } from "~/lib/money";
import { requireAdmin } from "../access";
import { getProduct } from "./catalogue.server";
import { recordAudit } from "../audit/audit.server";
import { ConflictError, NotFoundError, refuseDuplicate, ValidationError } from "../errors";
import { compareAtColumn, valuesOf, variantFigures, type VariantRow } from "./variants.server";
import { freeSku, skuFor, skuPart, skuPrefix } from "./variant-skus.server";
import { lockOwnVariants, lockProduct, lockVariantsOf } from "./product-locks.server";

/** Every combination of the options' values, in order (the first option varies slowest). */
export function combinations(options: ProductOptionsInput["options"]): string[][] {
  return options.reduce<string[][]>(
    (combos, option) => combos.flatMap((combo) => option.values.map((value) => [...combo, value])),
    [[]],
  );
}

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
    const variants = await lockVariantsOf(productId, tx);
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
    const prefix = skuPrefix(base, oldOptions.length);
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
      const current = await lockOwnVariants(
        productId,
        input.variants.map((row) => row.id),
        "variants",
        tx,
      );
      for (const row of [...input.variants].sort((a, b) => a.id - b.id)) {
        await tx
          .update(productVariants)
          .set({
            sku: row.sku,
            priceCents: dollarsToCents(row.price),
            ...compareAtColumn(row.compareAtPrice),
            inventory: row.inventory,
            weightGrams: row.weightGrams,
            updatedAt: new Date(),
          })
          .where(and(eq(productVariants.id, row.id), eq(productVariants.productId, productId)));
      }
      await recordAudit(tx, {
        actor: who,
        kind: "variant.update",
        entity: { type: "product", id: productId },
        before: current.filter((v) => input.variants.some((r) => r.id === v.id)).map(variantFigures),
        after: input.variants.map((r) => {
          const written = compareAtColumn(r.compareAtPrice);
          const was = current.find((v) => v.id === r.id)?.compareAtCents ?? null;
          return variantFigures({
            ...r,
            priceCents: dollarsToCents(r.price),
            compareAtCents: "compareAtCents" in written ? (written.compareAtCents ?? null) : was,
          });
        }),
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
    const variants = await lockVariantsOf(productId, tx);
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

/**
 * POST /products/{productId}/variants: one combination added by hand, a value for each option (a value an option does
 * not offer yet is added to its values), with its own SKU (made from the product's when blank), price and stock.
 * A product sold in one form has no options to combine: define them first (422). A combination already sold is 409.
 */
export async function addVariant({
  actor,
  productId,
  input,
  db = getDb(),
}: {
  actor: Actor | null;
  productId: number;
  input: NewVariantInput;
  db?: DbOrTx;
}): Promise<{ product: ProductDto; variantId: number }> {
  const who = requireAdmin(actor);
  let variantId = 0;
  try {
    await db.transaction(async (tx) => {
      await lockProduct(productId, tx);
      const options = await tx
        .select()
        .from(productOptions)
        .where(eq(productOptions.productId, productId))
        .orderBy(asc(productOptions.position));
      if (options.length === 0) {
        throw new ValidationError("This product has no options: define its options first.", {
          values: ["Define the product's options first"],
        });
      }
      if (input.values.length !== options.length) {
        throw new ValidationError(`Give a value for each of the ${options.length} options.`, {
          values: [`Give a value for each of the ${options.length} options`],
        });
      }
      const values = input.values.map((value, i) => {
        const option = options[i]!;
        const known = option.values.find((v) => v.toLowerCase() === value.toLowerCase());
        if (known !== undefined) return known;
        if (option.values.length >= 30) {
          throw new ValidationError(`${option.name} has 30 values already.`, {
            [`values[${i}]`]: [`${option.name} has 30 values already`],
          });
        }
        return value;
      });
      const variants = await lockVariantsOf(productId, tx);
      const key = (vs: string[]) => JSON.stringify(vs.map((v) => v.toLowerCase()));
      if (variants.some((v) => key(valuesOf(v, options.length)) === key(values))) {
        throw new ConflictError("This combination is already a variant.", {
          values: ["This combination is already a variant"],
        });
      }
      for (const [i, option] of options.entries()) {
        if (!option.values.includes(values[i]!)) {
          await tx
            .update(productOptions)
            .set({ values: [...option.values, values[i]!] })
            .where(eq(productOptions.id, option.id));
        }
      }
      const base = variants[0]!;
      const [row] = await tx
        .insert(productVariants)
        .values({
          productId,
          sku: input.sku ?? (await skuFor(base, options.length, values, tx)),
          priceCents: dollarsToCents(input.price),
          ...compareAtColumn(input.compareAtPrice),
          inventory: input.inventory,
          weightGrams: input.weightGrams === undefined ? base.weightGrams : input.weightGrams,
          position: Math.max(...variants.map((v) => v.position)) + 1,
          option1: values[0] ?? null,
          option2: values[1] ?? null,
          option3: values[2] ?? null,
        })
        .returning();
      variantId = row!.id;
      await recordAudit(tx, {
        actor: who,
        kind: "variant.create",
        entity: { type: "product", id: productId },
        after: { ...variantFigures(row!), options: values },
      });
    });
  } catch (error) {
    refuseDuplicate(
      error,
      "product_variants_sku_lower_key",
      () => new ConflictError("Another variant has this SKU.", { sku: ["Another variant has this SKU"] }),
    );
  }
  return { product: await getProduct({ id: productId, db }), variantId };
}

/**
 * POST /products/{productId}/variants/bulk: one price, compare-at price (or none) and/or stock for each of the chosen
 * variants. A compare-at price not above a chosen variant's price (its new one, when the action sets one) is refused.
 */
export async function bulkUpdateVariants({
  actor,
  productId,
  input,
  db = getDb(),
}: {
  actor: Actor | null;
  productId: number;
  input: BulkVariantsInput;
  db?: DbOrTx;
}): Promise<ProductDto> {
  const who = requireAdmin(actor);
  await db.transaction(async (tx) => {
    const current = await lockOwnVariants(productId, input.variantIds, "variantIds", tx);
    const chosen = current.filter((v) => input.variantIds.includes(v.id));
    const after = chosen.map((v) => ({
      ...v,
      priceCents: input.price === undefined ? v.priceCents : dollarsToCents(input.price),
      inventory: input.inventory ?? v.inventory,
      compareAtCents:
        compareAtColumn(input.compareAtPrice).compareAtCents ??
        (input.compareAtPrice === undefined ? v.compareAtCents : null),
    }));
    const under = after.find(
      (v) => typeof input.compareAtPrice === "number" && v.compareAtCents !== null && v.compareAtCents <= v.priceCents,
    );
    if (under) {
      throw new ValidationError("Compare-at price must be above the price of each selected variant.", {
        compareAtPrice: [
          `Compare-at price must be above the price of each selected variant (${under.sku} is ${formatCents(under.priceCents)})`,
        ],
      });
    }
    for (const v of [...after].sort((a, b) => a.id - b.id)) {
      await tx
        .update(productVariants)
        .set({
          priceCents: v.priceCents,
          inventory: v.inventory,
          compareAtCents: v.compareAtCents,
          updatedAt: new Date(),
        })
        .where(eq(productVariants.id, v.id));
    }
    await recordAudit(tx, {
      actor: who,
      kind: "variant.update",
      entity: { type: "product", id: productId },
      before: chosen.map(variantFigures),
      after: after.map(variantFigures),
    });
  });
  return getProduct({ id: productId, db });
}
