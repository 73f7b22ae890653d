// TEMPORARY (to be deleted): runs the e2e specs against an already running server on E2E_PORT.
import base from "../../playwright.config";
const PORT = Number(process.env.E2E_PORT ?? 3101);
export default {
  ...base,
  testDir: ".",
  outputDir: "/tmp/e2e-dev-results",
  webServer: undefined,
  use: { ...base.use, baseURL: `http://127.0.0.1:${PORT}` },
};
