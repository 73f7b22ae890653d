// Stock, the one thing about a product staff may change (docs/decisions/0038-running-the-shop.md): the variants'
// inventory and nothing else; the product's stock follows by the triggers of migration 0012.
import { and, asc, eq } from "drizzle-orm";
import type { Actor } from "../access";
import { getDb, type DbOrTx } from "~/db/client.server";
import { products, productVariants } from "~/db/schema";
import type { ProductDto } from "~/schemas/catalogue";
import type { StockInput } from "~/schemas/staff";
import { requireStaff } from "../access";
import { getProduct } from "./catalogue.server";
import { recordAudit } from "../audit/audit.server";
import { NotFoundError, ValidationError } from "../errors";

/** PUT /products/{productId}/stock: the stock of some of the product's variants (staff or admin). */
export async function setStock({
  actor,
  productId,
  input,
  db = getDb(),
}: {
  actor: Actor | null;
  productId: number;
  input: StockInput;
  db?: DbOrTx;
}): Promise<ProductDto> {
  const who = requireStaff(actor);
  await db.transaction(async (tx) => {
    // the product row first, then its variants, as the checkout locks them
    const [product] = await tx
      .select({ id: products.id })
      .from(products)
      .where(eq(products.id, productId))
      .for("update");
    if (!product) throw new NotFoundError("Product not found");
    const variants = await tx
      .select()
      .from(productVariants)
      .where(eq(productVariants.productId, productId))
      .orderBy(asc(productVariants.id))
      .for("update");
    const ids = new Set(variants.map((v) => v.id));
    const stranger = input.variants.find((row) => !ids.has(row.id));
    if (stranger) {
      throw new ValidationError(`Variant ${stranger.id} is not a variant of product ${productId}.`, {
        variants: [`Variant ${stranger.id} is not a variant of this product`],
      });
    }
    for (const row of [...input.variants].sort((a, b) => a.id - b.id)) {
      await tx
        .update(productVariants)
        .set({ inventory: row.inventory, updatedAt: new Date() })
        .where(and(eq(productVariants.id, row.id), eq(productVariants.productId, productId)));
    }
    const stockOf = (rows: Array<{ id: number; inventory: number }>) =>
      Object.fromEntries(rows.map((r) => [r.id, r.inventory]));
    await recordAudit(tx, {
      actor: who,
      kind: "stock.update",
      entity: { type: "product", id: productId },
      before: stockOf(variants.filter((v) => input.variants.some((r) => r.id === v.id))),
      after: stockOf(input.variants),
    });
  });
  return getProduct({ id: productId, db });
}
