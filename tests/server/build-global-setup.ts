import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { shopEnv } from "./support/shop-process";

type BuildScript = { buildIfStale(options: { env: NodeJS.ProcessEnv }): Promise<string> };

/**
 * The server tests run the production build (build/): build it first when it is missing or older than the sources.
 * Then the build's seeded embedded database (scripts/seeded-database.mjs, for the files that start on a copy of it:
 * tests/server/support/seeded-data.ts) starts being made in the background, while the other projects' files run; a
 * file that needs it before it is ready waits for it.
 */
export default async function setup() {
  // scripts/build.mjs is plain JavaScript for `npm start`; imported by path so that it stays out of the TypeScript project
  const { buildIfStale } = (await import(pathToFileURL(path.resolve("scripts/build.mjs")).href)) as BuildScript;
  const outcome = await buildIfStale({ env: { ...process.env, BUILD_DIR: "" } });
  if (outcome !== "fresh" && outcome !== "built") throw new Error(`the build before the server tests: ${outcome}`);

  // its output goes to test-results/logs, which `npm test` checks for secrets (scripts/check-logs.mjs)
  const logs = path.resolve("test-results/logs");
  fs.mkdirSync(logs, { recursive: true });
  const log = fs.openSync(path.join(logs, "server-test-seeded-database.log"), "w");
  const seeding = spawn(process.execPath, ["scripts/seeded-database.mjs"], {
    env: shopEnv({}),
    stdio: ["ignore", log, log],
  });
  fs.closeSync(log);
  const exited = new Promise<void>((resolve) => seeding.once("exit", () => resolve()));
  return async () => {
    // done long before in a whole run; a run of a few files that never needed it stops it (the next makes it anew)
    if (seeding.exitCode === null && seeding.signalCode === null) seeding.kill("SIGTERM");
    await exited;
  };
}
