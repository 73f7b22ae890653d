// Building the app when its build is missing or older than its sources: used by `npm start` (scripts/start.mjs) and by
// the tests that start the built server. BUILD_DIR (default build/) is where the build goes and is served from.
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

const SOURCES = [
  "app",
  "public",
  "vite.config.ts",
  "tailwind.config.ts",
  "postcss.config.js",
  "package-lock.json",
  "tsconfig.json",
];

/** Where the build goes: BUILD_DIR (relative to the project) or build/. */
export function buildDirectory(env = process.env) {
  return path.resolve(root, env.BUILD_DIR || "build");
}

function newestMtime(entry) {
  const full = path.join(root, entry);
  if (!fs.existsSync(full)) return 0;
  const stat = fs.statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const child of fs.readdirSync(full)) newest = Math.max(newest, newestMtime(path.join(entry, child)));
  return newest;
}

/** "missing", "stale" or "fresh". */
export function buildState(env = process.env) {
  const serverBuild = path.join(buildDirectory(env), "server/index.js");
  const builtAt = fs.existsSync(serverBuild) ? fs.statSync(serverBuild).mtimeMs : 0;
  if (builtAt === 0) return "missing";
  return Math.max(...SOURCES.map(newestMtime)) > builtAt ? "stale" : "fresh";
}

/**
 * Builds when needed, in a child process. A SIGTERM or SIGINT meanwhile is passed on to the build (SIGKILL after
 * 5 s), so stopping `npm start` during a build leaves no build running. Resolves to "fresh", "built", "stopped" (by
 * a signal) or "failed".
 */
export async function buildIfStale({ env = process.env, log = console.log } = {}) {
  const state = buildState(env);
  if (state === "fresh") return "fresh";
  log(state === "missing" ? "[shop] building the app (first start)…" : "[shop] sources changed: rebuilding…");
  const require = createRequire(import.meta.url);
  const remixCli = require.resolve("@remix-run/dev/dist/cli.js");
  const child = spawn(process.execPath, [remixCli, "vite:build"], {
    cwd: root,
    stdio: "inherit",
    env: { ...env, NODE_ENV: "production" },
  });
  let stoppedBy;
  const forward = (signal) => {
    stoppedBy ??= signal;
    child.kill(signal);
    setTimeout(() => child.kill("SIGKILL"), 5_000).unref();
  };
  const onTerm = () => forward("SIGTERM");
  const onInt = () => forward("SIGINT");
  process.on("SIGTERM", onTerm);
  process.on("SIGINT", onInt);
  try {
    const code = await new Promise((resolve, reject) => {
      child.once("error", reject);
      child.once("exit", (exitCode) => resolve(exitCode));
    });
    if (stoppedBy) {
      log(`[shop] ${stoppedBy}: build stopped`);
      return "stopped";
    }
    return code === 0 ? "built" : "failed";
  } finally {
    process.off("SIGTERM", onTerm);
    process.off("SIGINT", onInt);
  }
}
