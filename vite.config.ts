import path from "node:path";
import { vitePlugin as remix } from "@remix-run/dev";
import { defineConfig, type Plugin } from "vite";
import tsconfigPaths from "vite-tsconfig-paths";
import { REMIX_FUTURE } from "./remix-future";

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

/**
 * Remix's Vite plugin makes every route a client entry, so a route with nothing for the browser (a resource route:
 * /sitemap.xml, /robots.txt, /favicon.ico, /api/v1/*, the CSV export, a mail's HTML; or a loader that only redirects:
 * /logout, /user-profile, the checkout's return) becomes an empty chunk that Remix's manifest still names
 * (remix-run/remix#9055, closed unfixed: Remix 2 is in maintenance; React Router 7 leaves them out). Rollup warns
 * once per such route on every build. This drops exactly those warnings, the routes being found from the module
 * graph (a route's client entry with no exports), and lets any other empty chunk warn as before.
 */
function quietEmptyRouteChunks(): Plugin {
  const CLIENT_ROUTE = "?__remix-build-client-route"; // the Remix plugin's query on a route's client entry
  // Rollup names a chunk after its entry's file (without extension) with some characters replaced by "_"
  const key = (name: string) => name.replace(/[^\w.-]/g, "_");
  const empty = new Set<string>();
  return {
    name: "quiet-empty-route-chunks",
    apply: "build",
    buildEnd() {
      for (const id of this.getModuleIds()) {
        if (!id.endsWith(CLIENT_ROUTE) || this.getModuleInfo(id)?.exports?.length !== 0) continue;
        const file = path.basename(id.slice(0, -CLIENT_ROUTE.length));
        empty.add(key(file.slice(0, file.length - path.extname(file).length)));
      }
    },
    onLog(_level, log) {
      if (log.code === "EMPTY_BUNDLE" && log.names?.every((name) => empty.has(key(name)))) return false;
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  server: { port: 3000 },
  build: {
    target: "es2022",
    // the Vite manifest, which Remix moves out of the public folder to build/.vite/client-manifest.json, for the
    // JavaScript budget check (scripts/check-js-budget.mjs)
    manifest: true,
    // terser: about 4% less JavaScript gzipped than esbuild's minifier on every page (3.4 kB of the framework's 84 kB),
    // for a few seconds more of build (docs/decisions/0026-javascript-budget.md). The server's bundle is not minified:
    // nobody downloads it, its build is quicker, and its stack traces and CPU profiles name the functions
    minify: isSsrBuild ? false : "terser",
  },
  ssr: {
    // native or wasm packages stay external to the server bundle
    external: ["sharp", "@electric-sql/pglite", "pg", "@node-rs/argon2"],
  },
  plugins: [
    remix({
      // BUILD_DIR: where `npm start` (scripts/build.mjs) builds and serves from; the tests build into a folder of their own
      buildDirectory: process.env.BUILD_DIR || "build",
      future: REMIX_FUTURE,
    }),
    tsconfigPaths(),
    zodWithoutEval(),
    quietEmptyRouteChunks(),
  ],
}));
