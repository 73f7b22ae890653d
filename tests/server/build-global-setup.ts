import path from "node:path";
import { pathToFileURL } from "node:url";

type BuildScript = { buildIfStale(options: { env: NodeJS.ProcessEnv }): Promise<string> };

/** The server tests run the production build (build/): build it first when it is missing or older than the sources. */
export default async function setup() {
  // scripts/build.mjs is plain JavaScript for `npm start`; imported by path so that it stays out of the TypeScript project
  const { buildIfStale } = (await import(pathToFileURL(path.resolve("scripts/build.mjs")).href)) as BuildScript;
  const outcome = await buildIfStale({ env: { ...process.env, BUILD_DIR: "" } });
  if (outcome !== "fresh" && outcome !== "built") throw new Error(`the build before the server tests: ${outcome}`);
}
