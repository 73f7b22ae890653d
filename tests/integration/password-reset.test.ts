import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it, onTestFinished } from "vitest";
import { mailOutbox, userTokens } from "~/db/schema";
import { PASSWORD_RESET_DONE, RESET_REQUESTED } from "~/services/accounts/password-reset.server";
import { getConfig, setConfig, type RateLimitConfig } from "~/lib/env.server";
import { bearer, loginAs, PASSWORD, register } from "../support/accounts";
import { useApiServer } from "../support/api-server";
import { linksIn, mailsTo, tokenIn } from "../support/mail-outbox";
import { json } from "../support/requests";
import { useTestDatabase } from "../support/test-db";

// Password reset over real HTTP (decision 0019): the link is mailed through the outbox, stored only as a hash, works
// once and for an hour, a newer one spends the older; using it ends every session of the account; the answer to a
// request never says whether the address has an account; requests are limited per client and per address.

const database = useTestDatabase();
const api = useApiServer();
const NEW_PASSWORD = "a brand new passphrase";

const sha256 = (token: string) => createHash("sha256").update(token).digest("base64url");
const forgot = (email: string, headers: Record<string, string> = {}) =>
  api.request("/auth/forgot-password", json("POST", { email }, headers));
const reset = (token: string, password = NEW_PASSWORD) =>
  api.json("/auth/reset-password", json("POST", { token, password }));
const me = (id: number, token: string) => api.request(`/users/user/${id}/user`, { headers: bearer(token) });
const refreshWith = (cookie: string) => api.request("/auth/refresh-token", { method: "POST", headers: { cookie } });

/** Asks for a reset of the account and gives the token of the link mailed for it. */
async function resetToken(email: string): Promise<string> {
  expect((await forgot(email)).status).toBe(202);
  const mails = await mailsTo(database.db, email, "password-reset");
  return tokenIn(mails.at(-1)!, "/reset-password");
}

function limits(overrides: Partial<RateLimitConfig>) {
  const config = getConfig();
  setConfig({ ...config, trustProxy: true, rateLimits: { ...config.rateLimits, ...overrides } });
  onTestFinished(() => setConfig(undefined));
}

let clients = 0;
const newClient = () => `10.9.${Math.floor(++clients / 250)}.${clients % 250}`;

describe("asking for a reset", () => {
  it("mails a link to PUBLIC_URL's reset page, whatever Host the request names; only the token's hash is stored", async () => {
    const user = await register(api);
    const answer = await forgot(user.email.toUpperCase(), {
      host: "evil.example",
      "x-forwarded-host": "evil.example",
    });
    expect(answer.status).toBe(202);
    expect(await answer.json()).toEqual({ message: RESET_REQUESTED, data: null });

    const [mail] = await mailsTo(database.db, user.email, "password-reset");
    expect(mail).toBeDefined();
    expect(mail!.subject).toBe("Reset your GearHub password");
    const links = linksIn(mail!).filter((l) => l.includes("token="));
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) expect(link.startsWith(`${getConfig().mail.publicUrl}/reset-password?token=`)).toBe(true);
    expect(mail!.textBody + mail!.htmlBody).not.toContain("evil.example");

    const token = tokenIn(mail!, "/reset-password");
    expect(token).toMatch(/^[\w-]{43}$/);
    const rows = await database.db.select().from(userTokens).where(eq(userTokens.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ purpose: "password_reset", tokenHash: sha256(token), usedAt: null });
    expect(JSON.stringify(rows)).not.toContain(token);
    const lifetime = rows[0]!.expiresAt.getTime() - rows[0]!.createdAt.getTime();
    expect(lifetime).toBeGreaterThan(59 * 60_000);
    expect(lifetime).toBeLessThanOrEqual(60 * 60_000 + 5_000);
  });

  it("answers an address without an account exactly as one with an account, and mails nothing", async () => {
    const user = await register(api);
    const nobody = `nobody.${Date.now()}@example.com`;
    const known = await forgot(user.email);
    const unknown = await forgot(nobody);
    expect(unknown.status).toBe(known.status);
    expect(await unknown.text()).toBe(await known.text());
    const headerNames = (r: Response) => [...r.headers.keys()].filter((k) => !["date", "x-request-id"].includes(k));
    expect(headerNames(unknown)).toEqual(headerNames(known));
    expect(await mailsTo(database.db, nobody)).toEqual([]);
    // an address that is not one is a validation error either way
    const invalid = await api.json("/auth/forgot-password", json("POST", { email: "not an address" }));
    expect(invalid.status).toBe(422);
    expect(invalid.body.errors?.email).toEqual(["Enter a valid email address"]);
  });

  it("sends at most PASSWORD_RESETS_PER_EMAIL_PER_HOUR mails to one address, answering the same beyond it", async () => {
    limits({ passwordResetsPerEmail: 2 });
    const user = await register(api);
    const nobody = `nobody.${Date.now()}@example.com`;
    for (const email of [user.email, nobody]) {
      for (let i = 0; i < 5; i++) {
        const answer = await forgot(email, { "x-forwarded-for": newClient() });
        expect(answer.status).toBe(202);
        expect(await answer.json()).toEqual({ message: RESET_REQUESTED, data: null });
      }
    }
    expect(await mailsTo(database.db, user.email, "password-reset")).toHaveLength(2);
  });

  it("refuses a client past PASSWORD_RESETS_PER_CLIENT_PER_HOUR with 429, for any address", async () => {
    limits({ passwordResetsPerClient: 2 });
    const client = newClient();
    const user = await register(api);
    expect((await forgot(user.email, { "x-forwarded-for": client })).status).toBe(202);
    expect((await forgot(`a.${Date.now()}@example.com`, { "x-forwarded-for": client })).status).toBe(202);
    for (const email of [user.email, `b.${Date.now()}@example.com`]) {
      const refused = await forgot(email, { "x-forwarded-for": client });
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    }
    // another client is not touched
    expect((await forgot(user.email, { "x-forwarded-for": newClient() })).status).toBe(202);
  });
});

describe("using the link", () => {
  it("sets the new password, ends every session and refresh token at once, and mails a notice", async () => {
    const user = await register(api);
    const phone = await loginAs(api, user.email);
    const laptop = await loginAs(api, user.email);
    expect((await me(user.id, phone.accessToken)).status).toBe(200);

    const token = await resetToken(user.email);
    const done = await reset(token);
    expect(done.status).toBe(200);
    expect(done.body).toEqual({ message: PASSWORD_RESET_DONE, data: null });

    for (const session of [phone, laptop]) {
      expect((await me(user.id, session.accessToken)).status).toBe(401);
      expect((await refreshWith(session.refreshCookie)).status).toBe(401);
    }
    expect((await loginAs(api, user.email, PASSWORD)).status).toBe(401);
    expect((await loginAs(api, user.email, NEW_PASSWORD)).status).toBe(200);
    const [notice] = await mailsTo(database.db, user.email, "password-changed");
    expect(notice?.subject).toBe("Your GearHub password was changed");
  });

  it("cancels a pending e-mail change: a thief with the old password cannot move the account after the reset", async () => {
    const user = await register(api);
    const thiefSession = await loginAs(api, user.email);
    const thief = `thief.${Date.now()}@example.com`;
    const asked = await api.json(
      `/users/${user.id}/email`,
      json("POST", { newEmail: thief, currentPassword: PASSWORD }, bearer(thiefSession.accessToken)),
    );
    expect(asked.status).toBe(202);
    const changeToken = tokenIn((await mailsTo(database.db, thief, "email-change"))[0]!, "/confirm-email");

    expect((await reset(await resetToken(user.email))).status).toBe(200);
    const confirmed = await api.json("/users/confirm-email", json("POST", { token: changeToken }));
    expect(confirmed.status).toBe(410);
    expect((await loginAs(api, user.email, NEW_PASSWORD)).status).toBe(200);
  });

  it("works once: the same link again is 410", async () => {
    const user = await register(api);
    const token = await resetToken(user.email);
    expect((await reset(token)).status).toBe(200);
    const again = await reset(token, "yet another passphrase");
    expect(again.status).toBe(410);
    expect(again.body.message).toMatch(/already been used/);
    expect((await loginAs(api, user.email, NEW_PASSWORD)).status).toBe(200);
  });

  it("two uses of one link at once: exactly one wins", async () => {
    const user = await register(api);
    const token = await resetToken(user.email);
    const answers = await Promise.all([reset(token, "first racing passphrase"), reset(token, "second racing pass")]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 410]);
  });

  it("a newer link spends the older one", async () => {
    const user = await register(api);
    const older = await resetToken(user.email);
    const newer = await resetToken(user.email);
    expect(newer).not.toBe(older);
    expect((await reset(older)).status).toBe(410);
    expect((await reset(newer)).status).toBe(200);
  });

  it("expires after an hour (410), and says so", async () => {
    const user = await register(api);
    const token = await resetToken(user.email);
    await database.db
      .update(userTokens)
      .set({ expiresAt: new Date(Date.now() - 1_000) })
      .where(eq(userTokens.tokenHash, sha256(token)));
    const late = await reset(token);
    expect(late.status).toBe(410);
    expect(late.body.message).toBe("This password reset link has expired. Please ask for a new one.");
    expect((await loginAs(api, user.email, PASSWORD)).status).toBe(200);
  });

  it("refuses a token that is no link of ours (400), and a weak password (422) without spending the link", async () => {
    const unknown = await reset("A".repeat(43));
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toMatch(/not valid/);

    const user = await register(api);
    const token = await resetToken(user.email);
    const weak = await reset(token, "short");
    expect(weak.status).toBe(422);
    expect(weak.body.errors?.password).toEqual(["Password must be at least 8 characters"]);
    expect((await reset(token)).status).toBe(200);
  });

  it("a link for an e-mail change is no reset link", async () => {
    const user = await register(api);
    const { accessToken } = await loginAs(api, user.email);
    const newEmail = `moved.${Date.now()}@example.com`;
    const asked = await api.request(
      `/users/${user.id}/email`,
      json("POST", { newEmail, currentPassword: PASSWORD }, bearer(accessToken)),
    );
    expect(asked.status).toBe(202);
    const [mail] = await mailsTo(database.db, newEmail, "email-change");
    expect((await reset(tokenIn(mail!, "/confirm-email"))).status).toBe(400);
  });

  it("forgets the failed logins on the account: a client that had to wait signs in at once", async () => {
    const config = getConfig();
    setConfig({ ...config, trustProxy: true, rateLimits: { ...config.rateLimits, loginFreeAttempts: 1 } });
    onTestFinished(() => setConfig(undefined));
    const user = await register(api);
    const client = newClient();
    const loginFrom = (password: string) =>
      api.request("/auth/login", json("POST", { email: user.email, password }, { "x-forwarded-for": client }));
    expect((await loginFrom("wrong guess here")).status).toBe(401);
    expect((await loginFrom(PASSWORD)).status).toBe(429);
    expect((await reset(await resetToken(user.email))).status).toBe(200);
    expect((await loginFrom(NEW_PASSWORD)).status).toBe(200);
  });

  it("writes the link and its mail in one transaction (both stamped with its now())", async () => {
    const user = await register(api);
    const before = await database.db.select().from(mailOutbox);
    await resetToken(user.email);
    const after = await database.db.select().from(mailOutbox);
    const tokens = await database.db.select().from(userTokens).where(eq(userTokens.userId, user.id));
    expect(after.length - before.length).toBe(1);
    expect(tokens).toHaveLength(1);
    expect(after.at(-1)!.createdAt.getTime()).toBe(tokens[0]!.createdAt.getTime());
  });
});
