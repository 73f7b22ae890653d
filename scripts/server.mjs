// The shop's production HTTP server (docs/decisions/0013-own-node-server.md): express with compression and morgan
// around Remix's request handler, static files as remix-serve serves them, the load balancer's probes (/healthz,
// /readyz) and a graceful stop on SIGTERM and SIGINT. `npm start` runs it after building; `node scripts/server.mjs`
// runs an existing build.
//
// Environment: HOST (127.0.0.1), PORT (3000), SHUTDOWN_TIMEOUT_MS (10000), BUILD_DIR (build), NODE_ENV (production).
import http from "node:http";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { createRequestHandler } from "@remix-run/express";
import { installGlobals } from "@remix-run/node";
import compression from "compression";
import express from "express";
import morgan from "morgan";

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
const BUILD_PATH = path.resolve(root, process.env.BUILD_DIR || "build", "server/index.js");
const NO_STORE = { "Cache-Control": "no-store" };
const RETRY_AFTER_SECONDS = "5";

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

app.use((req, res, next) => {
  inFlight.add(res);
  res.once("close", () => {
    inFlight.delete(res);
    // a keep-alive connection whose last answer just went out must not keep the stop waiting
    if (phase === "stopping") setImmediate(() => server.closeIdleConnections());
  });
  if (phase === "stopping") res.setHeader("Connection", "close");
  next();
});

function sendHealth(res, answer) {
  res.status(answer.status).set(answer.headers).json(answer.body);
}

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
  res
    .status(503)
    .set({ ...NO_STORE, "Retry-After": RETRY_AFTER_SECONDS, "Content-Type": "text/html; charset=utf-8" })
    .send(
      '<!doctype html><meta charset="utf-8"><meta http-equiv="refresh" content="5"><title>GearHub is starting</title>' +
        "<p>GearHub is starting. This page reloads in a few seconds.</p>",
    );
});

/** What remix-serve does, except that only the fingerprinted files under assets/ are cached as immutable. */
function appRoutes(build) {
  const router = express.Router();
  router.use(compression());
  router.use(
    `${build.publicPath}assets`,
    express.static(path.join(build.assetsBuildDirectory, "assets"), { immutable: true, maxAge: "1y" }),
  );
  router.use(build.publicPath, express.static(build.assetsBuildDirectory, { maxAge: "1h" }));
  router.use(express.static("public", { maxAge: "1h" }));
  router.use(morgan("tiny"));
  const remix = createRequestHandler({ build, mode: process.env.NODE_ENV });
  // the socket's address reaches the app (per-client rate limits) through an AsyncLocalStorage of the build's
  router.all("*", (req, res, next) => entry.runWithSocketAddress(req.socket.remoteAddress, () => remix(req, res, next)));
  return router;
}

const server = http.createServer(app);

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
appHandler = appRoutes(build);
if (phase === "starting") phase = "serving";
console.log(`[shop] ready on http://${HOST}:${PORT}`);
