import type { Actor } from "~/services/access";

/** What the HTTP side keeps per request: its id, and the actor of a valid bearer token (or null). */
export interface ApiEnv {
  Variables: {
    requestId: string;
    actor: Actor | null;
  };
}
