/** Who is calling: set by the authentication middleware from a valid bearer token, or null. */
export interface Actor {
  id: number;
  roles: string[];
}

export interface ApiEnv {
  Variables: {
    requestId: string;
    actor: Actor | null;
  };
}
