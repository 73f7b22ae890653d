import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seededDataDir } from "./support/seeded-data";
import { freePort, startShop, type ShopProcess } from "./support/shop-process";

// The session seam through the built shop's real request handler (docs/decisions/0031-session-seam.md): no route
// module carries a cookie; the pages record a refreshed session or a message for the next page in the request's
// context, and the server adds it to whatever the route answers. Access tokens here live 5 seconds, so every request
// refreshes (a token that ends within 10 seconds is refreshed before the call) and rotates the refresh token; the
// API's grace window is off, so a rotated token used again is refused: a dropped cookie would sign the shopper out.

// a copy of the seeded demo shop (a new database and its seeding are server-lifecycle's and security-headers' tests)
let data: Awaited<ReturnType<typeof seededDataDir>>;
const SHOPPER = { email: "shopper@gearhub.example", password: "gearhub-demo" };
let shop: ShopProcess;

beforeAll(async () => {
  data = await seededDataDir("page-session");
  shop = startShop({
    port: await freePort(),
    env: { DATA_DIR: data.dir, ACCESS_TOKEN_TTL_SECONDS: "5", REFRESH_GRACE_SECONDS: "0" },
  });
  await shop.waitFor(/\[shop\] ready on/, 180_000);
}, 200_000);

afterAll(async () => {
  shop.child.kill("SIGTERM");
  await shop.exited;
  data?.cleanup();
});

/** The browser's cookie jar, as far as these tests need one. */
class Jar {
  private cookies = new Map<string, string>();
  take(response: Response) {
    for (const setCookie of response.headers.getSetCookie()) {
      const [pair] = setCookie.split(";");
      const at = pair!.indexOf("=");
      const [name, value] = [pair!.slice(0, at), pair!.slice(at + 1)];
      if (!value || /Expires=Thu, 01 Jan 1970/i.test(setCookie)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }
  set(name: string, value: string) {
    this.cookies.set(name, value);
  }
  get(name: string) {
    return this.cookies.get(name);
  }
  header() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }
}

function send(jar: Jar, path: string, init: RequestInit = {}) {
  return fetch(`${shop.origin}${path}`, {
    ...init,
    redirect: "manual",
    headers: { ...(init.headers as Record<string, string>), cookie: jar.header() },
  }).then((response) => jar.take(response));
}

async function signIn(jar: Jar) {
  const response = await send(jar, "/login", { method: "POST", body: new URLSearchParams(SHOPPER) });
  expect(response.status).toBe(303);
  expect(jar.get("__session")).toBeDefined();
  const profile = await send(jar, "/user-profile");
  return Number(/\/user-profile\/(\d+)\/profile/.exec(profile.headers.get("location") ?? "")![1]);
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("the pages' session, kept by the server whatever the route answers", () => {
  it("a page, a redirect and the next page each carry the rotated token and the toast, and the shopper stays in", async () => {
    const jar = new Jar();
    const userId = await signIn(jar);
    const product = (await (await fetch(`${shop.origin}/api/v1/products/search?size=1&sort=name`)).json()) as {
      data: { content: { id: number; name: string }[] };
    };
    const { id: productId, name } = product.data.content[0]!;

    // a page: the cart's loader refreshes (the root's too, once for both); the new session comes with the page
    const before = jar.get("__session");
    const cart = await send(jar, `/user/${userId}/my-cart`);
    expect(cart.status).toBe(200);
    expect(cart.headers.get("cache-control")).toBe("private, no-store");
    expect(cart.headers.getSetCookie().filter((c) => c.startsWith("__session="))).toHaveLength(1);
    expect(jar.get("__session")).not.toBe(before);
    await cart.arrayBuffer();

    // a form posted without JavaScript: a 303 with the toast in a cookie of its own, and the rotated session
    const rotated = jar.get("__session");
    const added = await send(jar, `/product/${productId}/details`, {
      method: "POST",
      body: new URLSearchParams({ intent: "add", quantity: "1" }),
    });
    expect(added.status).toBe(303);
    expect(added.headers.get("location")).toBe(`/product/${productId}/details`);
    expect(jar.get("__flash")).toBeDefined();
    expect(jar.get("__session")).not.toBe(rotated);

    // the page it leads to shows the toast once and clears it
    const page = await send(jar, `/product/${productId}/details`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(`${name} added to cart`);
    expect(jar.get("__flash")).toBeUndefined();
    const again = await send(jar, `/product/${productId}/details`);
    expect(await again.text()).not.toContain(`${name} added to cart`);

    // past the few seconds one process shares a refresh, the latest cookie still signs in: nothing was dropped
    await pause(5_500);
    const later = await send(jar, `/user/${userId}/my-cart`);
    expect(later.status).toBe(200);
    await later.arrayBuffer();
  });

  it("a rotated token left behind is refused (the test above would notice a dropped cookie)", async () => {
    const jar = new Jar();
    const userId = await signIn(jar);
    const stale = new Jar();
    stale.set("__session", jar.get("__session")!);
    await (await send(jar, "/")).arrayBuffer();
    await pause(5_500);
    // the first session's refresh token was rotated by the page above and the grace window is off
    const cart = await send(stale, `/user/${userId}/my-cart`);
    expect(cart.status).toBe(303);
    // a page that needs sign-in: to the login page, saying why, and back to the cart after signing in
    expect(cart.headers.get("location")).toBe(`/login?redirectTo=${encodeURIComponent(`/user/${userId}/my-cart`)}`);
    expect(stale.get("__session")).toBeUndefined();
    const login = await send(stale, cart.headers.get("location")!);
    expect(await login.text()).toContain("Your session has ended. Please sign in again.");
  });
});
