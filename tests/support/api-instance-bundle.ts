import fs from "node:fs";
import path from "node:path";
import { build } from "esbuild";

/**
 * tests/support/api-instance.ts and the shop's modules it imports, bundled into one file once per run (the packages
 * stay imports of node_modules). Through `node --import tsx` every instance paid about 4 s of CPU to transform and
 * resolve some 300 modules; the bundle starts in about 1.5 s (docs/decisions/0032-test-speed.md). The same source,
 * so the instance behaves as before; `~/` resolves through tsconfig.json's paths, as tsx does.
 */
export async function bundleApiInstance(outDir = path.resolve("tests/.tmp")): Promise<string> {
  fs.mkdirSync(outDir, { recursive: true });
  const outfile = path.join(outDir, `api-instance-${process.pid}.mjs`);
  await build({
    entryPoints: [path.resolve("tests/support/api-instance.ts")],
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    outfile,
    logLevel: "warning",
    plugins: [
      {
        name: "packages-stay-imports",
        setup(plugin) {
          // a package's JSON data (country names) is bundled: Node's ESM would want an import attribute for it
          plugin.onResolve({ filter: /^[^.~/]/ }, (args) =>
            args.path.endsWith(".json") ? undefined : { path: args.path, external: true },
          );
        },
      },
    ],
  });
  return outfile;
}
