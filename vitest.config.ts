import fs from "node:fs";
import { availableParallelism } from "node:os";
import tsconfigPaths from "vite-tsconfig-paths";
import { defineConfig } from "vitest/config";

// Four projects: pure logic, the integration suite twice (on PGlite and on PostgreSQL), and the built server run as
// operators run it (processes, signals, ports; it builds first when the build is stale, and uses PostgreSQL too).
export default defineConfig({
  plugins: [tsconfigPaths()],
  // node_modules may be a link to another checkout's (a git worktree's): its files (the `?url` of a stylesheet the
  // tests' page build imports) are served from where the link points
  server: { fs: { allow: [".", fs.realpathSync("node_modules")] } },
  test: {
    // vitest's default is one worker fewer than the CPUs: one file at a time on 2 cores. The integration files spend
    // much of their time waiting on PostgreSQL or starting PGlite, so two at a time finish about a quarter sooner.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    minWorkers: 1,
    testTimeout: 30_000,
    // A worker loads the app's modules once for all its files rather than once per file (about half of the integration
    // suite's time was that loading): each file makes its own database and state in its hooks, so none leans on a
    // fresh module. The server project, which starts processes and changes the environment, keeps isolation.
    isolate: false,
    hookTimeout: 60_000,
    setupFiles: ["tests/support/setup-env.ts"],
    projects: [
      { extends: true, test: { name: "unit", include: ["tests/unit/**/*.test.ts"] } },
      {
        extends: true,
        test: {
          name: "pglite",
          include: ["tests/integration/**/*.test.ts"],
          env: { TEST_DB_KIND: "pglite" },
          // the migrated database each test file restores (tests/support/pglite-template.ts)
          globalSetup: ["tests/support/pglite-global-setup.ts"],
        },
      },
      {
        extends: true,
        test: {
          name: "postgres",
          include: ["tests/integration/**/*.test.ts"],
          env: { TEST_DB_KIND: "postgres" },
          globalSetup: ["tests/support/postgres-global-setup.ts"],
        },
      },
      {
        extends: true,
        test: {
          name: "server",
          include: ["tests/server/**/*.test.ts"],
          globalSetup: ["tests/server/build-global-setup.ts"],
          isolate: true,
          testTimeout: 120_000,
        },
      },
    ],
  },
});
