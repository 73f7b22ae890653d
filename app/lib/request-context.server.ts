import { AsyncLocalStorage } from "node:async_hooks";

/**
 * What the HTTP server knows about the request being served that Remix's `Request` does not carry: the address of
 * the socket it came from. scripts/server.mjs runs each request inside `runWithSocketAddress`, so anything the
 * request leads to (a page's loader or action, the in-process API call it makes) can read it, for per-client rate
 * limits. Outside that server (Vite's dev server, tests calling the app directly) it is unknown.
 */
const storage = new AsyncLocalStorage<{ socketAddress: string | undefined; memo: Map<string, Promise<unknown>> }>();

export function runWithSocketAddress<T>(socketAddress: string | undefined, serve: () => T): T {
  return storage.run({ socketAddress, memo: new Map() }, serve);
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

/** Forgets what `oncePerRequest` remembered (a session just ended: later checks in this request must see it). */
export function forgetRequestMemo() {
  storage.getStore()?.memo.clear();
}

export function currentSocketAddress(): string | undefined {
  return storage.getStore()?.socketAddress;
}
