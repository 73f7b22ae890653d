import { PERSONAL_CACHE_CONTROL } from "./http-caching.server";
import type { RequestHandler } from "./page-cache.server";
import { responseCookies, runInRequest } from "~/lib/request-context.server";

// The session seam (docs/decisions/0031-session-seam.md): while a request is served, the pages record the cookies they
// change (a refreshed or new session, an ended one, a message for the next page) in the request's context
// (app/client/session.server.ts); here, around Remix's request handler, they are added to whatever the route answered:
// a page, its data, a redirect, a thrown response, a resource route's file. A route module never carries a cookie.

/** Wraps Remix's handler: the recorded cookies go out with its answer, which is then nobody else's to keep. */
export function withPageSession(render: RequestHandler): RequestHandler {
  return (request) =>
    runInRequest(async () => {
      const response = await render(request);
      const cookies = responseCookies();
      if (cookies.length === 0) return response;
      // copied: a response's headers may be immutable (one made by `fetch`), and its body streams on untouched
      const headers = new Headers(response.headers);
      for (const cookie of cookies) headers.append("Set-Cookie", cookie);
      headers.set("Cache-Control", PERSONAL_CACHE_CONTROL);
      return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
    });
}
