import { SignJWT } from "jose";
import { describe, expect, it, onTestFinished } from "vitest";
import { rateLimits } from "~/db/schema";
import { clearLoginFailures, revokeAllSessions } from "~/services/accounts/sign-in.server";
import { pruneRateLimits } from "~/services/rate-limit.server";
import { getConfig, setConfig, type RateLimitConfig } from "~/lib/env.server";
import { loginAs, PASSWORD, register, registration } from "../support/accounts";
import { useTwoApiInstances, type ApiInstance } from "../support/api-instance-process";
import { useApiServer } from "../support/api-server";
import { createCategory, createProduct } from "../support/factories";
import { json } from "../support/requests";
import { useTestDatabase } from "../support/test-db";

// Logging out ends access at once, tokens must be complete, and the rate limits hold against parallel guesses, are
// kept per client and account (an attacker cannot lock the owner out), and count registrations, payments and writes.
// Over real HTTP; the client is told apart by X-Forwarded-For (TRUST_PROXY) or, across instances, by the socket.

const database = useTestDatabase();
const api = useApiServer();

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const me = (id: number, token: string) => api.request(`/users/user/${id}/user`, { headers: bearer(token) });

/** This test's configuration: a trusted proxy (clients by X-Forwarded-For) and the limits given. */
function limits(overrides: Partial<RateLimitConfig>, { trustProxy = true } = {}) {
  const config = getConfig();
  setConfig({ ...config, trustProxy, rateLimits: { ...config.rateLimits, ...overrides } });
  onTestFinished(() => setConfig(undefined));
}

let clients = 0;
/** A client address of its own for each call: 10.0.<n>.<m> */
const newClient = () => `10.0.${Math.floor(++clients / 250)}.${clients % 250}`;

function loginFrom(client: string, email: string, password: string) {
  return api.request("/auth/login", json("POST", { email, password }, { "x-forwarded-for": client }));
}

describe("access tokens end with their session", () => {
  it("logging out ends the access token at once, not when it expires", async () => {
    const user = await register(api);
    const session = await loginAs(api, user.email);
    const other = await loginAs(api, user.email);
    expect((await me(user.id, session.accessToken)).status).toBe(200);
    const out = await api.request("/auth/logout", { method: "POST", headers: { cookie: session.refreshCookie } });
    expect(out.status).toBe(200);
    expect((await me(user.id, session.accessToken)).status).toBe(401);
    // the user's other session (another device) goes on
    expect((await me(user.id, other.accessToken)).status).toBe(200);
  });

  it("ending every session of a user (a password change) ends every access token and refresh token", async () => {
    const user = await register(api);
    const sessions = [await loginAs(api, user.email), await loginAs(api, user.email)];
    await revokeAllSessions(user.id, database.db);
    for (const session of sessions) {
      expect((await me(user.id, session.accessToken)).status).toBe(401);
      const refreshed = await api.request("/auth/refresh-token", {
        method: "POST",
        headers: { cookie: session.refreshCookie },
      });
      expect(refreshed.status).toBe(401);
    }
  });

  it("refuses well-signed tokens without an expiry, without a session, or of a session that never was", async () => {
    const user = await register(api);
    const session = await loginAs(api, user.email);
    const sid = JSON.parse(Buffer.from(session.accessToken.split(".")[1]!, "base64url").toString()).sid as string;
    const key = new TextEncoder().encode(getConfig().jwtSecret);
    const sign = (claims: Record<string, unknown>, { exp = true } = {}) => {
      const jwt = new SignJWT({ id: user.id, roles: ["ROLE_USER", "ROLE_ADMIN"], ...claims })
        .setProtectedHeader({ alg: "HS256" })
        .setSubject(user.email)
        .setIssuedAt();
      return (exp ? jwt.setExpirationTime("10m") : jwt).sign(key);
    };
    // the genuine session with the same claims works (the signing is right)...
    expect((await me(user.id, await sign({ sid }))).status).toBe(200);
    // ...but not without exp, without sid, with an unknown sid, or with another user's id on this session
    expect((await me(user.id, await sign({ sid }, { exp: false }))).status).toBe(401);
    expect((await me(user.id, await sign({}))).status).toBe(401);
    expect((await me(user.id, await sign({ sid: "no-such-session" }))).status).toBe(401);
    const stranger = await register(api);
    const borrowed = await new SignJWT({ id: stranger.id, roles: ["ROLE_USER"], sid })
      .setProtectedHeader({ alg: "HS256" })
      .setIssuedAt()
      .setExpirationTime("10m")
      .sign(key);
    expect((await me(stranger.id, borrowed)).status).toBe(401);
  });
});

describe("failed logins", () => {
  it("40 parallel wrong passwords from one client: exactly the free attempts are checked, the rest get 429", async () => {
    limits({ loginFreeAttempts: 5 });
    const user = await register(api);
    const client = newClient();
    const answers = await Promise.all(
      Array.from({ length: 40 }, () => loginFrom(client, user.email, "wrong password!")),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(35);
    for (const answer of answers.filter((a) => a.status === 429)) {
      expect(Number(answer.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(await answer.json()).toMatchObject({ message: expect.stringContaining("Too many failed login attempts") });
    }
  });

  it("waits twice as long after each further failure, and only that client waits: the owner elsewhere signs in", async () => {
    limits({ loginFreeAttempts: 2, loginMaxDelaySeconds: 900 });
    const user = await register(api);
    const attacker = newClient();
    expect((await loginFrom(attacker, user.email, "guess one!")).status).toBe(401);
    expect((await loginFrom(attacker, user.email, "guess two!")).status).toBe(401);
    const first = await loginFrom(attacker, user.email, PASSWORD);
    expect(first.status).toBe(429);
    expect(first.headers.get("retry-after")).toBe("1");
    await new Promise((r) => setTimeout(r, 1_100));
    expect((await loginFrom(attacker, user.email, "guess three")).status).toBe(401);
    const second = await loginFrom(attacker, user.email, PASSWORD);
    expect(second.status).toBe(429);
    expect(second.headers.get("retry-after")).toBe("2");

    // the owner, from their own network, is not touched; their success does not help the attacker
    expect((await loginFrom(newClient(), user.email, PASSWORD)).status).toBe(200);
    expect((await loginFrom(attacker, user.email, PASSWORD)).status).toBe(429);
  });

  it("an account's back-offs can be forgotten for every client at once (what a password reset does)", async () => {
    limits({ loginFreeAttempts: 1 });
    const user = await register(api);
    const clients = [newClient(), newClient()];
    for (const client of clients) expect((await loginFrom(client, user.email, "not it at all")).status).toBe(401);
    for (const client of clients) expect((await loginFrom(client, user.email, PASSWORD)).status).toBe(429);
    await clearLoginFailures(user.email.toUpperCase(), database.db);
    for (const client of clients) expect((await loginFrom(client, user.email, PASSWORD)).status).toBe(200);
  });

  it("a success forgets that client's failures on the account", async () => {
    limits({ loginFreeAttempts: 3 });
    const user = await register(api);
    const client = newClient();
    for (let i = 0; i < 2; i++) expect((await loginFrom(client, user.email, "not it at all")).status).toBe(401);
    expect((await loginFrom(client, user.email, PASSWORD)).status).toBe(200);
    for (let i = 0; i < 2; i++) expect((await loginFrom(client, user.email, "not it at all")).status).toBe(401);
    expect((await loginFrom(client, user.email, PASSWORD)).status).toBe(200);
  });

  it("limits one client guessing across many accounts, and many clients guessing one account (not its owner)", async () => {
    limits({ loginPerClient: 3, loginPerEmail: 4 });
    const sprayer = newClient();
    const accounts = await Promise.all([1, 2, 3, 4].map(() => register(api)));
    for (const account of accounts.slice(0, 3)) {
      expect((await loginFrom(sprayer, account.email, "Winter2026!")).status).toBe(401);
    }
    const refused = await loginFrom(sprayer, accounts[3]!.email, "Winter2026!");
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(800);

    // four clients guess once each: the account's ceiling is reached
    const target = accounts[3]!;
    const guessers = [newClient(), newClient(), newClient(), newClient()];
    for (const guesser of guessers) expect((await loginFrom(guesser, target.email, "guess ...")).status).toBe(401);
    // a client that has failed on the account now waits, though its own back-off would let it try again...
    const again = await loginFrom(guessers[0]!, target.email, PASSWORD);
    expect(again.status).toBe(429);
    expect(Number(again.headers.get("retry-after"))).toBeGreaterThan(800);
    // ...while a client with no failures on it (the owner, at home) is spared and signs in
    expect((await loginFrom(newClient(), target.email, PASSWORD)).status).toBe(200);
  });

  it("counters of no more use are pruned", async () => {
    limits({ loginFreeAttempts: 5 });
    const user = await register(api);
    expect((await loginFrom(newClient(), user.email, "wrong password!")).status).toBe(401);
    const before = (await database.db.select().from(rateLimits)).length;
    expect(before).toBeGreaterThan(0);
    await database.db.update(rateLimits).set({ expiresAt: new Date(Date.now() - 1000) });
    expect(await pruneRateLimits(database.db)).toBe(before);
    expect(await database.db.select().from(rateLimits)).toHaveLength(0);
  });
});

describe("registrations, payments and writes", () => {
  it("limits accounts created per client address, with Retry-After; another client still registers", async () => {
    limits({ registrationsPerHour: 2 });
    const client = newClient();
    const add = (from: string) => api.request("/users/add", json("POST", registration(), { "x-forwarded-for": from }));
    expect((await add(client)).status).toBe(201);
    expect((await add(client)).status).toBe(201);
    const refused = await add(client);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(3000);
    expect(await refused.json()).toMatchObject({ message: expect.stringContaining("Too many accounts") });
    expect((await add(newClient())).status).toBe(201);
  });

  it("limits writes per signed-in user (whatever the address) and payment attempts per user", async () => {
    limits({ writesPerMinute: 3, checkoutsPerHour: 1 });
    const category = await createCategory(database.db);
    const product = await createProduct(database.db, { categoryId: category.id, inventory: 50 });
    const user = await register(api);
    const { accessToken } = await loginAs(api, user.email);
    const add = () =>
      api.request(
        "/cartItems/item/add",
        json(
          "POST",
          { productId: product.id, quantity: 1 },
          { ...bearer(accessToken), "x-forwarded-for": newClient() },
        ),
      );
    for (let i = 0; i < 3; i++) expect((await add()).status).toBe(200);
    const refused = await add();
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(Number(refused.headers.get("retry-after"))).toBeLessThanOrEqual(60);
    // reading is not limited
    expect((await me(user.id, accessToken)).status).toBe(200);

    limits({ writesPerMinute: 100, checkoutsPerHour: 1 });
    const other = await register(api);
    const token = (await loginAs(api, other.email)).accessToken;
    const checkout = () => api.request(`/orders/user/${other.id}/checkout`, json("POST", {}, bearer(token)));
    expect((await checkout()).status).toBe(422);
    expect((await checkout()).status).toBe(429);
  });
});

describe.skipIf(process.env.TEST_DB_KIND !== "postgres")("rate limits across two app instances", () => {
  const shared = useTwoApiInstances({
    poolMax: 10,
    env: { LOGIN_FREE_ATTEMPTS: "5", LOGIN_MAX_FAILURES_PER_CLIENT: "1000", REGISTRATIONS_PER_CLIENT_PER_HOUR: "1000" },
  });

  it("40 parallel wrong passwords split across both instances: 5 checked in all", async () => {
    const [one, two] = shared.instances as [ApiInstance, ApiInstance];
    const form = registration();
    expect((await one.json("/users/add", json("POST", form))).status).toBe(201);
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        (i % 2 ? one : two).request("/auth/login", json("POST", { email: form.email, password: "not the one!" })),
      ),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(35);
  });
});
