// The locks of a product's writes: the product row first, then its variants, in the order the checkout takes them
// (it locks the products of an order before it moves their stock), so two writers of one product wait, never deadlock.
import { asc, eq } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { products, productVariants } from "~/db/schema";
import { NotFoundError, ValidationError } from "../errors";

/** Locks the product row (404 when there is none). */
export async function lockProduct(productId: number, tx: DbOrTx) {
  const [row] = await tx.select({ id: products.id }).from(products).where(eq(products.id, productId)).for("update");
  if (!row) throw new NotFoundError("Product not found");
}

/** The product's variants in their order, locked (call after lockProduct). */
export async function lockVariantsOf(productId: number, tx: DbOrTx) {
  return tx
    .select()
    .from(productVariants)
    .where(eq(productVariants.productId, productId))
    .orderBy(asc(productVariants.position), asc(productVariants.id))
    .for("update");
}

/**
 * Locks the product and its variants and checks that every id asked for is one of them: a 422 on `field` naming the
 * first stranger (a variant of another product, or none at all). Returns the product's variants, locked.
 */
export async function lockOwnVariants(productId: number, ids: readonly number[], field: string, tx: DbOrTx) {
  await lockProduct(productId, tx);
  const variants = await lockVariantsOf(productId, tx);
  const own = new Set(variants.map((v) => v.id));
  const stranger = ids.find((id) => !own.has(id));
  if (stranger !== undefined) {
    throw new ValidationError(`Variant ${stranger} is not a variant of product ${productId}.`, {
      [field]: [`Variant ${stranger} is not a variant of this product`],
    });
  }
  return variants;
}
