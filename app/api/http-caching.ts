import { createHash } from "node:crypto";
import type { MiddlewareHandler } from "hono";
import type { ApiEnv } from "./context";

// Cache-Control and ETag of /api/v1's answers over HTTP (docs/decisions/0028-throughput-and-http-caching.md). The
// pages' in-process calls do not come through here.
//
// - A successful GET by an anonymous caller (no token, no cookie): the public catalogue. A shared cache may keep it a
//   minute (then one more while it asks again); a client revalidates every time and gets a 304 while the bytes are
//   the same (a strong ETag: the SHA-256 of the body).
// - Anything else (a caller with a token or a cookie, a write, an error): private, no-store.
// - An answer that says how it may be cached (an image, by its version) keeps what it says.

const PUBLIC = "public, max-age=0, s-maxage=60, stale-while-revalidate=60";
const PRIVATE = "private, no-store";

function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  return ifNoneMatch !== undefined && ifNoneMatch.split(",").some((tag) => tag.trim() === etag || tag.trim() === "*");
}

export const apiCaching: MiddlewareHandler<ApiEnv> = async (c, next) => {
  await next();
  if (c.res.headers.has("Cache-Control")) return;
  const anonymous = !c.req.header("authorization") && !c.req.header("cookie") && c.get("actor") === null;
  if (c.req.method !== "GET" || c.res.status !== 200 || !anonymous) {
    c.res.headers.set("Cache-Control", PRIVATE);
    return;
  }
  const body = Buffer.from(await c.res.clone().arrayBuffer());
  const etag = `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`;
  c.res.headers.set("Cache-Control", PUBLIC);
  c.res.headers.set("ETag", etag);
  c.res.headers.append("Vary", "Authorization, Cookie");
  // hono copies the answer's other headers onto the 304
  if (etagMatches(c.req.header("if-none-match"), etag)) c.res = new Response(null, { status: 304 });
};
