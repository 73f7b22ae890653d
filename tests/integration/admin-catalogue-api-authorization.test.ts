import { beforeAll, describe, expect, it } from "vitest";
import { bearer } from "../support/accounts";
import { useAdminCatalogue } from "../support/admin-catalogue";
import { useApiServer } from "../support/api-server";
import { createCategory, createImage, createProduct, word } from "../support/factories";
import { multipart, realFile, textAsPng } from "../support/image-files";
import { json, type Auth } from "../support/requests";
import { useTestDatabase } from "../support/test-db";

// Who may change the catalogue: admin only; 401 without a token, 403 for a ROLE_USER (and nothing changes), as
// docs/api.md#authorization says.

const database = useTestDatabase();
const api = useApiServer();
const helpers = useAdminCatalogue(api, database);
const { adminAuth, userAuth, catalogue, upload, catalogueState, productInput, addProduct } = helpers;

let categoryId: number;
beforeAll(() => {
  categoryId = catalogue.categoryId;
});

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
