import { eq } from "drizzle-orm";
import { beforeAll, expect } from "vitest";
import type { Db } from "~/db/client.server";
import { categories, imageVariants, images, products } from "~/db/schema";
import type { ImageDto, ProductDto } from "~/schemas/catalogue";
import { admin, shopper, type Api, type TestDatabase } from "./checkout";
import { createCategory, word } from "./factories";
import { multipart, type FilePart } from "./image-files";
import { json, type Auth, type Envelope } from "./requests";

// The admin catalogue API tests' set-up and helpers: an admin, a ROLE_USER and a category, the image endpoints, and
// the state of the catalogue in the database (to prove that a refused call changed nothing).

/**
 * Signs in an admin and a ROLE_USER and makes a category in beforeAll (adminAuth and userAuth are filled in then;
 * categoryId is read from `catalogue` after it), and gives the helpers, bound to the test file's server and database.
 */
export function useAdminCatalogue(api: Api, database: TestDatabase) {
  const adminAuth: Auth = {};
  const userAuth: Auth = {};
  const catalogue = { categoryId: 0 };
  beforeAll(async () => {
    Object.assign(adminAuth, (await admin(api, database.db)).auth);
    Object.assign(userAuth, (await shopper(api)).auth);
    catalogue.categoryId = (await createCategory(database.db)).id;
  });

  function upload(auth: Auth, productId: number | string, files: FilePart[]) {
    return api.json<Envelope<ImageDto[]>>("/images/upload", {
      method: "POST",
      headers: auth,
      body: multipart({ productId: String(productId) }, files),
    });
  }

  function replace(auth: Auth, imageId: number, file: FilePart | undefined) {
    return api.json<Envelope<ImageDto>>(`/images/image/${imageId}/update`, {
      method: "PUT",
      headers: auth,
      body: multipart({}, file ? [{ ...file, field: "file" }] : []),
    });
  }

  /** GET of an ImageDto's downloadUrl (an absolute path under /api/v1) */
  async function download(url: string) {
    expect(url).toMatch(/^\/api\/v1\/images\/image\/download\/\d+(\?.*)?$/);
    const response = await api.request(url.replace(/^\/api\/v1/, ""));
    const bytes = Buffer.from(await response.arrayBuffer());
    return {
      status: response.status,
      contentType: response.headers.get("content-type"),
      etag: response.headers.get("etag"),
      bytes,
    };
  }

  /** everything the admin endpoints can change, to prove a refused call changed nothing */
  async function catalogueState(db: Db = database.db) {
    const [productRows, categoryRows, imageRows, variantRows] = await Promise.all([
      db
        .select({
          id: products.id,
          name: products.name,
          brand: products.brand,
          priceCents: products.priceCents,
          inventory: products.inventory,
          description: products.description,
          categoryId: products.categoryId,
          updatedAt: products.updatedAt,
        })
        .from(products)
        .orderBy(products.id),
      db.select({ id: categories.id, name: categories.name }).from(categories).orderBy(categories.id),
      db
        .select({ id: images.id, productId: images.productId, fileName: images.fileName, etag: images.etag })
        .from(images)
        .orderBy(images.id),
      db
        .select({ imageId: imageVariants.imageId, width: imageVariants.width, etag: imageVariants.etag })
        .from(imageVariants)
        .orderBy(imageVariants.imageId, imageVariants.width),
    ]);
    return { productRows, categoryRows, imageRows, variantRows };
  }

  function productInput(overrides: Record<string, unknown> = {}) {
    return {
      name: `Widget ${word()}`,
      brand: `Acme ${word()}`,
      price: 19.99,
      inventory: 7,
      description: "A very useful widget.",
      category: { id: catalogue.categoryId },
      ...overrides,
    };
  }

  return {
    adminAuth,
    userAuth,
    catalogue,
    upload,
    replace,
    download,
    catalogueState,
    productInput,
    addProduct: (body: unknown, auth: Auth = adminAuth) =>
      api.json<Envelope<ProductDto>>("/products/add", json("POST", body, auth)),
    imageCount: () => database.db.$count(images),
    variantCount: () => database.db.$count(imageVariants),
    imagesOf: (productId: number) =>
      database.db.select().from(images).where(eq(images.productId, productId)).orderBy(images.id),
    variantsOf: (imageId: number) =>
      database.db
        .select({ width: imageVariants.width, etag: imageVariants.etag })
        .from(imageVariants)
        .where(eq(imageVariants.imageId, imageId))
        .orderBy(imageVariants.width),
    productRow: async (id: number) => (await database.db.select().from(products).where(eq(products.id, id)))[0],
    categoryRow: async (id: number) => (await database.db.select().from(categories).where(eq(categories.id, id)))[0],
  };
}
