import { createDeflate } from "node:zlib";
import { randomBytes } from "node:crypto";
import { eq, inArray } from "drizzle-orm";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import type { Db } from "~/db/client.server";
import { cartItems, carts, categories, imageVariants, images, orderItems, orders, products } from "~/db/schema";
import type { Category, ImageDto, ProductDto } from "~/schemas/catalogue";
import type { CartDto, OrderDto } from "~/schemas/orders";
import { ensureAdminAccount } from "~/services/admin.server";
import { bearer, loginAs, PASSWORD, register } from "../support/accounts";
import { useTwoApiInstances, type ApiInstance } from "../support/api-instance-process";
import { useApiServer } from "../support/api-server";
import { createCategory, createImage, createProduct, pngBytes, word } from "../support/factories";
import { useTestDatabase } from "../support/test-db";

// The admin's writes to the catalogue (issue 5): products, categories and images, over real HTTP, on PGlite and on
// PostgreSQL. Admin only: 401 without a token, 403 for a ROLE_USER (and nothing changes), as api-v1.md says.

const database = useTestDatabase();
const api = useApiServer();

type Envelope<T> = { message: string; data: T; errors?: Record<string, string[]> };
type Auth = Record<string, string>;

const json = (method: string, body: unknown, headers: Auth = {}): RequestInit => ({
  method,
  headers: { "content-type": "application/json", ...headers },
  body: JSON.stringify(body),
});

let adminAuth: Auth;
let userAuth: Auth;
let categoryId: number;

beforeAll(async () => {
  const email = `${word()}@example.com`;
  await ensureAdminAccount({ email, password: PASSWORD, db: database.db });
  adminAuth = bearer((await loginAs(api, email)).accessToken);
  const user = await register(api);
  userAuth = bearer((await loginAs(api, user.email)).accessToken);
  categoryId = (await createCategory(database.db)).id;
});

// ---------------------------------------------------------------- files

type FilePart = { bytes: Buffer; name: string; type: string };

type Format = "jpeg" | "png" | "webp" | "gif";
const MIME: Record<Format, string> = { jpeg: "image/jpeg", png: "image/png", webp: "image/webp", gif: "image/gif" };

/** a real image of that format, encoded by sharp */
async function encode(format: Format, width = 1000, height = 750, color = "#cc3311"): Promise<Buffer> {
  const image = sharp({ create: { width, height, channels: 3, background: color } });
  switch (format) {
    case "jpeg":
      return image.jpeg().toBuffer();
    case "png":
      return image.png().toBuffer();
    case "webp":
      return image.webp().toBuffer();
    case "gif":
      return image.gif().toBuffer();
  }
}

async function realFile(
  format: Format,
  options: { width?: number; height?: number; color?: string; name?: string } = {},
): Promise<FilePart> {
  const bytes = await encode(format, options.width, options.height, options.color);
  return { bytes, name: options.name ?? `real-${word()}.${format === "jpeg" ? "jpg" : format}`, type: MIME[format] };
}

function crc32(data: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of data) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? 0xedb88320 ^ (crc >>> 1) : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A decompression bomb: a complete, valid 20000×20000 greyscale PNG (400 megapixels, 400 MB once decoded) of a few
 * hundred KB, because every row is zeros and deflates to almost nothing.
 */
async function pngBomb(width = 20_000, height = 20_000): Promise<Buffer> {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 0; // greyscale
  const deflate = createDeflate({ level: 9 });
  const parts: Buffer[] = [];
  deflate.on("data", (chunk: Buffer) => parts.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    deflate.once("end", () => resolve());
    deflate.once("error", reject);
  });
  const row = Buffer.alloc(width + 1); // filter byte 0 and a row of black pixels
  for (let y = 0; y < height; y++) {
    if (!deflate.write(row)) await new Promise<void>((resolve) => deflate.once("drain", () => resolve()));
  }
  deflate.end();
  await ended;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk("IHDR", header),
    pngChunk("IDAT", Buffer.concat(parts)),
    pngChunk("IEND", Buffer.alloc(0)),
  ]);
}

/** a real PNG of random pixels: about 6.3 MB, as PNG cannot compress noise */
async function pngOver5MB(): Promise<Buffer> {
  const width = 1500;
  const height = 1400;
  return sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

const textAsPng = (): FilePart => ({
  bytes: Buffer.from("Hello, I am a text file wearing a .png name.\n".repeat(20)),
  name: "holiday.png",
  type: "image/png",
});

async function gifHeaderThenJunk(): Promise<FilePart> {
  const real = await encode("gif", 300, 200);
  // the signature, the logical screen and the start of the colour table of a real GIF, then junk
  const bytes = Buffer.concat([real.subarray(0, 20), Buffer.from("definitely not LZW image data ".repeat(40))]);
  expect(bytes.subarray(0, 6).toString("latin1")).toBe("GIF89a");
  return { bytes, name: "forged.gif", type: "image/gif" };
}

function multipart(fields: Record<string, string>, files: Array<FilePart & { field?: string }>): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  for (const file of files)
    form.append(file.field ?? "files", new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  return form;
}

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

// ---------------------------------------------------------------- database

const imageCount = () => database.db.$count(images);
const variantCount = () => database.db.$count(imageVariants);
const imagesOf = (productId: number) =>
  database.db.select().from(images).where(eq(images.productId, productId)).orderBy(images.id);
const variantsOf = (imageId: number) =>
  database.db
    .select({ width: imageVariants.width, etag: imageVariants.etag })
    .from(imageVariants)
    .where(eq(imageVariants.imageId, imageId))
    .orderBy(imageVariants.width);
const productRow = async (id: number) => (await database.db.select().from(products).where(eq(products.id, id)))[0];
const categoryRow = async (id: number) => (await database.db.select().from(categories).where(eq(categories.id, id)))[0];

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
    category: { id: categoryId },
    ...overrides,
  };
}

const addProduct = (body: unknown, auth: Auth = adminAuth) =>
  api.json<Envelope<ProductDto>>("/products/add", json("POST", body, auth));

// ---------------------------------------------------------------- authorization

describe("authorization matrix of the admin catalogue endpoints", () => {
  type Call = { path: string; init: () => RequestInit; adminStatus: number };

  const endpoints: Array<[string, () => Promise<Call>]> = [
    [
      "POST /products/add",
      async () => ({ path: "/products/add", init: () => json("POST", productInput()), adminStatus: 201 }),
    ],
    [
      "PUT /products/product/{id}/update",
      async () => {
        const product = await createProduct(database.db, { categoryId });
        return {
          path: `/products/product/${product.id}/update`,
          init: () => json("PUT", productInput({ name: `Renamed ${word()}` })),
          adminStatus: 200,
        };
      },
    ],
    [
      "DELETE /products/product/{id}/delete",
      async () => {
        const product = await createProduct(database.db, { categoryId });
        return { path: `/products/product/${product.id}/delete`, init: () => ({ method: "DELETE" }), adminStatus: 200 };
      },
    ],
    [
      "POST /categories/add",
      async () => ({ path: "/categories/add", init: () => json("POST", { name: `New ${word()}` }), adminStatus: 201 }),
    ],
    [
      "PUT /categories/category/{id}/update",
      async () => {
        const category = await createCategory(database.db);
        return {
          path: `/categories/category/${category.id}/update`,
          init: () => json("PUT", { name: `Renamed ${word()}` }),
          adminStatus: 200,
        };
      },
    ],
    [
      "DELETE /categories/category/{id}/delete",
      async () => {
        const category = await createCategory(database.db);
        return {
          path: `/categories/category/${category.id}/delete`,
          init: () => ({ method: "DELETE" }),
          adminStatus: 200,
        };
      },
    ],
    [
      "POST /images/upload",
      async () => {
        const product = await createProduct(database.db, { categoryId });
        const file = await realFile("png", { width: 300, height: 200 });
        return {
          path: "/images/upload",
          init: () => ({ method: "POST", body: multipart({ productId: String(product.id) }, [file]) }),
          adminStatus: 201,
        };
      },
    ],
    [
      "PUT /images/image/{imageId}/update",
      async () => {
        const product = await createProduct(database.db, { categoryId });
        const image = await createImage(database.db, product.id, { width: 300, height: 200 });
        const file = await realFile("jpeg", { width: 320, height: 240, color: "#00aa44" });
        return {
          path: `/images/image/${image.id}/update`,
          init: () => ({ method: "PUT", body: multipart({}, [{ ...file, field: "file" }]) }),
          adminStatus: 200,
        };
      },
    ],
    [
      "DELETE /images/image/{imageId}/delete",
      async () => {
        const product = await createProduct(database.db, { categoryId });
        const image = await createImage(database.db, product.id, { width: 300, height: 200 });
        return { path: `/images/image/${image.id}/delete`, init: () => ({ method: "DELETE" }), adminStatus: 200 };
      },
    ],
  ];

  for (const [name, build] of endpoints) {
    it(`${name}: anonymous 401, a forged token 401, ROLE_USER 403 (nothing changes), admin succeeds`, async () => {
      const call = await build();
      const send = (auth: Auth) => {
        const init = call.init();
        return api.json(call.path, { ...init, headers: { ...(init.headers as Auth | undefined), ...auth } });
      };
      const before = await catalogueState();

      const anonymous = await send({});
      expect(anonymous.status, JSON.stringify(anonymous.body)).toBe(401);
      expect(anonymous.body).toMatchObject({ message: expect.any(String), data: null });
      expect(await catalogueState()).toEqual(before);

      const forged = await send(bearer(`${adminAuth.authorization!.slice("Bearer ".length, -3)}abc`));
      expect(forged.status, JSON.stringify(forged.body)).toBe(401);
      expect(await catalogueState()).toEqual(before);

      const user = await send(userAuth);
      expect(user.status, JSON.stringify(user.body)).toBe(403);
      expect(user.body).toMatchObject({ message: expect.any(String), data: null });
      expect(await catalogueState()).toEqual(before);

      const admin = await send(adminAuth);
      expect(admin.status, JSON.stringify(admin.body)).toBe(call.adminStatus);
      expect(await catalogueState()).not.toEqual(before);
    });
  }

  it("answers a ROLE_USER 403 before looking at the body (an invalid product, a forged image)", async () => {
    const before = await catalogueState();
    const product = await addProduct({ name: "" }, userAuth);
    expect(product.status).toBe(403);
    expect(product.body.errors).toBeUndefined();
    const target = (await createProduct(database.db, { categoryId })).id;
    const afterCreate = await catalogueState();
    expect(afterCreate).not.toEqual(before);
    const forged = await upload(userAuth, target, [textAsPng()]);
    expect(forged.status).toBe(403);
    expect(await catalogueState()).toEqual(afterCreate);
  });
});

// ---------------------------------------------------------------- products

describe("POST /products/add and PUT /products/product/{id}/update", () => {
  it("adds a product (201 ProductDto, price stored in cents) with a category given by id", async () => {
    const input = productInput({ price: 0.29, inventory: 12 });
    const response = await addProduct(input);
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    const category = await categoryRow(categoryId);
    expect(response.body.data).toEqual({
      id: expect.any(Number),
      name: input.name,
      brand: input.brand,
      price: 0.29,
      inventory: 12,
      description: input.description,
      category: { id: categoryId, name: category!.name },
      images: [],
    });
    const row = await productRow(response.body.data.id);
    expect(row).toMatchObject({ name: input.name, brand: input.brand, priceCents: 29, inventory: 12, categoryId });
    const fetched = await api.json<Envelope<ProductDto>>(`/products/product/${response.body.data.id}/product`);
    expect(fetched.body.data).toEqual(response.body.data);
  });

  it("takes the category as {name} or a bare name: an existing one is found case-insensitively, an unknown one is created", async () => {
    const existing = await createCategory(database.db, `Garden ${word()}`);
    const byName = await addProduct(productInput({ category: { name: existing.name.toUpperCase() } }));
    expect(byName.status, JSON.stringify(byName.body)).toBe(201);
    expect(byName.body.data.category).toEqual({ id: existing.id, name: existing.name });

    const fresh = `Kitchen ${word()}`;
    const categoriesBefore = await database.db.$count(categories);
    const created = await addProduct(productInput({ category: fresh }));
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.data.category).toEqual({ id: expect.any(Number), name: fresh });
    expect(await database.db.$count(categories)).toBe(categoriesBefore + 1);
    const all = await api.json<Envelope<Category[]>>("/categories/all");
    expect(all.body.data).toContainEqual({ id: created.body.data.category.id, name: fresh });

    const again = await addProduct(productInput({ category: { name: fresh.toLowerCase() } }));
    expect(again.body.data.category.id).toBe(created.body.data.category.id);
    expect(await database.db.$count(categories)).toBe(categoriesBefore + 1);
  });

  it("answers 404 for {id} of a missing category and creates nothing", async () => {
    const before = await catalogueState();
    const input = productInput({ category: { id: 987_654 } });
    const response = await addProduct(input);
    expect(response.status, JSON.stringify(response.body)).toBe(404);
    expect(response.body.data).toBeNull();
    expect(response.body.message).toMatch(/category/i);
    expect(await catalogueState()).toEqual(before);
  });

  const invalid: Array<[string, Record<string, unknown>, string]> = [
    ["a missing name", { name: undefined }, "name"],
    ["a blank name", { name: "   " }, "name"],
    ["a blank brand", { brand: "" }, "brand"],
    ["a price with 3 decimals", { price: 19.999 }, "price"],
    ["a negative price", { price: -1 }, "price"],
    ["a price that is not a number", { price: "cheap" }, "price"],
    ["a missing price", { price: undefined }, "price"],
    ["a fractional inventory", { inventory: 1.5 }, "inventory"],
    ["a negative inventory", { inventory: -3 }, "inventory"],
    ["a missing description", { description: undefined }, "description"],
    ["a missing category", { category: undefined }, "category"],
    ["a blank category name", { category: { name: " " } }, "category"],
  ];
  for (const [label, overrides, field] of invalid) {
    it(`answers 422 with errors.${field} for ${label}, and stores nothing`, async () => {
      const before = await catalogueState();
      const response = await addProduct(productInput(overrides));
      expect(response.status, JSON.stringify(response.body)).toBe(422);
      expect(response.body.data).toBeNull();
      expect(
        Object.keys(response.body.errors ?? {}).some((key) => key === field || key.startsWith(`${field}.`)),
        JSON.stringify(response.body.errors),
      ).toBe(true);
      expect(await catalogueState()).toEqual(before);
    });
  }

  // z.coerce.number() turns null and "" into 0: a product sent without a real price must not become free
  const coerced: Array<[string, Record<string, unknown>, string]> = [
    ["a null price", { price: null }, "price"],
    ["an empty-string price", { price: "" }, "price"],
    ["a null inventory", { inventory: null }, "inventory"],
  ];
  for (const [label, overrides, field] of coerced) {
    it(`answers 422 with errors.${field} for ${label} (not 0), and stores nothing`, async () => {
      const before = await catalogueState();
      const response = await addProduct(productInput(overrides));
      expect(response.status, JSON.stringify(response.body)).toBe(422);
      expect(response.body.errors).toHaveProperty(field);
      expect(await catalogueState()).toEqual(before);
    });
  }

  it("answers 415 for a body that is not JSON and 400 for malformed JSON", async () => {
    const before = await catalogueState();
    const text = await api.json("/products/add", {
      method: "POST",
      headers: { "content-type": "text/plain", ...adminAuth },
      body: JSON.stringify(productInput()),
    });
    expect(text.status).toBe(415);
    const malformed = await api.json("/products/add", {
      method: "POST",
      headers: { "content-type": "application/json", ...adminAuth },
      body: "{not json",
    });
    expect(malformed.status).toBe(400);
    expect(await catalogueState()).toEqual(before);
  });

  it("answers 409 for the same name and brand, case-insensitively, on add and on update", async () => {
    const input = productInput();
    const first = await addProduct(input);
    expect(first.status).toBe(201);
    const count = await database.db.$count(products);
    const duplicate = await addProduct(
      productInput({ name: `  ${input.name.toUpperCase()} `, brand: input.brand.toLowerCase(), price: 5 }),
    );
    expect(duplicate.status, JSON.stringify(duplicate.body)).toBe(409);
    expect(duplicate.body.data).toBeNull();
    expect(duplicate.body.message).toContain(input.name.toUpperCase());
    expect(await database.db.$count(products)).toBe(count);

    // same name, another brand: a different product
    const otherBrand = await addProduct(productInput({ name: input.name }));
    expect(otherBrand.status).toBe(201);
    const clash = await api.json<Envelope<ProductDto>>(
      `/products/product/${otherBrand.body.data.id}/update`,
      json("PUT", { ...input, brand: input.brand.toUpperCase() }, adminAuth),
    );
    expect(clash.status, JSON.stringify(clash.body)).toBe(409);
    expect((await productRow(otherBrand.body.data.id))!.brand).toBe(otherBrand.body.data.brand);
  });

  it("updates every field of a product, a change of case of its own name included, and answers 404 for an unknown product", async () => {
    const created = (await addProduct(productInput())).body.data;
    const newCategory = `Outdoor ${word()}`;
    const change = productInput({
      name: created.name.toUpperCase(),
      brand: created.brand,
      price: 120.5,
      inventory: 0,
      description: "Changed.",
      category: newCategory,
    });
    const response = await api.json<Envelope<ProductDto>>(
      `/products/product/${created.id}/update`,
      json("PUT", change, adminAuth),
    );
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.data).toMatchObject({
      id: created.id,
      name: change.name,
      brand: change.brand,
      price: 120.5,
      inventory: 0,
      description: "Changed.",
      category: { name: newCategory },
    });
    expect(await productRow(created.id)).toMatchObject({
      name: change.name,
      priceCents: 12_050,
      inventory: 0,
      description: "Changed.",
      categoryId: response.body.data.category.id,
    });

    const before = await catalogueState();
    const missing = await api.json(`/products/product/987654/update`, json("PUT", productInput(), adminAuth));
    expect(missing.status).toBe(404);
    expect(missing.body.data).toBeNull();
    expect(await catalogueState()).toEqual(before);

    const invalid = await api.json(
      `/products/product/${created.id}/update`,
      json("PUT", { ...change, price: 1.234 }, adminAuth),
    );
    expect(invalid.status).toBe(422);
    expect(invalid.body.errors).toHaveProperty("price");
    expect(await catalogueState()).toEqual(before);
  });
});

// ---------------------------------------------------------------- categories

describe("categories: add, rename, delete", () => {
  const addCategory = (name: unknown) =>
    api.json<Envelope<Category>>("/categories/add", json("POST", { name }, adminAuth));
  const rename = (id: number, name: unknown) =>
    api.json<Envelope<Category>>(`/categories/category/${id}/update`, json("PUT", { name }, adminAuth));
  const remove = (id: number) =>
    api.json(`/categories/category/${id}/delete`, { method: "DELETE", headers: adminAuth });

  it("adds a category (201), refuses a duplicate name case-insensitively (409) and a blank one (422)", async () => {
    const name = `Toys ${word()}`;
    const created = await addCategory(name);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.data).toEqual({ id: expect.any(Number), name });
    expect(await categoryRow(created.body.data.id)).toMatchObject({ name });

    const count = await database.db.$count(categories);
    const duplicate = await addCategory(` ${name.toUpperCase()} `);
    expect(duplicate.status, JSON.stringify(duplicate.body)).toBe(409);
    expect(duplicate.body.data).toBeNull();
    expect(duplicate.body.message).toMatch(/already exists/);
    const blank = await addCategory("   ");
    expect(blank.status).toBe(422);
    expect(blank.body.errors).toHaveProperty("name");
    expect(await database.db.$count(categories)).toBe(count);
  });

  it("renames a category (products follow), allows a change of case, refuses another category's name with 409", async () => {
    const category = await createCategory(database.db, `Books ${word()}`);
    const product = await createProduct(database.db, { categoryId: category.id });
    const newName = `Novels ${word()}`;
    const renamed = await rename(category.id, newName);
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect(renamed.body.data).toEqual({ id: category.id, name: newName });
    expect((await categoryRow(category.id))!.name).toBe(newName);
    const productDto = await api.json<Envelope<ProductDto>>(`/products/product/${product.id}/product`);
    expect(productDto.body.data.category).toEqual({ id: category.id, name: newName });

    const recased = await rename(category.id, newName.toUpperCase());
    expect(recased.status, JSON.stringify(recased.body)).toBe(200);
    expect((await categoryRow(category.id))!.name).toBe(newName.toUpperCase());

    const other = await createCategory(database.db, `Comics ${word()}`);
    const clash = await rename(category.id, other.name.toLowerCase());
    expect(clash.status, JSON.stringify(clash.body)).toBe(409);
    expect(clash.body.data).toBeNull();
    expect((await categoryRow(category.id))!.name).toBe(newName.toUpperCase());

    expect((await rename(987_654, `Nowhere ${word()}`)).status).toBe(404);
    expect((await rename(category.id, "")).status).toBe(422);
  });

  it("refuses to delete a category still in use: 409 with a message naming it, and it stays", async () => {
    const category = await createCategory(database.db, `Shoes ${word()}`);
    const product = await createProduct(database.db, { categoryId: category.id });
    const response = await remove(category.id);
    expect(response.status, JSON.stringify(response.body)).toBe(409);
    expect(response.body.data).toBeNull();
    expect(response.body.message).toContain(category.name);
    expect(await categoryRow(category.id)).toBeDefined();
    expect(await productRow(product.id)).toMatchObject({ categoryId: category.id });

    // once its product has gone, it can be deleted
    expect(
      (await api.json(`/products/product/${product.id}/delete`, { method: "DELETE", headers: adminAuth })).status,
    ).toBe(200);
    const deleted = await remove(category.id);
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    expect(await categoryRow(category.id)).toBeUndefined();
  });

  it("deletes an unused category (gone from /categories/all), then answers 404", async () => {
    const category = await createCategory(database.db, `Spare ${word()}`);
    const response = await remove(category.id);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.data).toBeNull();
    expect(await categoryRow(category.id)).toBeUndefined();
    const all = await api.json<Envelope<Category[]>>("/categories/all");
    expect(all.body.data.map((c) => c.id)).not.toContain(category.id);
    expect((await remove(category.id)).status).toBe(404);
  });
});

// ---------------------------------------------------------------- images

describe("POST /images/upload", () => {
  it("accepts a real JPEG, PNG, WebP and GIF in one upload, stores them with their WebP variants and serves the same bytes", async () => {
    const product = await createProduct(database.db, { categoryId });
    const files = await Promise.all((["jpeg", "png", "webp", "gif"] as Format[]).map((format) => realFile(format)));
    const response = await upload(adminAuth, product.id, files);
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    expect(response.body.data).toHaveLength(4);
    for (const [i, dto] of response.body.data.entries()) {
      expect(dto).toMatchObject({
        fileName: files[i]!.name,
        fileType: files[i]!.type,
        width: 1000,
        height: 750,
        version: expect.any(String),
      });
      expect(dto.downloadUrl).toBe(`/api/v1/images/image/download/${dto.id}`);
      expect(dto.imageUrl).toBe(dto.downloadUrl);
      const original = await download(dto.downloadUrl);
      expect(original.status).toBe(200);
      expect(original.contentType).toBe(files[i]!.type);
      expect(original.bytes.equals(files[i]!.bytes)).toBe(true);
    }
    const rows = await imagesOf(product.id);
    expect(rows.map((r) => r.contentType)).toEqual(["image/jpeg", "image/png", "image/webp", "image/gif"]);
    for (const row of rows) expect((await variantsOf(row.id)).map((v) => v.width)).toEqual([200, 400, 800]);
    const dto = await api.json<Envelope<ProductDto>>(`/products/product/${product.id}/product`);
    expect(dto.body.data.images.map((i) => i.id)).toEqual(response.body.data.map((i) => i.id));
  });

  it("reads a multipart body whose boundary has capital letters, as browsers send it", async () => {
    const product = await createProduct(database.db, { categoryId });
    const png = await realFile("png", { width: 300, height: 300 });
    const boundary = "----WebKitFormBoundaryAbCdEf012345";
    const body = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="productId"\r\n\r\n${product.id}\r\n`),
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="shot.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      png.bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const response = await api.json<Envelope<Array<{ fileName: string }>>>("/images/upload", {
      method: "POST",
      headers: { ...adminAuth, "content-type": `multipart/form-data; boundary=${boundary}` },
      body,
    });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    expect(response.body.data.map((i) => i.fileName)).toEqual(["shot.png"]);
  });

  it("judges by content, not by name or declared type: a real PNG sent as notes.txt/text/plain is a PNG, with a safe file name", async () => {
    const product = await createProduct(database.db, { categoryId });
    const png = await realFile("png", { width: 640, height: 480 });
    const response = await upload(adminAuth, product.id, [
      { bytes: png.bytes, name: "../../etc/notes.txt", type: "text/plain" },
    ]);
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    expect(response.body.data[0]).toMatchObject({
      fileType: "image/png",
      fileName: "notes.txt",
      width: 640,
      height: 480,
    });
    expect((await download(response.body.data[0]!.downloadUrl)).contentType).toBe("image/png");
  });

  const forgeries: Array<[string, () => Promise<FilePart>]> = [
    ["a text file named .png and declared image/png", async () => textAsPng()],
    ["a GIF header followed by junk", gifHeaderThenJunk],
    [
      "a PNG signature followed by junk",
      async () => ({
        bytes: Buffer.concat([(await encode("png", 50, 50)).subarray(0, 8), randomBytes(2000)]),
        name: "forged.png",
        type: "image/png",
      }),
    ],
    [
      "an SVG declared image/png",
      async () => ({
        bytes: Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg" width="300" height="300"><rect width="300" height="300" fill="red"/></svg>',
        ),
        name: "vector.png",
        type: "image/png",
      }),
    ],
    [
      "a real TIFF (not an accepted format)",
      async () => ({
        bytes: await sharp({ create: { width: 300, height: 300, channels: 3, background: "#00ff00" } })
          .tiff()
          .toBuffer(),
        name: "scan.jpg",
        type: "image/jpeg",
      }),
    ],
  ];
  for (const [label, forge] of forgeries) {
    it(`refuses ${label} with 415 and a clear message, storing nothing even though a real JPEG came with it`, async () => {
      const product = await createProduct(database.db, { categoryId });
      const forged = await forge();
      const [imagesBefore, variantsBefore] = [await imageCount(), await variantCount()];
      const response = await upload(adminAuth, product.id, [await realFile("jpeg"), forged]);
      expect(response.status, JSON.stringify(response.body)).toBe(415);
      expect(response.body.data).toBeNull();
      expect(response.body.message).toContain(forged.name.split("/").pop()!);
      expect(response.body.message).toMatch(/JPEG, PNG, WebP (and|or) GIF/);
      expect(await imagesOf(product.id)).toEqual([]);
      expect(await imageCount()).toBe(imagesBefore);
      expect(await variantCount()).toBe(variantsBefore);
    });
  }

  it("refuses a file over 5 MB with 413, storing nothing even though a real image came with it", async () => {
    const product = await createProduct(database.db, { categoryId });
    const big = await pngOver5MB();
    expect(big.length).toBeGreaterThan(5 * 1024 * 1024);
    const [imagesBefore, variantsBefore] = [await imageCount(), await variantCount()];
    const response = await upload(adminAuth, product.id, [
      await realFile("png"),
      { bytes: big, name: "huge.png", type: "image/png" },
    ]);
    expect(response.status, JSON.stringify(response.body)).toBe(413);
    expect(response.body.data).toBeNull();
    expect(response.body.message).toMatch(/5 MB/);
    expect(await imagesOf(product.id)).toEqual([]);
    expect(await imageCount()).toBe(imagesBefore);
    expect(await variantCount()).toBe(variantsBefore);
  });

  it("accepts a real image just under 5 MB", async () => {
    const product = await createProduct(database.db, { categoryId });
    // random pixels do not compress: 1100×1100×3 ≈ 3.6 MB of PNG
    const bytes = await sharp(randomBytes(1100 * 1100 * 3), { raw: { width: 1100, height: 1100, channels: 3 } })
      .png()
      .toBuffer();
    expect(bytes.length).toBeLessThan(5 * 1024 * 1024);
    expect(bytes.length).toBeGreaterThan(3 * 1024 * 1024);
    const response = await upload(adminAuth, product.id, [{ bytes, name: "noise.png", type: "image/png" }]);
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    expect((await imagesOf(product.id))[0]!.byteSize).toBe(bytes.length);
  });

  it(
    "refuses a decompression bomb (a 20000×20000 PNG of a few hundred KB) with 422, storing nothing",
    { timeout: 60_000 },
    async () => {
      const product = await createProduct(database.db, { categoryId });
      const bomb = await pngBomb();
      expect(bomb.length).toBeLessThan(1024 * 1024);
      const declared = await sharp(bomb, { limitInputPixels: false }).metadata();
      expect([declared.format, declared.width, declared.height]).toEqual(["png", 20_000, 20_000]);
      const [imagesBefore, variantsBefore] = [await imageCount(), await variantCount()];
      const response = await upload(adminAuth, product.id, [
        await realFile("webp"),
        { bytes: bomb, name: "bomb.png", type: "image/png" },
      ]);
      expect(response.status, JSON.stringify(response.body)).toBe(422);
      expect(response.body.data).toBeNull();
      expect(response.body.message).toMatch(/pixels/i);
      expect(await imagesOf(product.id)).toEqual([]);
      expect(await imageCount()).toBe(imagesBefore);
      expect(await variantCount()).toBe(variantsBefore);
    },
  );

  it("answers 422 'Please select an image.' for an upload without a file", async () => {
    const product = await createProduct(database.db, { categoryId });
    const none = await upload(adminAuth, product.id, []);
    expect(none.status, JSON.stringify(none.body)).toBe(422);
    expect(none.body.message).toBe("Please select an image.");
    expect(none.body.errors).toHaveProperty("files");
    // what a browser sends for an empty file input: a part with no name and no bytes
    const empty = await upload(adminAuth, product.id, [
      { bytes: Buffer.alloc(0), name: "", type: "application/octet-stream" },
    ]);
    expect(empty.status, JSON.stringify(empty.body)).toBe(422);
    expect(JSON.stringify(empty.body)).toContain("Please select an image.");
    expect(await imagesOf(product.id)).toEqual([]);
  });

  it("answers 422 for more than 10 files, storing none of them, and accepts exactly 10", async () => {
    const product = await createProduct(database.db, { categoryId });
    const png = await pngBytes(100, 100);
    const files = Array.from({ length: 11 }, (_, i) => ({ bytes: png, name: `tile-${i}.png`, type: "image/png" }));
    const [imagesBefore, variantsBefore] = [await imageCount(), await variantCount()];
    const tooMany = await upload(adminAuth, product.id, files);
    expect(tooMany.status, JSON.stringify(tooMany.body)).toBe(422);
    expect(tooMany.body.message).toMatch(/at most 10/);
    expect(await imageCount()).toBe(imagesBefore);
    expect(await variantCount()).toBe(variantsBefore);
    const ten = await upload(adminAuth, product.id, files.slice(0, 10));
    expect(ten.status, JSON.stringify(ten.body)).toBe(201);
    expect(await imagesOf(product.id)).toHaveLength(10);
  });

  it("answers 404 for an unknown product, 422 for a missing product id and 415 for a JSON body", async () => {
    const [imagesBefore, file] = [await imageCount(), await realFile("png", { width: 300, height: 200 })];
    const unknown = await upload(adminAuth, 987_654, [file]);
    expect(unknown.status, JSON.stringify(unknown.body)).toBe(404);
    expect(unknown.body.message).toMatch(/product/i);
    const noProduct = await api.json("/images/upload", {
      method: "POST",
      headers: adminAuth,
      body: multipart({}, [file]),
    });
    expect(noProduct.status).toBe(422);
    expect(noProduct.body.errors).toHaveProperty("productId");
    const asJson = await api.json("/images/upload", json("POST", { productId: 1, files: [] }, adminAuth));
    expect(asJson.status).toBe(415);
    expect(await imageCount()).toBe(imagesBefore);
  });

  it("serves ?w=200 and ?w=400 as WebP variants of those widths, with their own ETags", async () => {
    const product = await createProduct(database.db, { categoryId });
    const jpeg = await realFile("jpeg", { width: 1200, height: 900 });
    const [dto] = (await upload(adminAuth, product.id, [jpeg])).body.data;
    const original = await download(dto!.downloadUrl);
    expect(original.contentType).toBe("image/jpeg");
    const etags = new Set([original.etag]);
    for (const width of [200, 400]) {
      const variant = await download(`${dto!.downloadUrl}?w=${width}`);
      expect(variant.status).toBe(200);
      expect(variant.contentType).toBe("image/webp");
      const meta = await sharp(variant.bytes).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(["webp", width, (width * 3) / 4]);
      expect(variant.etag).toMatch(/^".+"$/);
      etags.add(variant.etag);
    }
    expect(etags.size).toBe(3);
  });
});

describe("PUT /images/image/{imageId}/update and DELETE /images/image/{imageId}/delete", () => {
  it("replaces an image's bytes and variants, keeping its id: new version, new ETag, new bytes", async () => {
    const product = await createProduct(database.db, { categoryId });
    const [old] = (
      await upload(adminAuth, product.id, [await realFile("png", { width: 1000, height: 750, color: "#ff0000" })])
    ).body.data;
    const oldOriginal = await download(old!.downloadUrl);
    const oldVariant = await download(`${old!.downloadUrl}?w=200`);
    const oldVariants = await variantsOf(old!.id);

    const next = await realFile("jpeg", { width: 900, height: 600, color: "#0000ff", name: "replacement.jpg" });
    const response = await replace(adminAuth, old!.id, next);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.data).toMatchObject({
      id: old!.id,
      fileName: "replacement.jpg",
      fileType: "image/jpeg",
      width: 900,
      height: 600,
      downloadUrl: old!.downloadUrl,
    });
    expect(response.body.data.version).not.toBe(old!.version);

    const newOriginal = await download(old!.downloadUrl);
    expect(newOriginal.contentType).toBe("image/jpeg");
    expect(newOriginal.etag).not.toBe(oldOriginal.etag);
    expect(newOriginal.bytes.equals(next.bytes)).toBe(true);
    const newVariant = await download(`${old!.downloadUrl}?w=200`);
    expect(newVariant.contentType).toBe("image/webp");
    expect(newVariant.etag).not.toBe(oldVariant.etag);
    expect((await sharp(newVariant.bytes).metadata()).height).toBe(133);
    const newVariants = await variantsOf(old!.id);
    expect(newVariants.map((v) => v.width)).toEqual([200, 400, 800]);
    expect(newVariants.map((v) => v.etag)).not.toEqual(oldVariants.map((v) => v.etag));
    expect((await imagesOf(product.id)).map((r) => r.id)).toEqual([old!.id]);
  });

  it("drops the variants a smaller replacement does not need", async () => {
    const product = await createProduct(database.db, { categoryId });
    const image = await createImage(database.db, product.id, { width: 1000, height: 1000 });
    expect((await variantsOf(image.id)).map((v) => v.width)).toEqual([200, 400, 800]);
    const response = await replace(adminAuth, image.id, await realFile("gif", { width: 300, height: 300 }));
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect((await variantsOf(image.id)).map((v) => v.width)).toEqual([200]);
  });

  it("keeps the old image when the replacement is forged (415), too large (413), missing (422) or the image is unknown (404)", async () => {
    const product = await createProduct(database.db, { categoryId });
    const image = await createImage(database.db, product.id, { width: 500, height: 500 });
    const before = await catalogueState();
    const original = await download(image.downloadUrl);

    const forged = await replace(adminAuth, image.id, await gifHeaderThenJunk());
    expect(forged.status, JSON.stringify(forged.body)).toBe(415);
    const text = await replace(adminAuth, image.id, textAsPng());
    expect(text.status, JSON.stringify(text.body)).toBe(415);
    const tooLarge = await replace(adminAuth, image.id, {
      bytes: await pngOver5MB(),
      name: "huge.png",
      type: "image/png",
    });
    expect(tooLarge.status, JSON.stringify(tooLarge.body)).toBe(413);
    const none = await replace(adminAuth, image.id, undefined);
    expect(none.status, JSON.stringify(none.body)).toBe(422);
    expect(JSON.stringify(none.body)).toContain("Please select an image.");
    const unknown = await replace(adminAuth, 987_654, await realFile("png", { width: 300, height: 200 }));
    expect(unknown.status).toBe(404);

    expect(await catalogueState()).toEqual(before);
    const after = await download(image.downloadUrl);
    expect(after.etag).toBe(original.etag);
    expect(after.bytes.equals(original.bytes)).toBe(true);
  });

  it("deletes an image and its variants: the download answers 404, a second delete too", async () => {
    const product = await createProduct(database.db, { categoryId });
    const keep = await createImage(database.db, product.id, { width: 600, height: 400 });
    const gone = await createImage(database.db, product.id, { width: 600, height: 400 });
    expect(await variantsOf(gone.id)).toHaveLength(2);

    const response = await api.json(`/images/image/${gone.id}/delete`, { method: "DELETE", headers: adminAuth });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.data).toBeNull();
    expect((await imagesOf(product.id)).map((r) => r.id)).toEqual([keep.id]);
    expect(await variantsOf(gone.id)).toEqual([]);
    expect((await download(gone.downloadUrl)).status).toBe(404);
    expect((await download(`${gone.downloadUrl}?w=200`)).status).toBe(404);
    expect((await download(keep.downloadUrl)).status).toBe(200);
    const dto = await api.json<Envelope<ProductDto>>(`/products/product/${product.id}/product`);
    expect(dto.body.data.images.map((i) => i.id)).toEqual([keep.id]);

    expect((await api.json(`/images/image/${gone.id}/delete`, { method: "DELETE", headers: adminAuth })).status).toBe(
      404,
    );
  });
});

// ---------------------------------------------------------------- product delete

describe("DELETE /products/product/{id}/delete", () => {
  async function shopper() {
    const user = await register(api);
    const { accessToken } = await loginAs(api, user.email);
    return { id: user.id, auth: bearer(accessToken) };
  }

  async function addToCart(auth: Auth, productId: number, quantity: number) {
    const response = await api.json("/cartItems/item/add", json("POST", { productId, quantity }, auth));
    expect(response.status, JSON.stringify(response.body)).toBe(200);
  }

  /** pays for the shopper's cart with the test provider's success card and places the order */
  async function order(user: { id: number; auth: Auth }) {
    const intent = await api.json<Envelope<{ paymentIntentId: string }>>(
      "/orders/create-payment-intent",
      json("POST", {}, user.auth),
    );
    expect(intent.status, JSON.stringify(intent.body)).toBe(200);
    const paymentIntentId = intent.body.data.paymentIntentId;
    const confirmed = await api.json<Envelope<{ status: string }>>(
      "/payments/test/confirm",
      json(
        "POST",
        { paymentIntentId, cardNumber: "4242424242424242", expMonth: 12, expYear: 2040, cvc: "123" },
        user.auth,
      ),
    );
    expect(confirmed.body.data?.status, JSON.stringify(confirmed.body)).toBe("succeeded");
    const placed = await api.json<Envelope<OrderDto>>(
      `/orders/user/${user.id}/place-order`,
      json("POST", { paymentIntentId }, user.auth),
    );
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    return placed.body.data;
  }

  it("deletes the product with its images and cart lines; past orders keep their snapshot with productId null", async () => {
    const product = await createProduct(database.db, { categoryId, priceCents: 2550, inventory: 20 });
    const kept = await createProduct(database.db, { categoryId, priceCents: 1000, inventory: 20 });
    const uploaded = (await upload(adminAuth, product.id, [await realFile("png"), await realFile("webp")])).body.data;
    expect(uploaded).toHaveLength(2);
    const imageIds = uploaded.map((i) => i.id);

    const buyer = await shopper();
    await addToCart(buyer.auth, product.id, 2);
    await addToCart(buyer.auth, kept.id, 1);
    const placed = await order(buyer);
    expect(placed.items.find((i) => i.productId === product.id)).toMatchObject({
      productName: product.name,
      productBrand: product.brand,
      quantity: 2,
      price: 25.5,
    });

    // afterwards: the product in two carts again
    await addToCart(buyer.auth, product.id, 1);
    await addToCart(buyer.auth, kept.id, 3);
    const other = await shopper();
    await addToCart(other.auth, product.id, 4);
    expect(await database.db.$count(cartItems, eq(cartItems.productId, product.id))).toBe(2);

    const response = await api.json(`/products/product/${product.id}/delete`, { method: "DELETE", headers: adminAuth });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.data).toBe(product.id);

    // the product and its images are gone
    expect(await productRow(product.id)).toBeUndefined();
    expect((await api.json(`/products/product/${product.id}/product`)).status).toBe(404);
    expect(await imagesOf(product.id)).toEqual([]);
    expect(await database.db.$count(imageVariants, inArray(imageVariants.imageId, imageIds))).toBe(0);
    for (const image of uploaded) expect((await download(image.downloadUrl)).status).toBe(404);

    // its cart lines are gone, the other lines stay
    expect(await database.db.$count(cartItems, eq(cartItems.productId, product.id))).toBe(0);
    const cart = await api.json<Envelope<CartDto>>(`/carts/user/${buyer.id}/cart`, { headers: buyer.auth });
    expect(cart.status).toBe(200);
    expect(cart.body.data.items.map((i) => [i.product.id, i.quantity])).toEqual([[kept.id, 3]]);
    expect(cart.body.data.totalAmount).toBe(30);
    const otherCart = await api.json<Envelope<CartDto>>(`/carts/user/${other.id}/cart`, { headers: other.auth });
    expect(otherCart.body.data.items).toEqual([]);
    const [otherCartRow] = await database.db.select().from(carts).where(eq(carts.userId, other.id));
    expect(otherCartRow).toBeDefined();

    // the order keeps its snapshot
    const rows = await database.db
      .select()
      .from(orderItems)
      .where(eq(orderItems.orderId, placed.id))
      .orderBy(orderItems.id);
    expect(
      rows.map((r) => ({
        productId: r.productId,
        name: r.productName,
        brand: r.productBrand,
        quantity: r.quantity,
        priceCents: r.priceCents,
      })),
    ).toEqual(
      expect.arrayContaining([
        { productId: null, name: product.name, brand: product.brand, quantity: 2, priceCents: 2550 },
        { productId: kept.id, name: kept.name, brand: kept.brand, quantity: 1, priceCents: 1000 },
      ]),
    );
    expect(rows).toHaveLength(2);
    const [orderRow] = await database.db.select().from(orders).where(eq(orders.id, placed.id));
    expect(orderRow!.totalCents).toBe(6100);
    const history = await api.json<Envelope<OrderDto[]>>(`/orders/user/${buyer.id}/orders`, { headers: buyer.auth });
    expect(history.status).toBe(200);
    const past = history.body.data.find((o) => o.id === placed.id)!;
    expect(past.totalAmount).toBe(61);
    expect(past.items).toContainEqual({
      productId: null,
      productName: product.name,
      productBrand: product.brand,
      quantity: 2,
      price: 25.5,
    });

    // a second delete: 404
    expect(
      (await api.json(`/products/product/${product.id}/delete`, { method: "DELETE", headers: adminAuth })).status,
    ).toBe(404);
  });
});

// ---------------------------------------------------------------- several app instances

describe.skipIf(process.env.TEST_DB_KIND !== "postgres")(
  "images on two app instances sharing one PostgreSQL database",
  () => {
    // each instance has a data directory of its own: nothing of an image may live there
    const shared = useTwoApiInstances({ poolMax: 4 });

    async function fetchImage(instance: ApiInstance, url: string) {
      const response = await fetch(`${instance.origin}${url}`);
      return {
        status: response.status,
        contentType: response.headers.get("content-type"),
        etag: response.headers.get("etag"),
        bytes: Buffer.from(await response.arrayBuffer()),
      };
    }

    it("an image uploaded, replaced or deleted on one instance is seen so by the other", async () => {
      const [a, b] = shared.instances as [ApiInstance, ApiInstance];
      const email = `${word()}@example.com`;
      await ensureAdminAccount({ email, password: PASSWORD, db: shared.db });
      const login = await a.json<{ accessToken: string }>("/auth/login", json("POST", { email, password: PASSWORD }));
      expect(login.status).toBe(200);
      const auth = bearer(login.body.accessToken);
      const category = await createCategory(shared.db);
      const product = await createProduct(shared.db, { categoryId: category.id });

      const jpeg = await realFile("jpeg", { width: 1000, height: 500 });
      const uploaded = await a.json<Envelope<ImageDto[]>>("/images/upload", {
        method: "POST",
        headers: auth,
        body: multipart({ productId: String(product.id) }, [jpeg]),
      });
      expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(201);
      const image = uploaded.body.data[0]!;

      const onB = await fetchImage(b, image.downloadUrl);
      expect(onB.status).toBe(200);
      expect(onB.contentType).toBe("image/jpeg");
      expect(onB.bytes.equals(jpeg.bytes)).toBe(true);
      const variantOnB = await fetchImage(b, `${image.downloadUrl}?w=400`);
      expect(variantOnB.contentType).toBe("image/webp");
      expect((await sharp(variantOnB.bytes).metadata()).width).toBe(400);

      const next = await realFile("png", { width: 800, height: 800, color: "#123456" });
      const replaced = await b.json<Envelope<ImageDto>>(`/images/image/${image.id}/update`, {
        method: "PUT",
        headers: auth,
        body: multipart({}, [{ ...next, field: "file" }]),
      });
      expect(replaced.status, JSON.stringify(replaced.body)).toBe(200);
      const onA = await fetchImage(a, image.downloadUrl);
      expect(onA.etag).not.toBe(onB.etag);
      expect(onA.bytes.equals(next.bytes)).toBe(true);

      const deleted = await a.json(`/images/image/${image.id}/delete`, { method: "DELETE", headers: auth });
      expect(deleted.status).toBe(200);
      expect((await fetchImage(b, image.downloadUrl)).status).toBe(404);
    });
  },
);
