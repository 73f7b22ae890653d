// What `zod/v4` resolves to in the browser build (vite.config.ts, plugin "zod-without-eval"): zod with its JIT off.
// zod compiles object parsers with `new Function` after probing whether eval works; under the shop's
// Content-Security-Policy (no 'unsafe-eval') the probe is refused and reported as a violation on every page that
// builds a schema. The interpreted parsers are the same parsers, only not compiled: the forms' schemas are small.
// The server keeps the JIT (no CSP applies there).
import { config } from "zod/v4/core";

config({ jitless: true });

export * from "zod/v4";
