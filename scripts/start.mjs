// `npm start`: builds the app when the build is missing or older than the sources (scripts/build.mjs), then runs the
// shop's server (scripts/server.mjs) in this same process. package.json starts it with `exec`, so npm's shell is
// replaced by this process and the SIGTERM npm forwards reaches it (docs/decisions/0013-own-node-server.md).
import { buildIfStale, root } from "./build.mjs";

process.chdir(root);
const outcome = await buildIfStale();
if (outcome === "stopped") process.exit(0);
if (outcome === "failed") {
  console.error("[shop] the build failed");
  process.exit(1);
}
await import("./server.mjs");
