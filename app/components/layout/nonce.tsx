import { createContext, useContext } from "react";

/**
 * The Content-Security-Policy nonce of this answer (app/entry.server.tsx makes one per request). On the server the
 * scripts Remix renders carry it; in the browser it is "" (browsers hide nonces from scripts, and nothing rendered
 * after hydration needs one: scripts loaded by a nonced script are trusted through 'strict-dynamic').
 */
const NonceContext = createContext("");

export const NonceProvider = NonceContext.Provider;

export function useNonce(): string {
  return useContext(NonceContext);
}
