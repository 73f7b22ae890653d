/** The envelope every /api/v1 answer comes in. */
export type Envelope<T> = { message: string; data: T; errors?: Record<string, string[]> };

/** Request headers, e.g. an Authorization header from bearer(). */
export type Auth = Record<string, string>;

/** A request with a JSON body. */
export const json = (method: string, body: unknown, headers: Auth = {}): RequestInit => ({
  method,
  headers: { "content-type": "application/json", ...headers },
  body: JSON.stringify(body),
});
