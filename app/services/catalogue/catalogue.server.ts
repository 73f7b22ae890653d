import { asc, eq, inArray, sql, type SQL } from "drizzle-orm";
import { getDb, type DbOrTx } from "~/db/client.server";
import { selectRows } from "~/db/query.server";
import { categories, images, products } from "~/db/schema";
import type { Category, ImageDto, ProductDto } from "~/schemas/catalogue";
import { centsToDollars } from "~/lib/money";
import { NotFoundError } from "../errors";
import { imageDto } from "./images.server";
import { variantsOfProducts } from "./variants.server";
import { productRatings } from "../reviews/reviews.server";
import { versionMemo } from "./version-memo.server";

interface ProductRow {
  id: number;
  name: string;
  brand: string;
  priceCents: number;
  inventory: number;
  description: string;
  categoryId: number;
  categoryName: string;
}

const productColumns = {
  id: products.id,
  name: products.name,
  brand: products.brand,
  priceCents: products.priceCents,
  inventory: products.inventory,
  description: products.description,
  categoryId: products.categoryId,
  categoryName: categories.name,
};

/** Attaches images (in upload order), options, variants and ratings to product rows with four queries. */
export async function withDetails(db: DbOrTx, rows: ProductRow[]): Promise<ProductDto[]> {
  const ids = rows.map((row) => row.id);
  const [imageRows, variants, ratings] = await Promise.all([
    ids.length === 0
      ? []
      : db
          .select({
            id: images.id,
            productId: images.productId,
            fileName: images.fileName,
            contentType: images.contentType,
            width: images.width,
            height: images.height,
            etag: images.etag,
          })
          .from(images)
          .where(inArray(images.productId, ids))
          .orderBy(asc(images.id)),
    variantsOfProducts(ids, db),
    productRatings(ids, db),
  ]);
  const byProduct = new Map<number, ImageDto[]>();
  for (const image of imageRows) {
    const list = byProduct.get(image.productId) ?? [];
    list.push(imageDto(image));
    byProduct.set(image.productId, list);
  }
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    brand: row.brand,
    price: centsToDollars(row.priceCents),
    inventory: row.inventory,
    description: row.description,
    category: { id: row.categoryId, name: row.categoryName },
    images: byProduct.get(row.id) ?? [],
    options: variants.get(row.id)?.options ?? [],
    variants: variants.get(row.id)?.variants ?? [],
    rating: ratings.get(row.id) ?? { average: null, count: 0 },
  }));
}

export function selectProducts(db: DbOrTx) {
  return db.select(productColumns).from(products).innerJoin(categories, eq(categories.id, products.categoryId));
}

/** Every category sorted by name; `withProducts`: only those some product is in (the footer's list). */
export async function listCategories({
  withProducts = false,
  db = getDb(),
}: { withProducts?: boolean; db?: DbOrTx } = {}): Promise<Category[]> {
  return db
    .select({ id: categories.id, name: categories.name })
    .from(categories)
    .where(
      withProducts
        ? sql`EXISTS (SELECT 1 FROM ${products} WHERE ${products.categoryId} = ${categories.id})`
        : undefined,
    )
    .orderBy(sql`lower(${categories.name})`, asc(categories.id));
}

export async function getCategory({ id, db = getDb() }: { id: number; db?: DbOrTx }): Promise<Category> {
  const [category] = await db
    .select({ id: categories.id, name: categories.name })
    .from(categories)
    .where(eq(categories.id, id));
  if (!category) throw new NotFoundError("Category not found");
  return category;
}

/** Every product, for compatibility with the reference API; pages use searchProducts. */
export async function listAllProducts({ db = getDb() }: { db?: DbOrTx } = {}): Promise<ProductDto[]> {
  return withDetails(db, await selectProducts(db).orderBy(asc(products.id)));
}

/** Products by id (missing ids are left out), with their images. */
export async function getProductsByIds({ ids, db = getDb() }: { ids: number[]; db?: DbOrTx }): Promise<ProductDto[]> {
  if (ids.length === 0) return [];
  return withDetails(db, await selectProducts(db).where(inArray(products.id, ids)));
}

export async function getProduct({ id, db = getDb() }: { id: number; db?: DbOrTx }): Promise<ProductDto> {
  const [row] = await selectProducts(db).where(eq(products.id, id));
  if (!row) throw new NotFoundError("Product not found");
  const [product] = await withDetails(db, [row]);
  return product!;
}

/**
 * A product's rough weight in kilobytes, for the limits of answers kept in memory: its fields and description, its
 * variants and pictures (a merchant's products may carry long descriptions and hundreds of variants).
 */
export const productWeight = (product: ProductDto) =>
  1 + product.description.length / 1_000 + product.variants.length / 2 + product.images.length / 4;

/** Products as GET /products/product/{id}/product answers, kept per catalogue version (decision 0050). */
const details = versionMemo<ProductDto>({ entries: 500, weight: { max: 10_000, of: productWeight } });

/**
 * One product as the API answers it: the same at the same catalogue version, so kept (decision 0050). A signed-in
 * shopper's details page, which no page cache answers, then reads the version instead of the product's five queries.
 * What it returns is shared: callers must not change it.
 */
export function productDetails(id: number): Promise<ProductDto> {
  const db = getDb();
  return details.get(db, String(id), () => getProduct({ id, db }));
}

/**
 * Several products as `productDetails` answers each, in the order of `ids` (one that does not exist is left out): the
 * kept ones from memory and the others in one read, with one read of the version (a cart's lines). Shared as well.
 */
export async function productDetailsOf(ids: number[], db: DbOrTx = getDb()): Promise<ProductDto[]> {
  const found = await details.getMany(db, ids.map(String), async (missing) => {
    const read = await getProductsByIds({ ids: missing.map(Number), db });
    return new Map(read.map((product) => [String(product.id), product]));
  });
  return ids.flatMap((id) => found.get(String(id)) ?? []);
}

export async function listProductsByCategory({
  categoryId,
  db = getDb(),
}: {
  categoryId: number;
  db?: DbOrTx;
}): Promise<ProductDto[]> {
  await getCategory({ id: categoryId, db });
  return withDetails(db, await selectProducts(db).where(eq(products.categoryId, categoryId)).orderBy(asc(products.id)));
}

/** One product per distinct name (case-insensitive), the first added. */
export async function listDistinctProducts({ db = getDb() }: { db?: DbOrTx } = {}): Promise<ProductDto[]> {
  const rows = await selectProducts(db).where(distinctNameCondition()).orderBy(asc(products.id));
  return withDetails(db, rows);
}

export async function listDistinctBrands({ db = getDb() }: { db?: DbOrTx } = {}): Promise<string[]> {
  const rows = await selectRows<{ brand: string }>(
    db,
    sql`SELECT min(brand) AS brand FROM products GROUP BY lower(brand) ORDER BY lower(min(brand))`,
  );
  return rows.map((row) => row.brand);
}

/**
 * The first product (lowest id) of each name, case-insensitively, as the triggers keep it in product_names
 * (migration 0010). An index probe per row, so a page under LIMIT stops early.
 */
export function distinctNameCondition(): SQL {
  return sql`EXISTS (SELECT 1 FROM product_names n WHERE n.first_id = ${products.id})`;
}

/** How many distinct names the catalogue has: one row the triggers keep. */
export async function countDistinctNames(db: DbOrTx): Promise<number> {
  const [row] = await selectRows<{ value: number }>(
    db,
    sql`SELECT value::int AS value FROM catalogue_counters WHERE name = 'distinct_names'`,
  );
  return row?.value ?? 0;
}
