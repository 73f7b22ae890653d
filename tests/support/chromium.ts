import fs from "node:fs";

/**
 * The browser the tests drive: CHROMIUM_PATH when set, else Debian's headless shell (the package
 * chromium-headless-shell: the same engine without the desktop browser's windows and their interface, about a third
 * less CPU per page on 2 cores, see docs/decisions/0032-test-speed.md), else Debian's chromium.
 */
export function chromiumPath(): string {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  const shell = "/usr/bin/chromium-headless-shell";
  return fs.existsSync(shell) ? shell : "/usr/bin/chromium";
}
