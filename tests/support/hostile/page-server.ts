import http from "node:http";
import { createRequire } from "node:module";
import type { AddressInfo } from "node:net";
import { createRequestHandler, type ServerBuild } from "@remix-run/node";
import { findDatabase } from "~/db/client.server";
import { pageBuild } from "./page-build";

// express as scripts/server.mjs uses it; the project has no types for it (scripts/ is plain JavaScript), so the little
// used here is typed by hand
type Handler = (req: http.IncomingMessage, res: http.ServerResponse, next: (error?: unknown) => void) => unknown;
interface ExpressApp extends Handler {
  disable(name: string): void;
  set(name: string, value: unknown): void;
  use(handler: Handler): void;
  all(path: string, handler: Handler): void;
}
const express = createRequire(import.meta.url)("express") as () => ExpressApp;
/** Remix's express adapter, its two halves: the Fetch request of an express one, and the answer written back */
const adapter = createRequire(import.meta.url)("@remix-run/express/dist/server.js") as {
  createRemixRequest(req: http.IncomingMessage, res: http.ServerResponse): Request;
  sendRemixResponse(res: http.ServerResponse, response: Response): Promise<void>;
};
type FetchHandler = (request: Request) => Promise<Response>;

/** One route of the pages' build, with the URL pattern it answers (its parents' paths joined). */
export interface PageRoute {
  id: string;
  /** "/user-profile/:userId/profile"; "/" for the index */
  path: string;
  hasLoader: boolean;
  hasAction: boolean;
  /** renders a page (a default export); resource routes answer data */
  hasPage: boolean;
}

/**
 * The shop's pages over real HTTP, from the route modules the shop's build is made of (./page-build.ts: app/routes.ts
 * and its modules, no `npm run build` needed), behind express, the cross-site guard and Remix's express adapter as
 * scripts/server.mjs serves them, on the test file's database. Its route list is that build's, read from
 * app/routes.ts, so a new route is in it at once.
 */
export interface PageServer {
  origin: string;
  routes: PageRoute[];
  close(): Promise<void>;
}

function fullPath(build: ServerBuild, id: string): string {
  const parts: string[] = [];
  for (let at: string | undefined = id; at; at = build.routes[at]?.parentId) {
    const path = build.routes[at]?.path;
    if (path) parts.unshift(path);
  }
  return "/" + parts.join("/");
}

export function pageRoutes(build: ServerBuild): PageRoute[] {
  return Object.values(build.routes)
    .filter((route) => route.id !== "root")
    .map((route) => ({
      id: route.id,
      path: fullPath(build, route.id),
      hasLoader: typeof route.module.loader === "function",
      hasAction: typeof route.module.action === "function",
      hasPage: typeof route.module.default === "function",
    }))
    .sort((a, b) => a.id.localeCompare(b.id));
}

/**
 * What scripts/server.mjs does before Remix sees a post (isCrossOriginPost; its own tests are tests/server): an
 * Origin that is not this host, or no URL at all, is refused with 403, and an untrusted X-Forwarded-Host is dropped. Mirrored here, in front of the same Remix
 * handler, so that the pages are judged behind it as they are served.
 */
const refuseCrossOriginPosts: Handler = (req, res, next) => {
  // without TRUST_PROXY (as here) the server drops a client's X-Forwarded-Host before Remix reads it
  delete req.headers["x-forwarded-host"];
  const origin = req.headers.origin;
  if (req.method === "GET" || req.method === "HEAD" || origin === undefined || req.url?.startsWith("/api/v1")) {
    next();
    return;
  }
  let host: string | null;
  try {
    host = new URL(origin).host;
  } catch {
    host = null;
  }
  if (host && host === req.headers.host) {
    next();
    return;
  }
  res.writeHead(403, { "content-type": "text/html; charset=utf-8", connection: "close" });
  res.end("<p>This form was sent from another site, so it was not accepted.</p>");
};

export async function startPageServer(): Promise<PageServer> {
  const database = findDatabase();
  if (!database) throw new Error("startPageServer: open the test database first (useTestDatabase)");
  // the build's entry awaits the shop's start-up: here it is the test file's database, already open and migrated
  (globalThis as { __shopBoot?: Promise<unknown> }).__shopBoot = Promise.resolve(database);
  const build = await pageBuild();
  const app = express();
  app.disable("x-powered-by");
  // as under `npm start` (NODE_ENV=production): express's own errors (a path it cannot decode) show no stack
  app.set("env", "production");
  app.use(refuseCrossOriginPosts);
  // Remix behind the session seam, as scripts/server.mjs serves it (the cookies the pages changed go with any answer)
  const { withPageSession } = build.entry.module as unknown as { withPageSession(render: FetchHandler): FetchHandler };
  const remix = withPageSession(createRequestHandler(build, "production"));
  app.all("*", (req, res, next) => {
    remix(adapter.createRemixRequest(req, res))
      .then((response) => adapter.sendRemixResponse(res, response))
      .catch(next);
  });
  // called without a next, express ends what it cannot serve itself (finalhandler), as under scripts/server.mjs
  const server = http.createServer(app as unknown as http.RequestListener);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    routes: pageRoutes(build),
    async close() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await closed;
    },
  };
}
