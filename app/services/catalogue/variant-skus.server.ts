// The SKUs the shop makes for variants nobody named (docs/decisions/0036-product-variants.md): the product's prefix and
// the variant's values ("KB-7-BROWN"), with a number added when another variant has it. Shared by the admin's variant
// writes and the CSV import.
import { sql } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { productVariants } from "~/db/schema";
import { valuesOf, type VariantRow } from "./variants.server";

/** A value as a part of a SKU: "Ice blue" → "ICE-BLUE". */
export const skuPart = (value: string) =>
  value
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, "-")
    .replace(/^-|-$/g, "") || "X";

/**
 * The SKU, or the SKU with a number added when another variant has it or it is `reserved` (lower case: the SKUs an
 * import's file names for rows still to be written).
 */
export async function freeSku(sku: string, tx: DbOrTx, reserved: ReadonlySet<string> = new Set()) {
  for (let n = 1; ; n++) {
    const candidate = n === 1 ? sku : `${sku}-${n}`;
    if (reserved.has(candidate.toLowerCase())) continue;
    const [taken] = await tx
      .select({ id: productVariants.id })
      .from(productVariants)
      .where(sql`lower(${productVariants.sku}) = lower(${candidate})`);
    if (!taken) return candidate;
  }
}

/** The SKU prefix a product's variants share: the default variant's SKU without its values ("KB-7" of "KB-7-RED"). */
export function skuPrefix(base: VariantRow, optionCount: number) {
  const baseValues = valuesOf(base, optionCount).map(skuPart).join("-");
  return baseValues && base.sku.endsWith(`-${baseValues}`) ? base.sku.slice(0, -baseValues.length - 1) : base.sku;
}

/** A free SKU for a new combination of a product whose default variant is `base`. */
export async function skuFor(
  base: VariantRow,
  optionCount: number,
  values: string[],
  tx: DbOrTx,
  reserved?: ReadonlySet<string>,
) {
  return freeSku([skuPrefix(base, optionCount), ...values.map(skuPart)].join("-"), tx, reserved);
}
