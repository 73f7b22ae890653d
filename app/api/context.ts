import type { Actor } from "~/services/access";

export type { Actor };

export interface ApiEnv {
  Variables: {
    requestId: string;
    actor: Actor | null;
  };
}
