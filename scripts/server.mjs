// The shop's production HTTP server (docs/decisions/0013-own-node-server.md): express with compression and morgan
// around Remix's request handler, static files as remix-serve serves them, the load balancer's probes (/healthz,
// /readyz) and a graceful stop on SIGTERM and SIGINT. `npm start` runs it after building; `node scripts/server.mjs`
// runs an existing build.
//
// Environment: HOST (127.0.0.1), PORT (3000), SHUTDOWN_TIMEOUT_MS (10000), BUILD_DIR (build), NODE_ENV (production),
// COMPRESSION_LEVEL (gzip and deflate, 1 fastest to 9 smallest; docs/decisions/0028-throughput-and-http-caching.md),
// KEEP_ALIVE_TIMEOUT_MS (65000: how long an idle connection is kept; docs/reliability.md).
import http from "node:http";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import {
  createReadableStreamFromReadable,
  createRequestHandler,
  installGlobals,
  writeReadableStreamToWritable,
} from "@remix-run/node";
import compression from "compression";
import express from "express";
import morgan from "morgan";
import { DataDirBusyError, dataDirHolder } from "../app/server/data-dir-lock.server.mjs";
import { createMetrics, pageRouteLabeler } from "./metrics.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
process.chdir(root);
process.env.NODE_ENV ??= "production";

function fail(message) {
  console.error(`[shop] ${message}`);
  process.exit(1);
}

function readNumber(name, fallback, { min = 0, max = Number.MAX_SAFE_INTEGER } = {}) {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === "") return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max)
    fail(`${name} must be a whole number from ${min} to ${max}, not "${raw}"`);
  return value;
}

const HOST = process.env.HOST || "127.0.0.1";
const PORT = readNumber("PORT", 3000, { max: 65_535 });
const SHUTDOWN_TIMEOUT_MS = readNumber("SHUTDOWN_TIMEOUT_MS", 10_000);
const COMPRESSION_LEVEL = readNumber("COMPRESSION_LEVEL", 4, { min: 1, max: 9 });
const KEEP_ALIVE_TIMEOUT_MS = readNumber("KEEP_ALIVE_TIMEOUT_MS", 65_000, { min: 1_000, max: 3_600_000 });
const BUILD_PATH = path.resolve(root, process.env.BUILD_DIR || "build", "server/index.js");
const NO_STORE = { "Cache-Control": "no-store" };
const RETRY_AFTER_SECONDS = "5";
/** the same reading as app/lib/env.server.ts: X-Forwarded-Proto and X-Forwarded-Host come from a trusted proxy */
const TRUST_PROXY = process.env.TRUST_PROXY === "1" || process.env.TRUST_PROXY === "true";

/** "starting" (the app and its database are being loaded), "serving", then "stopping". */
let phase = "starting";
/** app/entry.server.tsx's exports: checkLiveness, checkReadiness, beginShutdown, runShutdown */
let entry;
/** static files and Remix, once the build is loaded */
let appHandler;
/** responses not finished yet: told to close their connection when the server stops */
const inFlight = new Set();

const app = express();
app.disable("x-powered-by");

// ---- metrics (scripts/metrics.mjs): every answer counted once it is out; GET /metrics behind METRICS_TOKEN ----
let labelPage;
const metrics = createMetrics({
  token: process.env.METRICS_TOKEN?.trim() || undefined,
  getEntry: () => entry,
  getLabeler: () => labelPage,
});
app.use(metrics.count);

// ---- lingering close ----
// A body refused while it streams (413 and the like) is left unread and its answer closes the connection. Closed at
// once, the socket would still hold unread bytes of the body, and the kernel then resets the connection: the client,
// still sending, may lose the answer and see "connection reset" instead of the 413 page. As nginx does, the server
// sends its answer and the end of its side, then reads and discards what the client still sends, for at most
// LINGER_MS or LINGER_BYTES, and closes.
const LINGER_MS = 5_000;
const LINGER_BYTES = 64 * 1024 * 1024;
const CURRENT_REQUEST = Symbol("the request this socket carries");

function lingerOn(socket) {
  if (socket[CURRENT_REQUEST] !== undefined) return;
  const destroySoon = socket.destroySoon;
  socket.destroySoon = function lingeringClose() {
    const req = socket[CURRENT_REQUEST];
    if (!req || req.complete || socket.destroyed) return destroySoon.call(socket);
    // whoever was reading the body (the app's stream) gets nothing more; the rest is counted and dropped
    req.removeAllListeners("data");
    req.removeAllListeners("readable");
    let discarded = 0;
    req.on("data", (chunk) => {
      discarded += chunk.length;
      if (discarded > LINGER_BYTES) socket.destroy();
    });
    // the client finished sending: close once the answer is out (destroying at once could cut its last bytes)
    req.once("end", () => destroySoon.call(socket));
    req.resume();
    socket.end();
    const timer = setTimeout(() => socket.destroy(), LINGER_MS);
    timer.unref();
    socket.once("close", () => clearTimeout(timer));
  };
}

app.use((req, res, next) => {
  lingerOn(req.socket);
  req.socket[CURRENT_REQUEST] = req;
  inFlight.add(res);
  res.once("close", () => {
    inFlight.delete(res);
    // a keep-alive connection whose last answer just went out must not keep the stop waiting
    if (phase === "stopping") setImmediate(() => server.closeIdleConnections());
  });
  if (phase === "stopping") res.setHeader("Connection", "close");
  next();
});

// ---- security headers and cross-origin posts (docs/decisions/0016-security-headers-and-logs.md, 0012-csrf.md) ----
// Every answer (static files, the API, the probes) gets the base headers here; the app's HTML documents get their
// Content-Security-Policy with a per-request nonce from app/entry.server.tsx. Answers written here (the page while
// the app starts, a refused cross-origin post, a failure) have no script at all: their policy allows nothing.

function cameOverHttps(req) {
  if (req.socket.encrypted) return true;
  return TRUST_PROXY && req.get("x-forwarded-proto")?.split(",")[0]?.trim() === "https";
}

function baseSecurityHeaders(req) {
  return {
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "X-Frame-Options": "DENY",
    ...(cameOverHttps(req) ? { "Strict-Transport-Security": "max-age=31536000" } : {}),
  };
}

// added as the head goes out, where the answer has not set them already (Remix's adapter appends the app's headers,
// and app/entry.server.tsx sets the same ones on pages for `npm run dev`: set here too, they would be doubled)
app.use((req, res, next) => {
  const writeHead = res.writeHead;
  res.writeHead = function (...args) {
    for (const [name, value] of Object.entries(baseSecurityHeaders(req))) {
      if (!this.hasHeader(name)) this.setHeader(name, value);
    }
    return writeHead.apply(this, args);
  };
  next();
});

/** A small HTML page of the server's own: no script, no style, no frame, no form allowed. */
function sendPlainPage(res, status, title, text, headers = {}) {
  res
    .status(status)
    .set({
      ...NO_STORE,
      ...headers,
      "Content-Type": "text/html; charset=utf-8",
      "Content-Security-Policy": "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
      "Cross-Origin-Opener-Policy": "same-origin",
    })
    .send(`<!doctype html><meta charset="utf-8"><title>${title}</title><p>${text}</p>`);
}

/** host[:port] without the scheme's default port, so "shop.example:443" and "https://shop.example" agree */
function hostOf(value, scheme) {
  const host = value.trim().toLowerCase();
  if (scheme === "https:" && host.endsWith(":443")) return host.slice(0, -4);
  if (scheme === "http:" && host.endsWith(":80")) return host.slice(0, -3);
  return host;
}

/**
 * A browser's post whose Origin is not this site: another site's form, or a same-site attacker (another subdomain,
 * whose posts carry our SameSite=Lax cookie). Remix refuses those page actions too, but as a 500 with a stack trace;
 * here they get a 403 before Remix sees them. The check covers every page action and resource route (/logout), not
 * /api/v1, which authenticates with bearer tokens and may be called from other origins. Requests without an Origin
 * (curl, old browsers) pass, as they do in Remix. Behind a proxy that rewrites Host, set TRUST_PROXY so that
 * X-Forwarded-Host names the site.
 */
function isCrossOriginPost(req) {
  if (req.method === "GET" || req.method === "HEAD" || req.method === "OPTIONS") return false;
  const origin = req.get("origin");
  if (origin === undefined) return false;
  if (req.path === "/api/v1" || req.path.startsWith("/api/v1/")) return false;
  let url;
  try {
    url = new URL(origin);
  } catch {
    return true; // "null" (a sandboxed frame, a privacy redirect) or garbage
  }
  const forwarded = TRUST_PROXY ? req.get("x-forwarded-host")?.split(",")[0] : undefined;
  const host = forwarded?.trim() || req.get("host");
  return !host || hostOf(url.host, url.protocol) !== hostOf(host, url.protocol);
}

// ---- a Host that names no host ----
// The page's URL is built from Host (or, behind a trusted proxy, X-Forwarded-Host). A value that is no host[:port]
// ("a b", "[", "%00", "a@b", a port over 65535, a path) made that URL, or the Request carrying it, throw: a 500 and a
// stack per request. Refused here: 400 and one short line (docs/security.md).
function namesAHost(value) {
  if (value === undefined) return true; // HTTP/1.0: Node fills nothing in, express and the app use the socket's
  let url;
  try {
    url = new URL(`http://${value}`);
  } catch {
    return false;
  }
  return url.username === "" && url.password === "" && url.pathname === "/" && !url.search && !url.hash && !!url.host;
}

app.use((req, res, next) => {
  const forwarded = TRUST_PROXY ? req.get("x-forwarded-host")?.split(",")[0]?.trim() : undefined;
  if (namesAHost(req.get("host")) && (forwarded === undefined || namesAHost(forwarded))) return next();
  console.warn(`[shop] ${req.method}: refused, Host names no host (${JSON.stringify(req.get("host")?.slice(0, 40))})`);
  res.setHeader("Connection", "close");
  sendPlainPage(res, 400, "Bad request", "This request's Host header does not name a host.");
});

app.use((req, res, next) => {
  // Remix's own origin check reads X-Forwarded-Host whatever TRUST_PROXY says: a client's own (a correct Origin,
  // X-Forwarded-Host naming another host) would pass the check below and meet Remix's, a 500. Untrusted, it goes.
  if (!TRUST_PROXY) delete req.headers["x-forwarded-host"];
  if (!isCrossOriginPost(req)) return next();
  console.warn(
    `[shop] ${req.method} ${req.path}: cross-origin post refused (Origin ${JSON.stringify(req.get("origin"))})`,
  );
  res.setHeader("Connection", "close"); // its body is not read
  sendPlainPage(res, 403, "Forbidden", "This form was sent from another site, so it was not accepted.");
});
// ---- end of security headers and cross-origin posts ----

function sendHealth(res, answer) {
  res.status(answer.status).set(answer.headers).json(answer.body);
}

app.get("/metrics", (req, res, next) => {
  metrics.answer(req, res, next).catch((error) => next(error));
});

// the probes come before the access log (a balancer asks every few seconds) and answer while the app starts
app.get("/healthz", (req, res) => {
  sendHealth(res, entry ? entry.checkLiveness() : { status: 200, headers: NO_STORE, body: { status: "ok" } });
});
app.get("/readyz", (req, res, next) => {
  if (!entry) {
    const checks = { process: "starting", database: "not checked", migrations: "not checked" };
    sendHealth(res, {
      status: 503,
      headers: { ...NO_STORE, "Retry-After": RETRY_AFTER_SECONDS },
      body: { status: "unavailable", failed: "process", checks },
    });
    return;
  }
  entry.checkReadiness().then((answer) => sendHealth(res, answer), next);
});

app.use((req, res, next) => {
  if (appHandler) return appHandler(req, res, next);
  sendPlainPage(res, 503, "GearHub is starting", "GearHub is starting. This page reloads in a few seconds.", {
    "Retry-After": RETRY_AFTER_SECONDS,
    Refresh: "5",
  });
});

// ---- failures: written through the app's logger (no parameters, bytes or tokens), answered without a stack ----
// express knows an error handler by its four parameters
app.use((error, req, res, _next) => {
  // a client's mistake that express or a middleware names (400 for a path that does not decode, 413…) keeps its status
  const status = Number(error?.status ?? error?.statusCode);
  if (status >= 400 && status < 500) {
    if (res.headersSent) return void res.destroy();
    if (status === 404) return sendPlainPage(res, 404, "Not found", "There is no such file.");
    return sendPlainPage(res, status, "Bad request", "The shop could not read this request.");
  }
  if (entry?.logError) entry.logError(`${req.method} ${req.path} failed`, error);
  else console.error(`[shop] ${req.method} ${req.path} failed: ${error?.name ?? "error"}`);
  // half an answer cannot be taken back: cut the connection (express's own handler would log the raw stack)
  if (res.headersSent) return void res.destroy();
  sendPlainPage(res, 500, "Something went wrong", "Something went wrong on our side. Please try again.");
});

// ---- the access log: no query values that may carry secrets, and the app's redaction over the whole line ----
const SECRET_PARAMETER = /token|secret|password|code|session|key|signature|auth/i;

/** The path and query of a request with the values of secret-sounding parameters replaced. */
function loggableUrl(req) {
  const url = req.originalUrl || req.url;
  const at = url.indexOf("?");
  if (at === -1) return url;
  const query = url
    .slice(at + 1)
    .split("&")
    .map((pair) => {
      const [name] = pair.split("=", 1);
      let decoded = name;
      try {
        decoded = decodeURIComponent(name);
      } catch {
        // keep it as sent
      }
      return SECRET_PARAMETER.test(decoded) && pair.includes("=") ? `${name}=[redacted]` : pair;
    })
    .join("&");
  return `${url.slice(0, at)}?${query}`;
}
morgan.token("loggable-url", loggableUrl);

function accessLog(redact) {
  return morgan(":method :loggable-url :status :res[content-length] - :response-time ms", {
    stream: { write: (line) => process.stdout.write(redact(line)) },
  });
}
// ---- end of the access log ----

// ---- @remix-run/express's adapter (v2.17; it does not export these two), so that the page cache can sit between ----
/** The web Request of an express request, as @remix-run/express builds it (the host as express trusts it). */
function createRemixRequest(req, res) {
  const portOf = (host) => Number.parseInt(host?.split(":")[1], 10);
  const forwardedPort = portOf(req.get("X-Forwarded-Host"));
  const hostPort = portOf(req.get("host"));
  const port = Number.isSafeInteger(forwardedPort) ? forwardedPort : Number.isSafeInteger(hostPort) ? hostPort : "";
  const url = new URL(`${req.protocol}://${req.hostname}${port ? `:${port}` : ""}${req.originalUrl}`);
  let controller = new AbortController();
  const headers = new Headers();
  for (const [name, values] of Object.entries(req.headers)) {
    if (!values) continue;
    for (const value of Array.isArray(values) ? values : [values]) headers.append(name, value);
  }
  const init = { method: req.method, headers, signal: controller.signal };
  if (req.method !== "GET" && req.method !== "HEAD") {
    init.body = createReadableStreamFromReadable(req);
    init.duplex = "half";
  }
  // loaders and actions are aborted when the client goes before the answer is out
  res.on("finish", () => (controller = null));
  res.on("close", () => controller?.abort());
  return new Request(url.href, init);
}

async function sendRemixResponse(res, response) {
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [name, value] of response.headers.entries()) res.append(name, value);
  if (response.headers.get("Content-Type")?.match(/text\/event-stream/i)) res.flushHeaders();
  if (response.body) await writeReadableStreamToWritable(response.body, res);
  else res.end();
}
// ---- end of the adapter ----

/**
 * What remix-serve does, except that only the fingerprinted files under assets/ are cached as immutable: the others
 * (the favicon, the hero images) are kept ten minutes and then revalidated (ETag, Last-Modified), so a replaced file
 * reaches returning visitors. Pages go through the app's page cache (docs/decisions/0028-throughput-and-http-caching.md).
 */
function appRoutes(build) {
  const router = express.Router();
  router.use(compression({ level: COMPRESSION_LEVEL }));
  router.use(
    `${build.publicPath}assets`,
    // a file that is not there (a page of an older build asking for its chunks) is a short 404 here, not a whole page
    // of the shop rendered by the catch-all route
    express.static(path.join(build.assetsBuildDirectory, "assets"), {
      immutable: true,
      maxAge: "1y",
      fallthrough: false,
    }),
  );
  router.use(build.publicPath, express.static(build.assetsBuildDirectory, { maxAge: "10m" }));
  router.use(express.static("public", { maxAge: "10m" }));
  router.use(accessLog(build.entry.module.redactLogText));
  // what @remix-run/express's handler does, with the page cache between the request and Remix
  const remix = entry.withPageCache(createRequestHandler(build, process.env.NODE_ENV), build.assets.version);
  const handle = async (req, res, next) => {
    try {
      await sendRemixResponse(res, await remix(createRemixRequest(req, res)));
    } catch (error) {
      next(error);
    }
  };
  // the socket's address reaches the app (per-client rate limits) through an AsyncLocalStorage of the build's
  router.all("*", (req, res, next) => {
    // what reaches here has a route of the app (the metrics' label); files were served above
    res.locals.reachedApp = true;
    entry.runWithSocketAddress(req.socket.remoteAddress, () => handle(req, res, next));
  });
  return router;
}

const server = http.createServer(app);
// Node keeps an idle connection 5 s by default, less than a load balancer's idle timeout (60 s on AWS's by default):
// the balancer would send a request down a connection the shop is closing and answer 502 (a client that keeps its
// connections, as the end-to-end tests' does, gets ECONNRESET). Kept longer than the balancer keeps them, so the
// balancer closes first; behind one that keeps them longer (Google Cloud's 600 s), KEEP_ALIVE_TIMEOUT_MS goes above
// that (docs/reliability.md). The headers' own timeout (60 s) runs from a request's first byte, not while idle.
server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;

server.once("error", (error) => {
  if (error.code === "EADDRINUSE") fail(`port ${PORT} on ${HOST} is already in use: stop what uses it, or set PORT`);
  if (error.code === "EACCES") fail(`no permission to listen on ${HOST}:${PORT}: use a port above 1023, or set PORT`);
  if (error.code === "EADDRNOTAVAIL") fail(`${HOST} is not an address of this machine: set HOST`);
  fail(`cannot listen on ${HOST}:${PORT}: ${error.message}`);
});

let stopAsked = false;

/**
 * Stops on SIGTERM or SIGINT: no new connections, readiness 503, the requests in flight finish (at most
 * SHUTDOWN_TIMEOUT_MS, then their connections are destroyed), the app's shutdown hooks run (background jobs, then
 * the database), exit 0. A second signal exits at once.
 */
async function stop(signal) {
  if (stopAsked) {
    console.error(`[shop] ${signal} again: exiting now`);
    process.exit(1);
  }
  stopAsked = true;
  if (phase === "starting") {
    // nothing is served yet; the migrations and the demo seed are transactions, a later start finishes them
    console.log(`[shop] ${signal} during start-up: exiting`);
    server.close();
    server.closeAllConnections();
    process.exit(0);
  }
  phase = "stopping";
  entry.beginShutdown();
  for (const res of inFlight) if (!res.headersSent) res.setHeader("Connection", "close");
  const closed = new Promise((resolve) => server.close(() => resolve(true)));
  server.closeIdleConnections();
  console.log(
    `[shop] ${signal}: stopping (no new connections; ${inFlight.size} request(s) in flight get up to ${SHUTDOWN_TIMEOUT_MS} ms)`,
  );
  let timer;
  const drained = await Promise.race([
    closed,
    new Promise((resolve) => {
      timer = setTimeout(() => resolve(false), SHUTDOWN_TIMEOUT_MS);
    }),
  ]);
  clearTimeout(timer);
  if (!drained) {
    console.log(`[shop] ${inFlight.size} request(s) still running after ${SHUTDOWN_TIMEOUT_MS} ms: closing them`);
    server.closeAllConnections();
  }
  const { failed } = await entry.runShutdown();
  console.log(failed.length > 0 ? `[shop] stopped, but not cleanly: ${failed.join(", ")}` : "[shop] stopped");
  process.exit(failed.length > 0 ? 1 : 0);
}

process.on("SIGTERM", () => void stop("SIGTERM"));
process.on("SIGINT", () => void stop("SIGINT"));

// A second server on the same embedded database says so first and only, before it listens (the app takes the lock
// itself when it starts; this only asks who holds it).
if (!process.env.DATABASE_URL?.trim()) {
  const dataDir = path.resolve(process.env.DATA_DIR || "./data");
  const holder = dataDirHolder(dataDir);
  if (holder !== undefined) fail(`could not start: ${new DataDirBusyError(dataDir, holder).message}`);
}

// listen first: a busy port is reported at once, and the probes answer while the database is awaited
await new Promise((resolve) => server.listen(PORT, HOST, resolve));
console.log(`[shop] listening on http://${HOST}:${PORT}; starting the app…`);

let build;
try {
  // importing the build runs the app's start-up (app/server/bootstrap.server.ts): database, migrations, seed
  build = await import(pathToFileURL(BUILD_PATH).href);
} catch (error) {
  if (error?.code === "ERR_MODULE_NOT_FOUND" && error.message.includes(BUILD_PATH)) {
    fail(
      `no build at ${path.relative(root, BUILD_PATH)}: run \`npm run build\` first (\`npm start\` builds by itself)`,
    );
  }
  throw error;
}
installGlobals({ nativeFetch: build.future.v3_singleFetch });
entry = build.entry.module;
labelPage = pageRouteLabeler(build);
appHandler = appRoutes(build);
if (phase === "starting") phase = "serving";
console.log(`[shop] ready on http://${HOST}:${PORT}`);
