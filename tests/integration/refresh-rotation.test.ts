import { eq } from "drizzle-orm";
import { describe, expect, it, onTestFinished } from "vitest";
import { refreshTokens } from "~/db/schema";
import { login, refresh } from "~/services/accounts/sign-in.server";
import { UnauthorizedError } from "~/services/errors";
import { hashToken, openSuccessor, verifyAccessToken } from "~/services/accounts/tokens.server";
import { getConfig, setConfig } from "~/lib/env.server";
import { useTwoApiInstances, type ApiInstance } from "../support/api-instance-process";
import { bearer, loginAs, PASSWORD, register, registration } from "../support/accounts";
import { useApiServer } from "../support/api-server";
import { useTestDatabase } from "../support/test-db";

// Refresh-token rotation with a grace window: a just-rotated token presented again (a concurrent refresh from another
// app instance or tab) answers with the same new pair; after the window it is a reuse and revokes the family.

const database = useTestDatabase();
const api = useApiServer();

type Refreshed = { status: number; refreshCookie: string; accessToken: string; message: string };

async function refreshOn(
  server: { request(path: string, init?: RequestInit): Promise<Response> },
  cookie: string,
): Promise<Refreshed> {
  const response = await server.request("/auth/refresh-token", { method: "POST", headers: { cookie } });
  const body = (await response.json()) as { message: string; data: { accessToken: string } | null };
  const set = response.headers.getSetCookie().find((c) => c.startsWith("refreshToken="));
  return {
    status: response.status,
    refreshCookie: set?.split(";")[0] ?? "",
    accessToken: body.data?.accessToken ?? "",
    message: body.message,
  };
}

const refreshWith = (cookie: string) => refreshOn(api, cookie);
const tokenOf = (cookie: string) => cookie.replace(/^refreshToken=/, "");

async function signedIn() {
  const user = await register(api);
  const session = await loginAs(api, user.email);
  expect(session.status).toBe(200);
  return { user, cookie: session.refreshCookie };
}

async function familyRows(cookie: string) {
  const [row] = await database.db
    .select()
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, hashToken(tokenOf(cookie))));
  return database.db.select().from(refreshTokens).where(eq(refreshTokens.familyId, row!.familyId));
}

const live = (rows: Array<typeof refreshTokens.$inferSelect>) => rows.filter((r) => !r.rotatedAt && !r.revokedAt);

function withGrace(seconds: number) {
  setConfig({ ...getConfig(), refreshGraceSeconds: seconds });
  onTestFinished(() => setConfig(undefined));
}

describe("refresh-token rotation with a grace window", () => {
  it("simultaneous refreshes with one token all succeed with the same new pair, and only one successor exists", async () => {
    const { user, cookie } = await signedIn();
    const answers = await Promise.all(Array.from({ length: 6 }, () => refreshWith(cookie)));
    for (const answer of answers) expect(answer.status, answer.message).toBe(200);
    expect(new Set(answers.map((a) => a.refreshCookie)).size).toBe(1);
    expect(new Set(answers.map((a) => a.accessToken)).size).toBe(1);
    const [next] = answers;
    expect(next!.refreshCookie).not.toBe(cookie);
    expect(await verifyAccessToken(next!.accessToken)).toEqual({
      id: user.id,
      roles: ["ROLE_USER"],
      // the session: the refresh-token family the access token belongs to
      sessionId: (await familyRows(cookie))[0]!.familyId,
    });
    expect((await api.json(`/users/user/${user.id}/user`, { headers: bearer(next!.accessToken) })).status).toBe(200);

    const rows = await familyRows(cookie);
    expect(rows).toHaveLength(2);
    expect(live(rows).map((r) => r.tokenHash)).toEqual([hashToken(tokenOf(next!.refreshCookie))]);
    // and the successor is a working refresh token
    expect((await refreshWith(next!.refreshCookie)).status).toBe(200);
  });

  it("a refresh in the window after a rotation gets the same tokens again, and the family lives on", async () => {
    const { cookie } = await signedIn();
    const first = await refreshWith(cookie);
    expect(first.status).toBe(200);
    const late = await refreshWith(cookie);
    expect(late).toEqual(first);
    const next = await refreshWith(first.refreshCookie);
    expect(next.status).toBe(200);
    expect(next.refreshCookie).not.toBe(first.refreshCookie);
    expect(live(await familyRows(cookie))).toHaveLength(1);
  });

  it("follows a chain: a token whose successor was refreshed again in the window gets the family's current pair", async () => {
    const { cookie } = await signedIn();
    const second = await refreshWith(cookie);
    const third = await refreshWith(second.refreshCookie);
    expect(third.status).toBe(200);
    expect(await refreshWith(cookie)).toEqual(third);
    expect(await refreshWith(second.refreshCookie)).toEqual(third);
    const rows = await familyRows(cookie);
    expect(rows).toHaveLength(3);
    expect(live(rows).map((r) => r.tokenHash)).toEqual([hashToken(tokenOf(third.refreshCookie))]);
  });

  it("a reuse after the window revokes the family: the successor stops working too", async () => {
    withGrace(1);
    const { cookie } = await signedIn();
    const first = await refreshWith(cookie);
    expect(first.status).toBe(200);
    expect((await refreshWith(cookie)).refreshCookie).toBe(first.refreshCookie);
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    const reused = await refreshWith(cookie);
    expect(reused.status).toBe(401);
    expect(reused.message).toBe("This session has ended. Please sign in again.");
    expect((await refreshWith(first.refreshCookie)).status).toBe(401);
    expect((await familyRows(cookie)).every((r) => r.revokedAt)).toBe(true);
  });

  it("keeps to the configured window by the service's clock: inside it the same token, one second past it a revocation", async () => {
    withGrace(30);
    const user = await register(api);
    const start = await login({ email: user.email, password: PASSWORD, db: database.db });
    const t0 = new Date();
    const at = (seconds: number) => new Date(t0.getTime() + seconds * 1000);
    const rotated = await refresh({ refreshToken: start.refreshToken, db: database.db, now: t0 });
    const inWindow = await refresh({ refreshToken: start.refreshToken, db: database.db, now: at(30) });
    expect(inWindow.refreshToken).toBe(rotated.refreshToken);
    expect(inWindow.accessToken).toBe(rotated.accessToken);
    await expect(refresh({ refreshToken: start.refreshToken, db: database.db, now: at(31) })).rejects.toThrow(
      UnauthorizedError,
    );
    // the family stays revoked, inside any window
    await expect(refresh({ refreshToken: rotated.refreshToken, db: database.db, now: at(1) })).rejects.toThrow(
      UnauthorizedError,
    );
    await expect(refresh({ refreshToken: start.refreshToken, db: database.db, now: at(1) })).rejects.toThrow(
      UnauthorizedError,
    );
  });

  it("a revoked family stays revoked: after logout neither the rotated token (in its window) nor its successor works", async () => {
    const { cookie } = await signedIn();
    const first = await refreshWith(cookie);
    const out = await api.request("/auth/logout", { method: "POST", headers: { cookie: first.refreshCookie } });
    expect(out.status).toBe(200);
    expect((await refreshWith(cookie)).status).toBe(401);
    expect((await refreshWith(first.refreshCookie)).status).toBe(401);
    expect((await refreshWith(cookie)).status).toBe(401);
  });

  it("with the grace turned off (0), presenting a rotated token at once is a reuse", async () => {
    withGrace(0);
    const { cookie } = await signedIn();
    const first = await refreshWith(cookie);
    expect(first.status).toBe(200);
    expect((await refreshWith(cookie)).status).toBe(401);
    expect((await refreshWith(first.refreshCookie)).status).toBe(401);
  });

  it("stores the successor sealed: the row's box opens with the old token only, and holds no token in the clear", async () => {
    const { cookie } = await signedIn();
    const first = await refreshWith(cookie);
    const old = tokenOf(cookie);
    const successor = tokenOf(first.refreshCookie);
    const [row] = await database.db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, hashToken(old)));
    const box = row!.successorBox!;
    expect(box).toMatch(/^v1\./);
    const everything = JSON.stringify(await familyRows(cookie));
    expect(everything).not.toContain(successor);
    expect(everything).not.toContain(first.accessToken);
    expect(everything).not.toContain(old);

    expect(openSuccessor(old, box)).toEqual({ refreshToken: successor, accessToken: first.accessToken });
    // what a database leak holds (the hashes, the family id) and anything else does not open it
    for (const key of [row!.tokenHash, hashToken(successor), row!.familyId, successor, `${old}x`, ""])
      expect(openSuccessor(key, box)).toBeNull();
    // nor does an altered box
    const parts = box.split(".");
    const sealed = Buffer.from(parts[3]!, "base64url");
    sealed[0] = sealed[0]! ^ 1;
    expect(openSuccessor(old, [...parts.slice(0, 3), sealed.toString("base64url"), parts[4]].join("."))).toBeNull();
    expect(openSuccessor(old, [...parts.slice(0, 4), parts[4]!.slice(0, 8)].join("."))).toBeNull();
  });
});

describe.skipIf(process.env.TEST_DB_KIND !== "postgres")("two app instances refreshing one token at once", () => {
  const shared = useTwoApiInstances({ poolMax: 4 });

  it("both instances answer with the same new pair: nobody is logged out", { timeout: 60_000 }, async () => {
    const [one, two] = shared.instances as [ApiInstance, ApiInstance];
    const form = registration();
    expect((await one.json("/users/add", { method: "POST", ...jsonBody(form) })).status).toBe(201);
    for (let round = 0; round < 3; round++) {
      const loggedIn = await two.request("/auth/login", {
        method: "POST",
        ...jsonBody({ email: form.email, password: form.password }),
      });
      expect(loggedIn.status).toBe(200);
      const cookie = loggedIn.headers
        .getSetCookie()
        .find((c) => c.startsWith("refreshToken="))!
        .split(";")[0]!;
      const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => refreshOn(i % 2 ? two : one, cookie)));
      for (const answer of answers) expect(answer.status, answer.message).toBe(200);
      expect(new Set(answers.map((a) => a.refreshCookie)).size).toBe(1);
      expect(new Set(answers.map((a) => a.accessToken)).size).toBe(1);
      const rows = await shared.db
        .select()
        .from(refreshTokens)
        .where(eq(refreshTokens.tokenHash, hashToken(tokenOf(cookie))));
      const family = await shared.db.select().from(refreshTokens).where(eq(refreshTokens.familyId, rows[0]!.familyId));
      expect(family).toHaveLength(2);
      expect(live(family)).toHaveLength(1);
      // the new pair works on either instance
      const id = (await verifyAccessToken(answers[0]!.accessToken))!.id;
      for (const instance of [one, two]) {
        const me = await instance.json(`/users/user/${id}/user`, { headers: bearer(answers[0]!.accessToken) });
        expect(me.status).toBe(200);
      }
      expect((await refreshOn(two, answers[0]!.refreshCookie)).status).toBe(200);
    }
  });
});

function jsonBody(body: unknown): RequestInit {
  return { headers: { "content-type": "application/json" }, body: JSON.stringify(body) };
}
