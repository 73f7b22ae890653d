import {
  PERSONAL_CACHE_CONTROL,
  PUBLIC_PAGE_CACHE_CONTROL,
  hasSessionCookie,
  isPublicPageRequest,
} from "./http-caching.server";
import { createNonce } from "./security-headers.server";
import { isDatabaseUnavailable } from "~/db/unavailable";
import { cameOverHttps } from "~/lib/env.server";
import { createLogger, describeError } from "~/lib/log.server";

const log = createLogger("page-cache");

// The anonymous page cache (docs/decisions/0028-throughput-and-http-caching.md): the catalogue's pages as a visitor
// without a session sees them, kept in this process and served again without running a loader, as long as the
// catalogue's version (a row every catalogue write changes, in the database all instances share) is the one they were
// rendered at. One cheap query per request tells whether they still are, so an admin's change, another instance's
// order or a restock is seen by the very next request.
//
// While the database cannot answer (the version cannot be read), a page kept is served as it was last seen (200,
// `X-Page-Cache: stale`, not to be stored by anyone), and a page not kept is rendered as any other request is: its
// loader meets the outage and answers the "try again" page with 503 and Retry-After (docs/reliability.md, "Pages when
// the database cannot answer"). Nothing is kept or dropped meanwhile.

export type RequestHandler = (request: Request) => Promise<Response>;

export interface PageCacheOptions {
  /** the catalogue's current version */
  readVersion: () => Promise<number>;
  /** what else a page depends on: the build (its assets' version) */
  buildVersion: string;
  /** the most HTML kept, in bytes (the oldest used pages go first) */
  maxBytes?: number;
  /** false: no page kept, but ETags and 304s still */
  store?: boolean;
}

interface Entry {
  html: string;
  /** the nonce the page was rendered with: each answer gets a new one */
  nonce: string;
  status: number;
  headers: [string, string][];
  bytes: number;
}

const NONCE = /script-src 'nonce-([^']+)'/;

function etagMatches(ifNoneMatch: string | null, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = etag.replace(/^W\//, "");
  return ifNoneMatch.split(",").some((tag) => {
    const candidate = tag.trim();
    return candidate === "*" || candidate.replace(/^W\//, "") === bare;
  });
}

function isStorable(response: Response): boolean {
  return (
    response.status === 200 &&
    !response.headers.has("Set-Cookie") &&
    response.headers.get("Cache-Control") === PUBLIC_PAGE_CACHE_CONTROL &&
    (response.headers.get("Content-Type") ?? "").startsWith("text/html")
  );
}

export function createPageCache({
  readVersion,
  buildVersion,
  maxBytes = 32 * 1024 * 1024,
  store = true,
}: PageCacheOptions) {
  const entries = new Map<string, Entry>();
  let bytes = 0;
  let entriesVersion: number | undefined;
  /** concurrent requests share one read of the version */
  let reading: Promise<number> | undefined;

  function currentVersion(): Promise<number> {
    reading ??= readVersion().finally(() => (reading = undefined));
    return reading;
  }

  function forget(key: string) {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    bytes -= entry.bytes;
  }

  function keep(key: string, entry: Entry) {
    if (entry.bytes > maxBytes / 4) return;
    forget(key);
    entries.set(key, entry);
    bytes += entry.bytes;
    for (const oldest of entries.keys()) {
      if (bytes <= maxBytes) break;
      forget(oldest);
    }
  }

  /** The kept page with a nonce of its own in the policy and in every script. */
  function answer(entry: Entry, etag: string | null): Response {
    const nonce = createNonce();
    const headers = new Headers();
    for (const [name, value] of entry.headers) headers.append(name, value.replaceAll(entry.nonce, nonce));
    if (etag) headers.set("ETag", etag);
    headers.set("X-Page-Cache", "hit");
    return new Response(entry.html.replaceAll(entry.nonce, nonce), { status: entry.status, headers });
  }

  function notModified(etag: string): Response {
    return new Response(null, {
      status: 304,
      headers: { ETag: etag, "Cache-Control": PUBLIC_PAGE_CACHE_CONTROL, Vary: "Cookie" },
    });
  }

  /**
   * Whatever answers a request with a session, or sets a cookie (an action's redirect, a resource route), is private:
   * the pages and their data say so themselves (entry.server.tsx), redirects and resource routes get it here.
   */
  function markPersonal(request: Request, response: Response): Response {
    if (hasSessionCookie(request) || response.headers.has("Set-Cookie")) {
      response.headers.set("Cache-Control", PERSONAL_CACHE_CONTROL);
    }
    return response;
  }

  let outageLogged = 0;

  /** The database cannot say which version is current: the page as last kept, else whatever rendering answers. */
  async function duringOutage(request: Request, render: RequestHandler, error: unknown): Promise<Response> {
    // one line a second at most: every anonymous request meets it while the outage lasts
    if (Date.now() - outageLogged > 1_000) {
      outageLogged = Date.now();
      log.warn(`catalogue version unavailable, serving kept pages: ${describeError(error)}`);
    }
    const kept = request.method === "GET" ? entries.get(keyOf(request)) : undefined;
    if (!kept) return markPersonal(request, await render(request));
    const response = answer(kept, null);
    response.headers.set("X-Page-Cache", "stale");
    response.headers.set("Cache-Control", "no-store");
    return response;
  }

  function keyOf(request: Request) {
    // over https (as a trusted proxy says) the page's policy differs: kept apart from the same URL over http
    const https = cameOverHttps(request.url, request.headers.get("x-forwarded-proto"));
    return `${https ? "https" : "http"} ${request.url}`;
  }

  /** Answers a request from the cache, with a 304, or through `render` (keeping what may be kept). */
  async function serve(request: Request, render: RequestHandler): Promise<Response> {
    if (!isPublicPageRequest(request)) return markPersonal(request, await render(request));
    let version: number;
    try {
      version = await currentVersion();
    } catch (error) {
      if (!isDatabaseUnavailable(error)) throw error;
      return duringOutage(request, render, error);
    }
    if (version !== entriesVersion) {
      entries.clear();
      bytes = 0;
      entriesVersion = version;
    }
    const etag = `W/"${buildVersion}-${version}"`;
    if (etagMatches(request.headers.get("if-none-match"), etag)) return notModified(etag);
    const key = keyOf(request);
    const kept = request.method === "GET" ? entries.get(key) : undefined;
    if (kept) {
      // used: moves to the end, the last to be dropped
      entries.delete(key);
      entries.set(key, kept);
      return answer(kept, etag);
    }
    const response = markPersonal(request, await render(request));
    if (response.headers.get("Cache-Control") !== PUBLIC_PAGE_CACHE_CONTROL) return response;
    response.headers.set("ETag", etag);
    if (!store || request.method !== "GET" || !isStorable(response)) return response;
    const nonce = NONCE.exec(response.headers.get("Content-Security-Policy") ?? "")?.[1];
    if (!nonce) return response;
    const html = await response.text();
    // a page rendered while the catalogue changed is kept under the version read before: the next request, seeing
    // the new version, drops it
    if (entriesVersion === version) {
      keep(key, {
        html,
        nonce,
        status: response.status,
        headers: [...response.headers].filter(([name]) => name !== "etag"),
        bytes: Buffer.byteLength(html),
      });
    }
    return new Response(html, { status: response.status, headers: response.headers });
  }

  return {
    serve,
    /** pages kept and their bytes, for tests and the benchmark */
    stats: () => ({ pages: entries.size, bytes }),
  };
}

export type PageCache = ReturnType<typeof createPageCache>;
