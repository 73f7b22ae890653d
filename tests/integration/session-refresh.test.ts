import { SignJWT } from "jose";
import { describe, expect, it, onTestFinished } from "vitest";
import { callApi, endpoints } from "~/client/api.server";
import { apiLogin, Auth, clearSharedRefreshes, getAuth } from "~/client/auth.server";
import { requireAuth } from "~/web/guards.server";
import { getConfig, setConfig } from "~/lib/env.server";
import { commitSession, getSession } from "~/client/session.server";
import { PASSWORD, register } from "../support/accounts";
import { useApiServer } from "../support/api-server";
import { useTestDatabase } from "../support/test-db";

useTestDatabase();

const getUser = (token: string, userId: number) =>
  callApi(endpoints.users.get, { params: { userId }, token }).then((answer) => answer.data);
const server = useApiServer();

/** A page request carrying a session cookie with these tokens. */
async function pageRequest(
  values: { userId: number; roles: string[]; accessToken: string; refreshToken: string },
  path = "/user-profile",
) {
  const blank = new Request(`http://localhost${path}`);
  const session = await getSession(blank);
  for (const [key, value] of Object.entries(values)) session.set(key as never, value as never);
  const cookie = (await commitSession(blank, session)).split(";")[0]!;
  return new Request(`http://localhost${path}`, { headers: { cookie } });
}

async function expiredToken(id: number) {
  return new SignJWT({ id, roles: ["ROLE_USER"] })
    .setProtectedHeader({ alg: "HS256" })
    .setIssuedAt(Math.floor(Date.now() / 1000) - 3600)
    .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
    .sign(new TextEncoder().encode(getConfig().jwtSecret));
}

describe("the UI session", () => {
  it("refreshes an expired access token once, retries, and commits the new tokens", async () => {
    const user = await register(server);
    const tokens = await apiLogin({ email: user.email, password: PASSWORD }, new Request("http://localhost/login"));
    const request = await pageRequest({
      userId: user.id,
      roles: ["ROLE_USER"],
      accessToken: await expiredToken(user.id),
      refreshToken: tokens.refreshToken,
    });
    const auth = (await getAuth(request))!;
    const profile = await auth.call((token) => getUser(token, user.id));
    expect(profile.email).toBe(user.email);
    const setCookie = auth.headers.get("Set-Cookie");
    expect(setCookie).toMatch(/^__session=/);
    // the old refresh token was rotated: once the few seconds of sharing and the API's grace window are over, using
    // it again is refused
    clearSharedRefreshes();
    setConfig({ ...getConfig(), refreshGraceSeconds: 0 });
    onTestFinished(() => setConfig(undefined));
    const again = await pageRequest({
      userId: user.id,
      roles: ["ROLE_USER"],
      accessToken: await expiredToken(user.id),
      refreshToken: tokens.refreshToken,
    });
    await expect((await getAuth(again))!.call((token) => getUser(token, user.id))).rejects.toSatisfy(
      (thrown: unknown) =>
        thrown instanceof Response && thrown.status === 302 && thrown.headers.get("Location") === "/",
    );
  });

  it("shares one refresh between the loaders of one page (same cookie at once): no reuse, no logout", async () => {
    const user = await register(server);
    const tokens = await apiLogin({ email: user.email, password: PASSWORD }, new Request("http://localhost/login"));
    const session = {
      userId: user.id,
      roles: ["ROLE_USER"],
      accessToken: await expiredToken(user.id),
      refreshToken: tokens.refreshToken,
    };
    const [root, route] = await Promise.all([getAuth(await pageRequest(session)), getAuth(await pageRequest(session))]);
    const [a, b] = await Promise.all([
      root!.call((token) => getUser(token, user.id)),
      route!.call((token) => getUser(token, user.id)),
    ]);
    expect(a.id).toBe(user.id);
    expect(b.id).toBe(user.id);
    // a loader starting a moment later (the root after its other calls) gets the same answer, not a reuse
    const late = await getAuth(await pageRequest(session));
    expect((await late!.call((token) => getUser(token, user.id))).id).toBe(user.id);
    // both committed the same new tokens, which still work: the family was not revoked
    expect(root!.headers.get("Set-Cookie")).toBe(route!.headers.get("Set-Cookie"));
    clearSharedRefreshes();
    const next = await getSession(
      new Request("http://localhost/", { headers: { cookie: root!.headers.get("Set-Cookie")!.split(";")[0]! } }),
    );
    const refreshed = await pageRequest({ ...session, refreshToken: next.get("refreshToken")! });
    expect((await (await getAuth(refreshed))!.call((token) => getUser(token, user.id))).id).toBe(user.id);
  });

  it("two app instances refreshing one cookie at once (each its own shared refreshes) both keep the user signed in", async () => {
    const user = await register(server);
    const tokens = await apiLogin({ email: user.email, password: PASSWORD }, new Request("http://localhost/login"));
    const session = {
      userId: user.id,
      roles: ["ROLE_USER"],
      accessToken: await expiredToken(user.id),
      refreshToken: tokens.refreshToken,
    };
    const [one, two] = await Promise.all([getAuth(await pageRequest(session)), getAuth(await pageRequest(session))]);
    // the first starts its refresh; the second is another process, which knows nothing of it
    const first = one!.call((token) => getUser(token, user.id));
    clearSharedRefreshes();
    const second = two!.call((token) => getUser(token, user.id));
    expect((await first).id).toBe(user.id);
    expect((await second).id).toBe(user.id);
    clearSharedRefreshes();
    const refreshTokenOf = async (auth: Auth) =>
      (
        await getSession(
          new Request("http://localhost/", { headers: { cookie: auth.headers.get("Set-Cookie")!.split(";")[0]! } }),
        )
      ).get("refreshToken");
    const [a, b] = [await refreshTokenOf(one!), await refreshTokenOf(two!)];
    expect(a).toBeTruthy();
    expect(a).not.toBe(tokens.refreshToken);
    // the same new refresh token in both sessions, and it works
    expect(b).toBe(a);
    const next = await getAuth(await pageRequest({ ...session, refreshToken: a! }));
    expect((await next!.call((token) => getUser(token, user.id))).id).toBe(user.id);
  });

  it("logs the user out (session destroyed, sent to /) when the refresh fails", async () => {
    const user = await register(server);
    const request = await pageRequest({
      userId: user.id,
      roles: ["ROLE_USER"],
      accessToken: await expiredToken(user.id),
      refreshToken: "revoked-or-unknown",
    });
    const auth = (await getAuth(request)) as Auth;
    const thrown = await auth.call((token) => getUser(token, user.id)).catch((error: unknown) => error);
    expect(thrown).toBeInstanceOf(Response);
    const response = thrown as Response;
    expect(response.headers.get("Location")).toBe("/");
    expect(response.headers.get("Set-Cookie")).toMatch(/__session=;.*Expires=Thu, 01 Jan 1970/);
  });

  it("guards: a visitor goes to /login with the origin, a wrong role or another user's id to /unauthorized", async () => {
    const user = await register(server);
    const visitor = await requireAuth(new Request("http://localhost/user-profile/5/profile?tab=1")).catch(
      (e: unknown) => e as Response,
    );
    expect(visitor.headers.get("Location")).toBe("/login?redirectTo=%2Fuser-profile%2F5%2Fprofile%3Ftab%3D1");
    const tokens = await apiLogin({ email: user.email, password: PASSWORD }, new Request("http://localhost/login"));
    const signedIn = await pageRequest({ userId: user.id, roles: ["ROLE_USER"], ...tokens }, "/add-product");
    const wrongRole = await requireAuth(signedIn, { roles: ["role_admin"] }).catch((e: unknown) => e as Response);
    expect(wrongRole.headers.get("Location")).toBe("/unauthorized?from=%2Fadd-product");
    const otherUser = await requireAuth(signedIn, { roles: ["rOlE_uSeR"], userId: String(user.id + 1000) }).catch(
      (e: unknown) => e as Response,
    );
    expect(otherUser.headers.get("Location")).toMatch(/^\/unauthorized\?from=/);
    await expect(requireAuth(signedIn, { roles: ["ROLE_user"], userId: String(user.id) })).resolves.toBeInstanceOf(
      Auth,
    );
  });
});
