import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import type { ImageDto, ProductDto } from "~/schemas/catalogue";
import { ensureAdminAccount } from "~/services/accounts/admin-bootstrap.server";
import { bearer, PASSWORD } from "../support/accounts";
import { useAdminCatalogue } from "../support/admin-catalogue";
import { useTwoApiInstances, type ApiInstance } from "../support/api-instance-process";
import { useApiServer } from "../support/api-server";
import { createCategory, createImage, createProduct, word } from "../support/factories";
import { gifHeaderThenJunk, multipart, pngOver5MB, realFile, textAsPng } from "../support/image-files";
import { json, type Envelope } from "../support/requests";
import { useTestDatabase } from "../support/test-db";

// The admin replaces and deletes product images, also across two app instances sharing one PostgreSQL database.

const database = useTestDatabase();
const api = useApiServer();
const helpers = useAdminCatalogue(api, database);
const { adminAuth, catalogue, upload, replace, download, catalogueState, imagesOf, variantsOf } = helpers;

let categoryId: number;
beforeAll(() => {
  categoryId = catalogue.categoryId;
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
