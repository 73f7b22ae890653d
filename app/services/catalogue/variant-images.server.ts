// A variant's own pictures (docs/decisions/0036-product-variants.md), chosen among its product's images. Like every
// variant write, it locks the product row first, then its variants (product-locks.server.ts).
import { and, asc, eq, inArray } from "drizzle-orm";
import type { Actor } from "../access";
import { getDb, type DbOrTx } from "~/db/client.server";
import { images, variantImages } from "~/db/schema";
import type { ProductDto } from "~/schemas/catalogue";
import type { VariantImagesInput } from "~/schemas/variant-admin";
import { requireAdmin } from "../access";
import { getProduct } from "./catalogue.server";
import { recordAudit } from "../audit/audit.server";
import { NotFoundError, ValidationError } from "../errors";
import { lockProduct, lockVariantsOf } from "./product-locks.server";

/**
 * PUT /products/{productId}/variants/{variantId}/images: the variant's pictures, in order, chosen among its product's
 * images (none: the variant shows the product's). An image of another product is refused (422).
 */
export async function setVariantImages({
  actor,
  productId,
  variantId,
  input,
  db = getDb(),
}: {
  actor: Actor | null;
  productId: number;
  variantId: number;
  input: VariantImagesInput;
  db?: DbOrTx;
}): Promise<ProductDto> {
  const who = requireAdmin(actor);
  await db.transaction(async (tx) => {
    await lockProduct(productId, tx);
    const variants = await lockVariantsOf(productId, tx);
    if (!variants.some((v) => v.id === variantId)) throw new NotFoundError("Variant not found");
    const before = await tx
      .select({ imageId: variantImages.imageId })
      .from(variantImages)
      .where(eq(variantImages.variantId, variantId))
      .orderBy(asc(variantImages.position));
    if (input.imageIds.length > 0) {
      const own = new Set(
        (
          await tx
            .select({ id: images.id })
            .from(images)
            .where(and(eq(images.productId, productId), inArray(images.id, input.imageIds)))
        ).map((row) => row.id),
      );
      const stranger = input.imageIds.find((id) => !own.has(id));
      if (stranger !== undefined) {
        throw new ValidationError(`Image ${stranger} is not a picture of product ${productId}.`, {
          imageIds: [`Image ${stranger} is not a picture of this product`],
        });
      }
    }
    await tx.delete(variantImages).where(eq(variantImages.variantId, variantId));
    if (input.imageIds.length > 0) {
      await tx
        .insert(variantImages)
        .values(input.imageIds.map((imageId, position) => ({ variantId, imageId, position })));
    }
    await recordAudit(tx, {
      actor: who,
      kind: "variant.images",
      entity: { type: "product", id: productId },
      before: { variantId, imageIds: before.map((row) => row.imageId) },
      after: { variantId, imageIds: input.imageIds },
    });
  });
  return getProduct({ id: productId, db });
}
