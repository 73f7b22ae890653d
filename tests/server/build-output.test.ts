import { spawn } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { root, tempDir } from "./support/shop-process";

// What `npm run build` prints (issue #12: one "Generated an empty chunk" warning per route with nothing for the
// browser). The build goes to a folder of its own, never the build/ the other server tests run.

const out = tempDir("build-output");
afterAll(() => out.cleanup());

function build(): Promise<{ code: number | null; output: string }> {
  const remixCli = createRequire(import.meta.url).resolve("@remix-run/dev/dist/cli.js");
  const child = spawn(process.execPath, [remixCli, "vite:build"], {
    cwd: root,
    env: { ...process.env, NODE_ENV: "production", BUILD_DIR: out.relative },
  });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.once("error", reject);
    child.once("exit", (code) => resolve({ code, output }));
  });
}

describe("the production build", () => {
  it("warns of no empty chunk, and the routes without browser code are still in Remix's manifest", async () => {
    const { code, output } = await build();
    expect(code, output).toBe(0);
    expect(output).not.toMatch(/empty chunk/i);
    expect(output).not.toMatch(/\(!\)|warning/i);

    // the resource and redirect-only routes keep their (empty) client modules: Remix's manifest names them
    const manifestFile = fs
      .readdirSync(path.join(out.dir, "client/assets"))
      .find((file) => /^manifest-[\w-]+\.js$/.test(file));
    expect(manifestFile).toBeDefined();
    const manifest = fs.readFileSync(path.join(out.dir, "client/assets", manifestFile!), "utf8");
    for (const route of ["routes/logout", "routes/sitemap[.]xml", "routes/api.v1.$"]) {
      expect(manifest).toContain(`"${route}"`);
    }
  }, 180_000);
});
