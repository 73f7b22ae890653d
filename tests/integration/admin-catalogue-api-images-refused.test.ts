import { randomBytes } from "node:crypto";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { useAdminCatalogue } from "../support/admin-catalogue";
import { useApiServer } from "../support/api-server";
import { createProduct, pngBytes } from "../support/factories";
import {
  encode,
  gifHeaderThenJunk,
  multipart,
  pngBomb,
  pngOver5MB,
  realFile,
  textAsPng,
  type FilePart,
} from "../support/image-files";
import { json } from "../support/requests";
import { useTestDatabase } from "../support/test-db";

// Uploads the shop refuses, storing nothing: forged files, files too large in bytes or in pixels, too many or no files.

const database = useTestDatabase();
const api = useApiServer();
const { adminAuth, catalogue, upload, imageCount, variantCount, imagesOf } = useAdminCatalogue(api, database);

let categoryId: number;
beforeAll(() => {
  categoryId = catalogue.categoryId;
});

describe("POST /images/upload", () => {
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
});
