import { afterEach, describe, expect, it } from "vitest";
import { ApiError, callApi, endpoints, fetchApi } from "~/client/api.server";
import { apiLogin } from "~/client/auth.server";
import { ensureAdminAccount } from "~/services/accounts/admin-bootstrap.server";
import { getConfig, setConfig } from "~/lib/env.server";
import { RegisterSchema } from "~/schemas/account";
import { PASSWORD, registration } from "../support/accounts";
import { useApiServer } from "../support/api-server";
import { endlessPost } from "../support/endless-post";
import { createCategory, createProduct, pngBytes, word } from "../support/factories";
import { useTestDatabase } from "../support/test-db";

const database = useTestDatabase();
const server = useApiServer();

/** The pages' client, in this process (the default) or over HTTP to this test's API server (API_URL). */
function useTransport(kind: "in-process" | "http") {
  setConfig({ ...getConfig(), apiUrl: kind === "http" ? server.origin : undefined });
}
afterEach(() => setConfig(undefined));

/** A valid registration, typed as the pages send it. */
const newUser = () => RegisterSchema.parse(registration());
const login = (email: string) => apiLogin({ email, password: PASSWORD }, new Request("http://localhost/login"));
const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => (error instanceof ApiError ? { status: error.status, errors: error.errors } : error),
  );

describe.each(["in-process", "http"] as const)("the pages' API client (%s)", (kind) => {
  it("sends JSON bodies, path parameters and tokens, and reads the answer", async () => {
    useTransport(kind);
    const registered = await callApi(endpoints.users.register, { body: newUser() });
    expect(registered.message).toBe("Registration successful. You can now log in.");
    const tokens = await login(registered.data.email);
    expect(tokens.refreshToken.length).toBeGreaterThan(20);
    const { data: user } = await callApi(endpoints.users.get, {
      params: { userId: registered.data.id },
      token: tokens.accessToken,
    });
    expect(user.addressList).toHaveLength(1);
  });

  it("sends query strings with lists and booleans", async () => {
    useTransport(kind);
    const category = await createCategory(database.db);
    for (const brand of ["Arclight", "Brimstone", "Hexwright"]) {
      await createProduct(database.db, { categoryId: category.id, brand, name: `Probe ${kind}`, inventory: 3 });
    }
    const { data: page } = await callApi(endpoints.products.search, {
      query: { q: `Probe ${kind}`, brand: ["Arclight", "Hexwright"], inStock: true, category: category.id },
    });
    expect(page.content.map((p) => p.brand).sort()).toEqual(["Arclight", "Hexwright"]);
  });

  it("turns the API's refusals into ApiError with the status and field errors", async () => {
    useTransport(kind);
    const invalid = await refusal(callApi(endpoints.users.register, { body: { ...newUser(), email: "not-an-email" } }));
    expect(invalid).toMatchObject({ status: 422, errors: { email: expect.any(Array) } });
    expect(await refusal(callApi(endpoints.products.byId, { params: { id: 999_999 } }))).toMatchObject({ status: 404 });
    expect(await refusal(callApi(endpoints.cart.count, { params: { userId: 1 } }))).toMatchObject({ status: 401 });
  });

  it("hands files and CSV to the admin's routes, and gets the CSV export back", async () => {
    useTransport(kind);
    const email = `${word()}@example.com`;
    await ensureAdminAccount({ email, password: PASSWORD, db: database.db });
    const { accessToken: token } = await login(email);
    const category = await createCategory(database.db);
    const product = await createProduct(database.db, { categoryId: category.id });
    const files = [new File([await pngBytes(300, 200)], "front.png", { type: "image/png" })];
    const uploaded = await callApi(endpoints.images.upload, { body: { productId: product.id, files }, token });
    expect(uploaded.data.map((image) => [image.fileName, image.width])).toEqual([["front.png", 300]]);

    const csv = `name,brand,category,price,inventory,description\nImported ${kind},Onyxa,${category.name},19.99,4,Imported\n`;
    const imported = await callApi(endpoints.adminProducts.importCsv, { body: csv, token });
    expect(imported.data).toMatchObject({ created: 1 });

    const exported = await (await fetchApi(endpoints.adminProducts.exportCsv, { token })).text();
    expect(exported).toContain(`Imported ${kind}`);
    expect(await refusal(fetchApi(endpoints.adminProducts.exportCsv, {}))).toMatchObject({ status: 401 });
  });
});

describe("refresh tokens", () => {
  it("a refused refresh token is cleared from the browser", async () => {
    const response = await server.request("/auth/refresh-token", {
      method: "POST",
      headers: { cookie: "refreshToken=not-a-token" },
    });
    expect(response.status).toBe(401);
    expect(response.headers.get("set-cookie")).toMatch(/^refreshToken=; Max-Age=0; Path=\/api\/v1\/auth; HttpOnly/);
  });
});

describe("request bodies over HTTP", () => {
  it.each(["application/json", "Application/X-WWW-Form-Urlencoded", "Multipart/Form-Data; boundary=xyz"])(
    "an endless %s body gets 413 at once and the connection is closed",
    async (type) => {
      const answer = await endlessPost(`${server.origin}/api/v1/auth/login`, type);
      // a multipart body that does not start with its boundary is refused as malformed at its first bytes
      expect(answer.status).toBe(type.startsWith("Multipart") ? 400 : 413);
      expect(answer.connection).toBe("close");
    },
  );
});
