import { AsyncLocalStorage } from "node:async_hooks";

/**
 * What the HTTP server knows about the request being served that Remix's `Request` does not carry: the address of
 * the socket it came from. scripts/server.mjs runs each request inside `runWithSocketAddress`, so anything the
 * request leads to (a page's loader or action, the in-process API call it makes) can read it, for per-client rate
 * limits. Outside that server (Vite's dev server, tests calling the app directly) it is unknown.
 */
const storage = new AsyncLocalStorage<{ socketAddress: string | undefined }>();

export function runWithSocketAddress<T>(socketAddress: string | undefined, serve: () => T): T {
  return storage.run({ socketAddress }, serve);
}

export function currentSocketAddress(): string | undefined {
  return storage.getStore()?.socketAddress;
}
