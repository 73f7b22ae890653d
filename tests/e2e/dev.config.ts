// For iterating on the specs against an already running server on E2E_PORT (no build, no seeding):
//   E2E_PORT=3000 npx playwright test -c tests/e2e/dev.config.ts [file]
// Results go to /tmp (E2E_OUTPUT), never into tests/e2e. The suite itself runs with the root playwright.config.ts.
import base from "../../playwright.config";

const PORT = Number(process.env.E2E_PORT ?? 3101);
const output = process.env.E2E_OUTPUT ?? "/tmp/e2e-dev-results";

export default {
  ...base,
  testDir: ".",
  outputDir: output,
  reporter: [["list"], ["json", { outputFile: `${output}/playwright.json` }]],
  webServer: undefined,
  use: { ...base.use, baseURL: `http://127.0.0.1:${PORT}` },
};
