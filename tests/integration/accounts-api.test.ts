import { eq } from "drizzle-orm";
import { decodeJwt } from "jose";
import { beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { addresses, users } from "~/db/schema";
import { ensureAdminAccount } from "~/services/accounts/admin-bootstrap.server";
import { getConfig, setConfig } from "~/lib/env.server";
import { useApiServer } from "../support/api-server";
import { bearer, loginAs, PASSWORD, register, registration } from "../support/accounts";
import { word } from "../support/factories";
import { useTestDatabase } from "../support/test-db";

const database = useTestDatabase();
const api = useApiServer();

const json = (method: string, body: unknown, headers: Record<string, string> = {}) => ({
  method,
  headers: { "content-type": "application/json", ...headers },
  body: JSON.stringify(body),
});

describe("registration", () => {
  it("creates a ROLE_USER with its addresses and never returns the password", async () => {
    const response = await api.json<{ message: string; data: Record<string, unknown> }>(
      "/users/add",
      json("POST", registration({ email: `Mixed.${word()}@Example.com` })),
    );
    expect(response.status).toBe(201);
    expect(response.body.message).toBe("Registration successful. You can now log in.");
    expect(response.body.data).toMatchObject({
      firstName: "Ada",
      lastName: "Lovelace",
      roles: ["ROLE_USER"],
      photo: null,
    });
    expect(response.body.data.email).toMatch(/^mixed\./);
    expect(response.body.data.addressList).toEqual([
      expect.objectContaining({ street: "1 Main St", country: "US", addressType: "HOME" }),
    ]);
    expect(JSON.stringify(response.body)).not.toMatch(/password|argon/i);
    const [row] = await database.db
      .select()
      .from(users)
      .where(eq(users.id, response.body.data.id as number));
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
  });

  it("answers a taken e-mail (in any case) with 409 and a field error", async () => {
    const user = await register(api);
    const response = await api.json("/users/add", json("POST", registration({ email: user.email.toUpperCase() })));
    expect(response.status).toBe(409);
    expect(response.body.errors).toEqual({ email: ["An account with this email already exists."] });
  });

  it("validates every field with 422 and field errors", async () => {
    const response = await api.json(
      "/users/add",
      json("POST", {
        firstName: "",
        lastName: "X",
        email: "not-an-email",
        password: "short",
        addressList: [{ country: "Atlantis" }],
      }),
    );
    expect(response.status).toBe(422);
    expect(Object.keys(response.body.errors!)).toEqual(
      expect.arrayContaining(["firstName", "email", "password", "addressList.0.country"]),
    );
  });

  it("needs a street, a city and a country in an address, and skips an address left wholly empty", async () => {
    const partial = await api.json(
      "/users/add",
      json("POST", registration({ addressList: [{ state: "TX", addressType: "HOME" }] })),
    );
    expect(partial.status).toBe(422);
    expect(partial.body.errors).toMatchObject({
      "addressList.0.street": ["Street is required"],
      "addressList.0.city": ["City is required"],
      "addressList.0.country": ["Choose a country"],
    });
    // "XX" was the old "Unknown": not a country
    const unknown = await api.json(
      "/users/add",
      json("POST", registration({ addressList: [{ street: "1 Main St", city: "Austin", country: "XX" }] })),
    );
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors).toEqual({ "addressList.0.country": ["Choose a country"] });
    const blank = await api.json<{ data: { addressList: unknown[] } }>(
      "/users/add",
      json("POST", registration({ addressList: [{ street: " ", country: "", addressType: "HOME" }] })),
    );
    expect(blank.status).toBe(201);
    expect(blank.body.data.addressList).toEqual([]);
  });

  it("answers a body that is not JSON with 400 and a wrong content type with 415", async () => {
    expect(
      (await api.json("/users/add", { method: "POST", headers: { "content-type": "application/json" }, body: "{nope" }))
        .status,
    ).toBe(400);
    expect(
      (await api.json("/users/add", { method: "POST", headers: { "content-type": "text/plain" }, body: "x" })).status,
    ).toBe(415);
  });
});

describe("login, refresh and logout", () => {
  it("gives an access token with id and roles, and an HttpOnly refresh cookie scoped to /api/v1/auth", async () => {
    const user = await register(api);
    const session = await loginAs(api, user.email);
    expect(session.status).toBe(200);
    expect(session.body.message).toBe("Login successful");
    const claims = decodeJwt(session.accessToken);
    expect(claims).toMatchObject({ id: user.id, roles: ["ROLE_USER"], sub: user.email });
    expect(claims.exp! - claims.iat!).toBe(900);
    expect(session.setCookie).toMatch(/HttpOnly/i);
    expect(session.setCookie).toMatch(/SameSite=Lax/i);
    expect(session.setCookie).toMatch(/Path=\/api\/v1\/auth/);
    expect(session.setCookie).not.toMatch(/Secure/); // plain http on localhost
  });

  it("answers an unknown e-mail and a wrong password with the same 401", async () => {
    const user = await register(api);
    const wrong = await loginAs(api, user.email, "wrong password!");
    const unknown = await loginAs(api, `${word()}@example.com`, "wrong password!");
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual(unknown.body);
    expect(wrong.body).toEqual({ message: "Invalid username or password", data: null });
  });

  it("limits failed attempts per e-mail with 429 and Retry-After, without counting successes", async () => {
    const user = await register(api);
    for (let i = 0; i < 3; i++) expect((await loginAs(api, user.email)).status).toBe(200);
    for (let i = 0; i < 5; i++) expect((await loginAs(api, user.email, "nope nope nope")).status).toBe(401);
    const response = await api.request("/auth/login", json("POST", { email: user.email, password: PASSWORD }));
    expect(response.status).toBe(429);
    expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await response.json()).toMatchObject({ message: expect.stringContaining("Too many failed login attempts") });
    // another account is not affected
    const other = await register(api);
    expect((await loginAs(api, other.email)).status).toBe(200);
  });

  it("rotates the refresh token, and one reused after the grace window revokes the whole family", async () => {
    // no grace: the reuse below comes after the window (tests/integration/refresh-rotation.test.ts has the window)
    setConfig({ ...getConfig(), refreshGraceSeconds: 0 });
    onTestFinished(() => setConfig(undefined));
    const user = await register(api);
    const session = await loginAs(api, user.email);
    const first = await api.request("/auth/refresh-token", {
      method: "POST",
      headers: { cookie: session.refreshCookie },
    });
    expect(first.status).toBe(200);
    const rotated = first.headers
      .getSetCookie()
      .find((c) => c.startsWith("refreshToken="))!
      .split(";")[0]!;
    expect(rotated).not.toBe(session.refreshCookie);
    expect(((await first.json()) as { data: { accessToken: string } }).data.accessToken).toBeTruthy();

    // the old token again: reuse → 401, and the rotated one dies with it
    const reused = await api.request("/auth/refresh-token", {
      method: "POST",
      headers: { cookie: session.refreshCookie },
    });
    expect(reused.status).toBe(401);
    const afterReuse = await api.request("/auth/refresh-token", { method: "POST", headers: { cookie: rotated } });
    expect(afterReuse.status).toBe(401);
  });

  it("answers a refresh without or with a bad cookie with 401", async () => {
    expect((await api.request("/auth/refresh-token", { method: "POST" })).status).toBe(401);
    expect(
      (await api.request("/auth/refresh-token", { method: "POST", headers: { cookie: "refreshToken=bogus" } })).status,
    ).toBe(401);
  });

  it("logout revokes the refresh token and clears the cookie", async () => {
    const user = await register(api);
    const session = await loginAs(api, user.email);
    const out = await api.request("/auth/logout", { method: "POST", headers: { cookie: session.refreshCookie } });
    expect(out.status).toBe(200);
    expect(out.headers.getSetCookie().join()).toMatch(/refreshToken=;/);
    expect(
      (await api.request("/auth/refresh-token", { method: "POST", headers: { cookie: session.refreshCookie } })).status,
    ).toBe(401);
  });

  it("rejects an expired or forged access token with 401", async () => {
    const user = await register(api);
    const forged = (await loginAs(api, user.email)).accessToken.slice(0, -3) + "abc";
    expect((await api.json(`/users/user/${user.id}/user`, { headers: bearer(forged) })).status).toBe(401);
  });
});

describe("authorization matrix of owner-scoped endpoints", () => {
  type Actor = "owner" | "other" | "admin" | "anonymous";
  const expected: Record<Actor, number[]> = { owner: [200, 201], other: [403], admin: [200, 201], anonymous: [401] };
  let owner: Awaited<ReturnType<typeof register>>;
  const tokens = {} as Record<Exclude<Actor, "anonymous">, string>;

  beforeAll(async () => {
    owner = await register(api);
    const other = await register(api);
    const adminEmail = `${word()}@example.com`;
    await ensureAdminAccount({ email: adminEmail, password: PASSWORD, db: database.db });
    tokens.owner = (await loginAs(api, owner.email)).accessToken;
    tokens.other = (await loginAs(api, other.email)).accessToken;
    tokens.admin = (await loginAs(api, adminEmail)).accessToken;
  });

  /** a fresh address of the owner for each request, so a delete by one actor changes nothing for the next */
  async function ownersAddress() {
    const [row] = await database.db.insert(addresses).values({ userId: owner.id, street: "9 Test Rd" }).returning();
    return row!.id;
  }

  const address = {
    street: "2 Side St",
    city: "Reno",
    state: "NV",
    country: "US",
    postalCode: "89501",
    mobileNumber: "",
    addressType: "OFFICE",
  };
  const endpoints: Array<[string, () => Promise<[string, RequestInit]>]> = [
    ["GET /users/user/{userId}/user", async () => [`/users/user/${owner.id}/user`, {}]],
    [
      "PUT /users/{userId}/update",
      async () => [`/users/${owner.id}/update`, json("PUT", { firstName: "Ada", lastName: "Byron" })],
    ],
    ["POST /addresses/{userId}/new", async () => [`/addresses/${owner.id}/new`, json("POST", [address])]],
    ["GET /addresses/{userId}/address", async () => [`/addresses/${owner.id}/address`, {}]],
    [
      "PUT /addresses/{addressId}/update",
      async () => [`/addresses/${await ownersAddress()}/update`, json("PUT", address)],
    ],
    [
      "DELETE /addresses/{addressId}/delete",
      async () => [`/addresses/${await ownersAddress()}/delete`, { method: "DELETE" }],
    ],
  ];

  for (const [name, build] of endpoints) {
    it(`${name}: owner and admin may, another user gets 403, anonymous 401`, async () => {
      for (const actor of ["anonymous", "other", "admin", "owner"] as Actor[]) {
        const [path, init] = await build();
        const headers = {
          ...(init.headers as Record<string, string> | undefined),
          ...(actor === "anonymous" ? {} : bearer(tokens[actor])),
        };
        const response = await api.json(path, { ...init, headers });
        expect(expected[actor], `${actor} → ${response.status} ${JSON.stringify(response.body)}`).toContain(
          response.status,
        );
        if (actor === "other") expect(JSON.stringify(response.body)).not.toContain(owner.email);
      }
    });
  }
});

describe("addresses", () => {
  it("adds, lists, updates and deletes the owner's addresses", async () => {
    const user = await register(api, { addressList: [] });
    const token = (await loginAs(api, user.email)).accessToken;
    const added = await api.json<{ data: Array<{ id: number }> }>(
      `/addresses/${user.id}/new`,
      json("POST", [{ street: "5 Elm", city: "Oslo", country: "no", addressType: "SHIPPING" }], bearer(token)),
    );
    expect(added.status).toBe(201);
    const id = added.body.data[0]!.id;
    const updated = await api.json(
      `/addresses/${id}/update`,
      json("PUT", { street: "6 Elm", city: "Oslo", country: "NO" }, bearer(token)),
    );
    expect(updated.status).toBe(200);
    expect(updated.body.data).toMatchObject({ id, street: "6 Elm", country: "NO", addressType: "HOME" });
    const list = await api.json<{ data: unknown[] }>(`/addresses/${user.id}/address`, { headers: bearer(token) });
    expect(list.body.data).toHaveLength(1);
    expect((await api.json(`/addresses/${id}/delete`, { method: "DELETE", headers: bearer(token) })).status).toBe(200);
    expect(
      (await api.json<{ data: unknown[] }>(`/addresses/${user.id}/address`, { headers: bearer(token) })).body.data,
    ).toEqual([]);
  });

  it("stores a country sent by its English name as its ISO code (the reference client sends names)", async () => {
    const user = await register(api, { addressList: [] });
    const token = (await loginAs(api, user.email)).accessToken;
    const added = await api.json<{ data: Array<{ id: number; country: string }> }>(
      `/addresses/${user.id}/new`,
      json("POST", [{ street: "1 Moi Ave", city: "Nairobi", country: "Kenya" }], bearer(token)),
    );
    expect(added.status).toBe(201);
    expect(added.body.data[0]!.country).toBe("KE");
    const updated = await api.json(
      `/addresses/${added.body.data[0]!.id}/update`,
      json("PUT", { street: "1 Moi Ave", city: "Berlin", country: "germany" }, bearer(token)),
    );
    expect(updated.body.data).toMatchObject({ country: "DE" });
  });

  it("refuses an invalid address with 422 and an empty list with 422", async () => {
    const user = await register(api);
    const token = (await loginAs(api, user.email)).accessToken;
    const bad = await api.json(
      `/addresses/${user.id}/new`,
      json("POST", [{ country: "Narnia", addressType: "CASTLE" }], bearer(token)),
    );
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors!)).toEqual(expect.arrayContaining(["0.country", "0.addressType"]));
    const empty = await api.json(`/addresses/${user.id}/new`, json("POST", [{}], bearer(token)));
    expect(empty.status).toBe(422);
    expect(empty.body.errors).toMatchObject({
      "0.street": ["Street is required"],
      "0.city": ["City is required"],
      "0.country": ["Choose a country"],
    });
    const [saved] = user.addressList;
    const cleared = await api.json(
      `/addresses/${saved!.id}/update`,
      json("PUT", { street: "", city: "Austin", country: "US" }, bearer(token)),
    );
    expect(cleared.status).toBe(422);
    expect(cleared.body.errors).toEqual({ street: ["Street is required"] });
    expect((await api.json(`/addresses/${user.id}/new`, json("POST", [], bearer(token)))).status).toBe(422);
  });

  it("answers 403 to a stranger for an address that does not exist, and 404 to an admin", async () => {
    const user = await register(api);
    const token = (await loginAs(api, user.email)).accessToken;
    expect((await api.json(`/addresses/99999/delete`, { method: "DELETE", headers: bearer(token) })).status).toBe(403);
    const adminEmail = `${word()}@example.com`;
    await ensureAdminAccount({ email: adminEmail, password: PASSWORD, db: database.db });
    const admin = (await loginAs(api, adminEmail)).accessToken;
    expect((await api.json(`/addresses/99999/delete`, { method: "DELETE", headers: bearer(admin) })).status).toBe(404);
  });
});
