import { vitePlugin as remix } from "@remix-run/dev";
import { defineConfig } from "vite";
import tsconfigPaths from "vite-tsconfig-paths";

declare module "@remix-run/node" {
  interface Future {
    v3_singleFetch: true;
  }
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
  ],
});
