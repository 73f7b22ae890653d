import { customAlphabet } from "nanoid";
import sharp from "sharp";
import type { Db } from "~/db/client.server";
import { asc, eq } from "drizzle-orm";
import { categories, products, productVariants } from "~/db/schema";
import { processImage, storeImage } from "~/services/catalogue/images.server";

/** Letters only, so a generated word is one search token. */
export const word = customAlphabet("abcdefghijklmnopqrstuvwxyz", 10);

export async function createCategory(db: Db, name = `Category ${word()}`) {
  const [row] = await db.insert(categories).values({ name }).returning();
  return row!;
}

export async function createProduct(db: Db, values: Partial<typeof products.$inferInsert> & { categoryId: number }) {
  const [row] = await db
    .insert(products)
    .values({
      name: `Product ${word()}`,
      brand: `Brand ${word()}`,
      priceCents: 4999,
      inventory: 10,
      description: "A test product.",
      ...values,
    })
    .returning();
  return { ...row!, variantId: await defaultVariantId(db, row!.id) };
}

/** The product's default variant (the one the database made with the product, migration 0012). */
export async function defaultVariantId(db: Db, productId: number) {
  const [variant] = await db
    .select({ id: productVariants.id })
    .from(productVariants)
    .where(eq(productVariants.productId, productId))
    .orderBy(asc(productVariants.position), asc(productVariants.id))
    .limit(1);
  return variant!.id;
}

export async function pngBytes(width = 1000, height = 1000, color = "#3355ff") {
  return sharp({ create: { width, height, channels: 3, background: color } })
    .png()
    .toBuffer();
}

export async function createImage(
  db: Db,
  productId: number,
  options: { width?: number; height?: number; color?: string } = {},
) {
  const processed = await processImage(await pngBytes(options.width, options.height, options.color));
  return storeImage({ productId, fileName: `test-${word()}.png`, processed, db });
}
