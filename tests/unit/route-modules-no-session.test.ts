import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// The session seam (docs/decisions/0031-session-seam.md): the pages' cookies are recorded in the request's context
// and the server adds them to whatever a route answers, so no route module handles them. A route that sent them by
// hand would be the one that, forgetting it, signs a shopper out (a rotated refresh token dropped). This keeps it so.

const ROUTES = path.resolve(import.meta.dirname, "../../app/routes");

const FORBIDDEN: [RegExp, string][] = [
  [/\bauth\.headers\b|headers:\s*auth\b/, "a session's headers passed by hand"],
  [/set-cookie/i, "a Set-Cookie header"],
  [/\b(commitSession|destroySession|saveSession|endSession|getSession)\b/, "the session storage"],
  [/__session|__flash/, "a page cookie by name"],
  [/client\/session\.server/, "the session module"],
];

function routeFiles(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) => (entry.isDirectory() ? routeFiles(path.join(dir, entry.name)) : [path.join(dir, entry.name)]));
}

describe("route modules", () => {
  it("never carry the session or the flash cookie themselves", () => {
    const files = routeFiles(ROUTES);
    expect(files.length).toBeGreaterThan(30);
    const found = files.flatMap((file) => {
      const text = fs.readFileSync(file, "utf8");
      return FORBIDDEN.filter(([pattern]) => pattern.test(text)).map(
        ([, what]) => `${path.relative(ROUTES, file)}: ${what}`,
      );
    });
    expect(found).toEqual([]);
  });

  it("would notice one that does", () => {
    const sample = 'return data({ cart }, { headers: auth.headers });\nheaders.set("Set-Cookie", cookie);';
    expect(FORBIDDEN.filter(([pattern]) => pattern.test(sample)).map(([, what]) => what)).toEqual([
      "a session's headers passed by hand",
      "a Set-Cookie header",
    ]);
  });
});
