import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import type { ProductDto } from "~/schemas/catalogue";
import { useAdminCatalogue } from "../support/admin-catalogue";
import { useApiServer } from "../support/api-server";
import { createProduct } from "../support/factories";
import { realFile, type Format } from "../support/image-files";
import type { Envelope } from "../support/requests";
import { useTestDatabase } from "../support/test-db";

// The admin uploads product images: every accepted format, judged by content, stored with WebP variants and served
// back.

const database = useTestDatabase();
const api = useApiServer();
const { adminAuth, catalogue, upload, download, imagesOf, variantsOf } = useAdminCatalogue(api, database);

let categoryId: number;
beforeAll(() => {
  categoryId = catalogue.categoryId;
});

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
