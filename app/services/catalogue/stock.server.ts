// Stock, the one thing about a product staff may change (docs/decisions/0038-running-the-shop.md): the variants'
// inventory and nothing else; the product's stock follows by the triggers of migration 0012.
import { and, eq } from "drizzle-orm";
import type { Actor } from "../access";
import { getDb, type DbOrTx } from "~/db/client.server";
import { productVariants } from "~/db/schema";
import type { ProductDto } from "~/schemas/catalogue";
import type { StockInput } from "~/schemas/staff";
import { requireStaff } from "../access";
import { getProduct } from "./catalogue.server";
import { recordAudit } from "../audit/audit.server";
import { lockOwnVariants } from "./product-locks.server";

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
    const variants = await lockOwnVariants(
      productId,
      input.variants.map((row) => row.id),
      "variants",
      tx,
    );
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
