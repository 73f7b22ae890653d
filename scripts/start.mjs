// `npm start`: builds the app when the build is missing or older than the sources, then serves it with
// remix-serve in this same process (a SIGTERM reaches the server, which closes the database and exits).
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
process.chdir(root);
process.env.PORT ??= "3000";
process.env.HOST ??= "127.0.0.1";

const serverBuild = path.join(root, "build/server/index.js");
const SOURCES = [
  "app",
  "public",
  "vite.config.ts",
  "tailwind.config.ts",
  "postcss.config.js",
  "package-lock.json",
  "tsconfig.json",
];

function newestMtime(entry) {
  const full = path.join(root, entry);
  if (!fs.existsSync(full)) return 0;
  const stat = fs.statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const child of fs.readdirSync(full)) newest = Math.max(newest, newestMtime(path.join(entry, child)));
  return newest;
}

const builtAt = fs.existsSync(serverBuild) ? fs.statSync(serverBuild).mtimeMs : 0;
if (builtAt === 0 || Math.max(...SOURCES.map(newestMtime)) > builtAt) {
  console.log(builtAt === 0 ? "[shop] building the app (first start)…" : "[shop] sources changed: rebuilding…");
  const require = createRequire(import.meta.url);
  const remixCli = require.resolve("@remix-run/dev/dist/cli.js");
  const result = spawnSync(process.execPath, [remixCli, "vite:build"], {
    stdio: "inherit",
    env: { ...process.env, NODE_ENV: "production" },
  });
  if (result.status !== 0) {
    console.error("[shop] the build failed");
    process.exit(result.status ?? 1);
  }
}

const require = createRequire(import.meta.url);
const serveCli = require.resolve("@remix-run/serve/dist/cli.js");
process.argv = [process.argv[0], serveCli, serverBuild];
await import(serveCli);
