import { AsyncLocalStorage } from "node:async_hooks";

/**
 * What the HTTP server knows about the request being served that Remix's `Request` does not carry: the address of
 * the socket it came from. scripts/server.mjs runs each request inside `runWithSocketAddress`, so anything the
 * request leads to (a page's loader or action, the in-process API call it makes) can read it, for per-client rate
 * limits. Outside that server (Vite's dev server, tests calling the app directly) it is unknown.
 */
interface RequestStore {
  socketAddress: string | undefined;
  memo: Map<string, Promise<unknown>>;
  /** the Set-Cookie header of each cookie the pages changed while serving this request, by cookie name */
  cookies: Map<string, string>;
  /** a page of this request needs a signed-in user (its guard said so): an ended session goes to the login page */
  signInNeeded?: boolean;
}

const storage = new AsyncLocalStorage<RequestStore>();

export function runWithSocketAddress<T>(socketAddress: string | undefined, serve: () => T): T {
  return storage.run({ socketAddress, memo: new Map(), cookies: new Map() }, serve);
}

/** Runs `serve` in the current request's context, or in a new one (socket unknown) when there is none. */
export function runInRequest<T>(serve: () => T): T {
  return storage.getStore() ? serve() : runWithSocketAddress(undefined, serve);
}

/**
 * Records a cookie for the answer to this request, whatever the route answers (app/server/page-session.server.ts
 * adds it; docs/decisions/0031-session-seam.md). A later one for the same cookie replaces it, unless `keep` says an
 * earlier one stands. Outside a request it goes nowhere.
 */
export function setResponseCookie(name: string, setCookie: string, { keep = false }: { keep?: boolean } = {}) {
  const cookies = storage.getStore()?.cookies;
  if (!cookies || (keep && cookies.has(name))) return;
  cookies.set(name, setCookie);
}

/** The Set-Cookie headers recorded for this request so far. */
export function responseCookies(): string[] {
  return [...(storage.getStore()?.cookies.values() ?? [])];
}

/**
 * `compute()`'s answer, shared by everything one request does (a page's loaders calling the API several times with
 * one token check it once); computed afresh outside a request.
 */
export function oncePerRequest<T>(key: string, compute: () => Promise<T>): Promise<T> {
  const memo = storage.getStore()?.memo;
  if (!memo) return compute();
  let answer = memo.get(key) as Promise<T> | undefined;
  if (!answer) {
    answer = compute();
    memo.set(key, answer);
    // a failure (the database down) is not remembered
    answer.catch(() => memo.delete(key));
  }
  return answer;
}

/** Says that the page being served needs a signed-in user (the guards, app/web/guards.server.ts). */
export function markSignInNeeded() {
  const store = storage.getStore();
  if (store) store.signInNeeded = true;
}

/** Whether a guard of this request said its page needs a signed-in user. */
export function signInNeeded(): boolean {
  return storage.getStore()?.signInNeeded === true;
}

/** Forgets what `oncePerRequest` remembered (a session just ended: later checks in this request must see it). */
export function forgetRequestMemo() {
  storage.getStore()?.memo.clear();
}

export function currentSocketAddress(): string | undefined {
  return storage.getStore()?.socketAddress;
}
