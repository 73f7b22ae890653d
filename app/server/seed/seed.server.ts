import { eq, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "~/db/client.server";
import {
  categories,
  productOptions,
  products,
  productVariants,
  shippingMethods,
  shippingZones,
  shopSettings,
  taxRates,
  variantImages,
} from "~/db/schema";
import { countryList } from "~/lib/countries.server";
import { loadSharp, processImage, storeImage } from "~/services/catalogue/images.server";
import { seedCategories, seedProducts, type SeedProduct } from "./catalogue";
import { renderProductSvg } from "./illustrations";
import { SEED_PRICING_SETTINGS, SEED_SHIPPING_ZONES, SEED_TAX_RATES } from "./pricing";

/** created_at of the demo products counts back from this fixed day, so the seed is the same on every machine. */
const SEED_BASE_DATE = Date.UTC(2026, 9, 1, 12, 0, 0);
/** originals of the demo images; the 200 and 400 px WebP variants are made from them */
const IMAGE_SIZE = 800;

/** Seeds started together (two `npm run db:seed`) take turns: the second finds the shop written and writes nothing. */
const SEED_LOCK_ID = 7_312_002;

/** True when the database holds no catalogue and no users: a brand-new shop. */
export async function isEmptyShop(db: DbOrTx): Promise<boolean> {
  const [row] = await db
    .execute<{ n: number }>(
      sql`SELECT (SELECT count(*) FROM categories) + (SELECT count(*) FROM products) + (SELECT count(*) FROM users) AS n`,
    )
    .then((r) => (r as unknown as { rows: Array<{ n: number | string }> }).rows);
  return Number(row?.n ?? 0) === 0;
}

async function renderImage(product: SeedProduct, view: 0 | 1 | 2): Promise<Buffer> {
  const sharp = await loadSharp();
  return sharp(Buffer.from(renderProductSvg(product, view)))
    .resize(IMAGE_SIZE, IMAGE_SIZE)
    .webp({ quality: 82, effort: 2 })
    .toBuffer();
}

function slug(text: string) {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}

/**
 * Writes the deterministic demo catalogue: categories, products and their generated images, in one transaction. With
 * `onlyIfEmpty`, the transaction first takes an advisory lock and checks that the shop is still empty, so seeds
 * racing each other write it once (`written` says whether this one did).
 */
export async function seedDemoCatalogue(
  db: Db,
  { withImages = true, onlyIfEmpty = false }: { withImages?: boolean; onlyIfEmpty?: boolean } = {},
) {
  const started = Date.now();
  // images are rendered before the transaction, so it stays short
  const rendered = withImages
    ? await mapLimited(seedProducts, 4, async (product) =>
        Promise.all(
          ([0, 1, 2] as const)
            .slice(0, product.imageCount)
            .map(async (view) => processImage(await renderImage(product, view))),
        ),
      )
    : seedProducts.map(() => []);
  // a colour option's other values: the first view again in each value's colour (the first value's is the product's)
  const colourPictures = withImages
    ? await mapLimited(seedProducts, 4, async (product) =>
        Promise.all(
          (product.options?.[0]?.colors ?? [])
            .slice(1)
            .map(async (body) => processImage(await renderImage({ ...product, colors: [body, product.colors[1]] }, 0))),
        ),
      )
    : seedProducts.map(() => []);

  const written = await db.transaction(async (tx) => {
    if (onlyIfEmpty) {
      // another seed may hold it for a while: wait without the request-sized lock and statement timeouts
      await tx.execute(sql`SET LOCAL lock_timeout = 0`);
      await tx.execute(sql`SET LOCAL statement_timeout = 0`);
      await tx.execute(sql`SELECT pg_advisory_xact_lock(${SEED_LOCK_ID})`);
      if (!(await isEmptyShop(tx))) return false;
    }
    const categoryRows = await tx
      .insert(categories)
      .values(seedCategories.map((name) => ({ name })))
      .returning({ id: categories.id, name: categories.name });
    const categoryId = new Map(categoryRows.map((row) => [row.name, row.id]));
    for (const [index, product] of seedProducts.entries()) {
      const [row] = await tx
        .insert(products)
        .values({
          name: product.name,
          brand: product.brand,
          priceCents: product.priceCents,
          inventory: product.inventory,
          description: product.description,
          categoryId: categoryId.get(product.category)!,
          createdAt: new Date(SEED_BASE_DATE - product.addedDaysAgo * 86_400_000),
        })
        .returning({ id: products.id });
      const variantIds = await seedOptions(tx, row!.id, product);
      if (product.compareAtCents !== undefined) {
        // on sale: the compare-at price is its variants'
        await tx
          .update(productVariants)
          .set({ compareAtCents: product.compareAtCents })
          .where(eq(productVariants.productId, row!.id));
      }
      for (const [view, processed] of rendered[index]!.entries()) {
        await storeImage({
          productId: row!.id,
          fileName: `${slug(product.brand)}-${slug(product.name)}-${view + 1}.webp`,
          processed,
          db: tx,
        });
      }
      const values = product.options?.[0]?.values ?? [];
      for (const [at, processed] of colourPictures[index]!.entries()) {
        const image = await storeImage({
          productId: row!.id,
          fileName: `${slug(product.brand)}-${slug(product.name)}-${slug(values[at + 1]!)}.webp`,
          processed,
          db: tx,
        });
        await tx.insert(variantImages).values({ variantId: variantIds[at + 1]!, imageId: image.id, position: 0 });
      }
    }
    await seedPricing(tx);
    return true;
  });
  return { written, products: seedProducts.length, categories: seedCategories.length, ms: Date.now() - started };
}

/**
 * The demo shop's tax setting, tax rates and shipping zones with their methods (./pricing.ts), as the admin pages
 * write them (tax-admin.server.ts, shipping-admin.server.ts): zones do not overlap, the catch-all zone names every
 * country the others do not.
 */
async function seedPricing(tx: DbOrTx) {
  await tx
    .insert(shopSettings)
    .values({ id: 1, ...SEED_PRICING_SETTINGS })
    .onConflictDoUpdate({ target: shopSettings.id, set: SEED_PRICING_SETTINGS });
  await tx.insert(taxRates).values(
    SEED_TAX_RATES.map((rate) => ({
      country: rate.country,
      subdivision: rate.subdivision,
      label: rate.name,
      basisPoints: rate.basisPoints,
    })),
  );
  const named = new Set(SEED_SHIPPING_ZONES.flatMap((zone) => (zone.countries === "*" ? [] : zone.countries)));
  const others = countryList()
    .map((country) => country.code)
    .filter((code) => code !== "" && !named.has(code))
    .sort();
  for (const [position, zone] of SEED_SHIPPING_ZONES.entries()) {
    const codes = zone.countries === "*" ? others : zone.countries;
    const [row] = await tx
      .insert(shippingZones)
      .values({ name: zone.name, regions: codes.map((country) => ({ country, subdivisions: [] })), position })
      .returning({ id: shippingZones.id });
    await tx.insert(shippingMethods).values(
      zone.methods.map((method, at) => ({
        zoneId: row!.id,
        name: method.name,
        rate: method.rate,
        freeOverCents: method.freeOverCents,
        deliveryTime: method.deliveryTime,
        position: at,
      })),
    );
  }
}

/**
 * A product's options and variants (one option in the demo): its default variant, made by the database with the
 * product, becomes the first value's; each other value is a variant at the product's price.
 */
async function seedOptions(tx: DbOrTx, productId: number, product: SeedProduct): Promise<number[]> {
  const option = product.options?.[0];
  if (!option) return [];
  await tx.insert(productOptions).values({ productId, position: 1, name: option.name, values: option.values });
  const [first] = await tx
    .update(productVariants)
    .set({ option1: option.values[0]! })
    .where(sql`${productVariants.productId} = ${productId}`)
    .returning({ id: productVariants.id, sku: productVariants.sku });
  const others = await tx
    .insert(productVariants)
    .values(
      option.values.slice(1).map((value, index) => ({
        productId,
        sku: `${first!.sku}-${value.toUpperCase()}`,
        priceCents: product.priceCents,
        inventory: product.variantStock?.[index + 1] ?? 0,
        position: index + 1,
        option1: value,
      })),
    )
    .returning({ id: productVariants.id });
  return [first!.id, ...others.map((variant) => variant.id)];
}

async function mapLimited<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const index = next++;
        results[index] = await fn(items[index]!);
      }
    }),
  );
  return results;
}
