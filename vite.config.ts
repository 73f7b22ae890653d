import path from "node:path";
import { vitePlugin as remix } from "@remix-run/dev";
import { defineConfig, type Plugin } from "vite";
import tsconfigPaths from "vite-tsconfig-paths";

declare module "@remix-run/node" {
  interface Future {
    v3_singleFetch: true;
  }
}

/**
 * In the browser, `zod/v4` is zod with its JIT off (app/zod-browser.ts): its probe for `new Function` would be a
 * Content-Security-Policy violation on every page with a form (docs/decisions/0016-security-headers-and-logs.md).
 */
function zodWithoutEval(): Plugin {
  const wrapper = path.resolve(import.meta.dirname, "app/zod-browser.ts");
  return {
    name: "zod-without-eval",
    enforce: "pre",
    resolveId(source, importer, options) {
      if (source !== "zod/v4" || options?.ssr || importer === wrapper) return null;
      return wrapper;
    },
  };
}

export default defineConfig({
  server: { port: 3000 },
  build: { target: "es2022" },
  ssr: {
    // native or wasm packages stay external to the server bundle
    external: ["sharp", "@electric-sql/pglite", "pg", "@node-rs/argon2"],
  },
  plugins: [
    remix({
      // BUILD_DIR: where `npm start` (scripts/build.mjs) builds and serves from; the tests build into a folder of their own
      buildDirectory: process.env.BUILD_DIR || "build",
      future: {
        v3_fetcherPersist: true,
        v3_relativeSplatPath: true,
        v3_throwAbortReason: true,
        v3_singleFetch: true,
        v3_lazyRouteDiscovery: true,
        v3_routeConfig: true,
      },
    }),
    tsconfigPaths(),
    zodWithoutEval(),
  ],
});
