#!/usr/bin/env node
// The production build of `npm test` (scripts/test-all.mjs): `remix vite:build`, its output shown as it comes, and a
// failure when it warned of an empty chunk (docs/decisions/0024: the routes with nothing for the browser are quiet,
// any other empty chunk is a mistake worth stopping for).
import { spawn } from "node:child_process";
import { createRequire } from "node:module";
import path from "node:path";

const require = createRequire(import.meta.url);
const cli = path.join(path.dirname(require.resolve("@remix-run/dev/package.json")), "dist/cli.js");
const child = spawn(process.execPath, [cli, "vite:build"], { stdio: ["inherit", "pipe", "pipe"] });
let output = "";
child.stdout.on("data", (chunk) => {
  output += chunk;
  process.stdout.write(chunk);
});
child.stderr.on("data", (chunk) => {
  output += chunk;
  process.stderr.write(chunk);
});
child.on("exit", (code, signal) => {
  if (code !== 0) process.exit(code ?? 1);
  if (signal) process.exit(1);
  const empty = output.split("\n").filter((line) => /empty chunk/i.test(line));
  if (empty.length > 0) {
    console.error(`[build] ${empty.length} empty-chunk warning(s): a route or module with nothing for the browser`);
    process.exit(1);
  }
});
