import { SignJWT } from "jose";
import { describe, expect, it, onTestFinished } from "vitest";
import { callApi, endpoints } from "~/client/api.server";
import { apiLogin, Auth, clearSharedRefreshes, getAuth, SESSION_ENDED } from "~/client/auth.server";
import { requireAuth } from "~/web/guards.server";
import { getConfig, setConfig } from "~/lib/env.server";
import { responseCookies, runWithSocketAddress } from "~/lib/request-context.server";
import { getSession, saveSession, takeToast } from "~/client/session.server";
import { PASSWORD, register } from "../support/accounts";
import { useApiServer } from "../support/api-server";
import { useTestDatabase } from "../support/test-db";

useTestDatabase();

const getUser = (token: string, userId: number) =>
  callApi(endpoints.users.get, { params: { userId }, token }).then((answer) => answer.data);
const server = useApiServer();

/**
 * `work` as one page request serves it: in a request's context, with the session cookie it recorded for the answer
 * (app/server/page-session.server.ts adds it to whatever the route answers).
 */
async function served<T>(work: () => Promise<T>) {
  return runWithSocketAddress(undefined, async () => {
    const outcome = await work().then(
      (value) => ({ value, thrown: undefined }),
      (thrown: unknown) => ({ value: undefined, thrown }),
    );
    const cookies = responseCookies();
    return {
      ...outcome,
      sessionCookie: cookies.find((cookie) => cookie.startsWith("__session=")),
      flash: cookies.find((cookie) => cookie.startsWith("__flash=")),
    };
  });
}

/** A page request carrying a session cookie with these tokens. */
async function pageRequest(
  values: { userId: number; roles: string[]; accessToken: string; refreshToken: string },
  path = "/user-profile",
) {
  const blank = new Request(`http://localhost${path}`);
  const { sessionCookie } = await served(async () => {
    const session = await getSession(blank);
    for (const [key, value] of Object.entries(values)) session.set(key as never, value as never);
    await saveSession(blank, session);
  });
  return new Request(`http://localhost${path}`, { headers: { cookie: sessionCookie!.split(";")[0]! } });
}

const refreshTokenIn = async (setCookie: string | undefined) =>
  (await getSession(new Request("http://localhost/", { headers: { cookie: setCookie!.split(";")[0]! } }))).get(
    "refreshToken",
  );

async function expiredToken(id: number) {
  return new SignJWT({ id, roles: ["ROLE_USER"] })
    .setProtectedHeader({ alg: "HS256" })
    .setIssuedAt(Math.floor(Date.now() / 1000) - 3600)
    .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
    .sign(new TextEncoder().encode(getConfig().jwtSecret));
}

function noGraceWindow() {
  setConfig({ ...getConfig(), refreshGraceSeconds: 0 });
  onTestFinished(() => setConfig(undefined));
}

async function signedInSession() {
  const user = await register(server);
  const tokens = await apiLogin({ email: user.email, password: PASSWORD }, new Request("http://localhost/login"));
  const session = {
    userId: user.id,
    roles: ["ROLE_USER"],
    accessToken: await expiredToken(user.id),
    refreshToken: tokens.refreshToken,
  };
  return { user, tokens, session };
}

describe("the UI session", () => {
  it("refreshes an expired access token once, retries, and records the new tokens for the answer", async () => {
    const { user, tokens, session } = await signedInSession();
    const request = await pageRequest(session);
    const { value: profile, sessionCookie } = await served(async () =>
      (await getAuth(request))!.call((token) => getUser(token, user.id)),
    );
    expect(profile!.email).toBe(user.email);
    expect(sessionCookie).toMatch(/^__session=/);
    expect(await refreshTokenIn(sessionCookie)).not.toBe(tokens.refreshToken);
    // the old refresh token was rotated: once the few seconds of sharing and the API's grace window are over, using
    // it again is refused
    clearSharedRefreshes();
    noGraceWindow();
    const again = await pageRequest(session);
    const { thrown } = await served(async () => (await getAuth(again))!.call((token) => getUser(token, user.id)));
    expect(thrown).toSatisfy(
      (thrown: unknown) =>
        thrown instanceof Response && thrown.status === 303 && thrown.headers.get("Location") === "/",
    );
  });

  it("refreshes once for all the loaders of one request (one Auth per request), without the process's sharing", async () => {
    const { user, session } = await signedInSession();
    // a second refresh with the same token would be a reuse, refused at once: the family revoked, the user logged out
    noGraceWindow();
    const request = await pageRequest(session);
    const { value, sessionCookie } = await served(async () => {
      const [root, route] = await Promise.all([getAuth(request), getAuth(request)]);
      expect(root).toBe(route);
      const first = root!.call((token) => getUser(token, user.id));
      // whatever the process shares between requests is forgotten: only the request's own memo can join the two
      clearSharedRefreshes();
      const second = route!.call((token) => getUser(token, user.id));
      return Promise.all([first, second]);
    });
    expect(value!.map((profile) => profile.id)).toEqual([user.id, user.id]);
    // the new tokens work: the family was not revoked
    clearSharedRefreshes();
    const next = await pageRequest({ ...session, refreshToken: (await refreshTokenIn(sessionCookie))! });
    const later = await served(async () => (await getAuth(next))!.call((token) => getUser(token, user.id)));
    expect(later.value!.id).toBe(user.id);
  });

  it("shares one refresh between requests with the same cookie at once (two tabs): no reuse, no logout", async () => {
    const { user, session } = await signedInSession();
    const [a, b] = await Promise.all([
      served(async () => (await getAuth(await pageRequest(session)))!.call((token) => getUser(token, user.id))),
      served(async () => (await getAuth(await pageRequest(session)))!.call((token) => getUser(token, user.id))),
    ]);
    expect(a.value!.id).toBe(user.id);
    expect(b.value!.id).toBe(user.id);
    // a request starting a moment later gets the same answer, not a reuse
    const late = await served(async () =>
      (await getAuth(await pageRequest(session)))!.call((token) => getUser(token, user.id)),
    );
    expect(late.value!.id).toBe(user.id);
    // all recorded the same new tokens, which still work: the family was not revoked
    expect(a.sessionCookie).toBe(b.sessionCookie);
    clearSharedRefreshes();
    const refreshed = await pageRequest({ ...session, refreshToken: (await refreshTokenIn(a.sessionCookie))! });
    const next = await served(async () => (await getAuth(refreshed))!.call((token) => getUser(token, user.id)));
    expect(next.value!.id).toBe(user.id);
  });

  it("two app instances refreshing one cookie at once (each its own shared refreshes) both keep the user signed in", async () => {
    const { user, tokens, session } = await signedInSession();
    const [one, two] = [await pageRequest(session), await pageRequest(session)];
    // the first starts its refresh; the second is another process, which knows nothing of it
    const first = served(async () => (await getAuth(one))!.call((token) => getUser(token, user.id)));
    clearSharedRefreshes();
    const second = served(async () => (await getAuth(two))!.call((token) => getUser(token, user.id)));
    const [a, b] = [await first, await second];
    expect(a.value!.id).toBe(user.id);
    expect(b.value!.id).toBe(user.id);
    clearSharedRefreshes();
    const [tokenA, tokenB] = [await refreshTokenIn(a.sessionCookie), await refreshTokenIn(b.sessionCookie)];
    expect(tokenA).toBeTruthy();
    expect(tokenA).not.toBe(tokens.refreshToken);
    // the same new refresh token in both sessions, and it works
    expect(tokenB).toBe(tokenA);
    const next = await pageRequest({ ...session, refreshToken: tokenA! });
    const later = await served(async () => (await getAuth(next))!.call((token) => getUser(token, user.id)));
    expect(later.value!.id).toBe(user.id);
  });

  it("logs the user out (session ended, sent to / with why) when the refresh fails on a page open to all", async () => {
    const user = await register(server);
    const request = await pageRequest({
      userId: user.id,
      roles: ["ROLE_USER"],
      accessToken: await expiredToken(user.id),
      refreshToken: "revoked-or-unknown",
    });
    const { thrown, sessionCookie } = await served(async () =>
      (await getAuth(request))!.call((token) => getUser(token, user.id)),
    );
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).headers.get("Location")).toBe("/");
    expect(sessionCookie).toMatch(/__session=;.*Expires=Thu, 01 Jan 1970/);
  });

  it("a page that needs sign-in whose session cannot be refreshed sends to sign in and back, saying why", async () => {
    const user = await register(server);
    const request = await pageRequest(
      { userId: user.id, roles: ["ROLE_USER"], accessToken: await expiredToken(user.id), refreshToken: "revoked" },
      `/user-profile/${user.id}/profile?tab=orders`,
    );
    const { thrown, sessionCookie, flash } = await served(async () => {
      const auth = await requireAuth(request);
      return auth.call((token) => getUser(token, user.id));
    });
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(303);
    expect((thrown as Response).headers.get("Location")).toBe(
      `/login?redirectTo=${encodeURIComponent(`/user-profile/${user.id}/profile?tab=orders`)}`,
    );
    expect(sessionCookie).toMatch(/__session=;.*Expires=Thu, 01 Jan 1970/);
    // the message for the login page rides in the flash cookie
    const toast = await served(async () =>
      takeToast(new Request("http://localhost/login", { headers: { cookie: flash!.split(";")[0]! } })),
    );
    expect(toast.value).toEqual({ type: "info", message: SESSION_ENDED });
  });

  it("guards: a visitor goes to /login with the origin, a wrong role or another user's id to /unauthorized", async () => {
    const user = await register(server);
    const visitor = (await requireAuth(new Request("http://localhost/user-profile/5/profile?tab=1")).catch(
      (e: unknown) => e,
    )) as Response;
    expect(visitor.headers.get("Location")).toBe("/login?redirectTo=%2Fuser-profile%2F5%2Fprofile%3Ftab%3D1");
    const tokens = await apiLogin({ email: user.email, password: PASSWORD }, new Request("http://localhost/login"));
    const signedIn = await pageRequest({ userId: user.id, roles: ["ROLE_USER"], ...tokens }, "/add-product");
    const wrongRole = (await requireAuth(signedIn, { roles: ["role_admin"] }).catch((e: unknown) => e)) as Response;
    expect(wrongRole.headers.get("Location")).toBe("/unauthorized?from=%2Fadd-product");
    const otherUser = (await requireAuth(signedIn, { roles: ["rOlE_uSeR"], userId: String(user.id + 1000) }).catch(
      (e: unknown) => e,
    )) as Response;
    expect(otherUser.headers.get("Location")).toMatch(/^\/unauthorized\?from=/);
    await expect(requireAuth(signedIn, { roles: ["ROLE_user"], userId: String(user.id) })).resolves.toBeInstanceOf(
      Auth,
    );
  });
});
