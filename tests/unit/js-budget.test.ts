import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { afterEach, describe, expect, it } from "vitest";

// scripts/check-js-budget.mjs (the step of `npm test` after the build) over small fake builds: the Vite manifest and
// Remix's route manifest as `remix vite:build` writes them, with chunks of chosen gzipped sizes.

const script = path.resolve("scripts/check-js-budget.mjs");
const made: string[] = [];

afterEach(() => {
  for (const dir of made.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** A module that gzips to `kB` kB or a little more (random base64 carries 6 bits a character). */
function chunkOf(kB: number) {
  const random = (characters: number) => randomBytes(characters).toString("base64").slice(0, characters);
  let text = `export const x="${random(Math.floor((kB * 1000 * 8) / 6) - 40)}";`;
  while (gzipSync(text).length < kB * 1000) text += random(40);
  return text;
}

interface FakeChunk {
  kB: number;
  imports?: string[];
  dynamicImports?: string[];
}

/**
 * A build folder: `chunks` by name (file assets/<name>.js, Vite manifest key _<name>.js or the route's source),
 * `routes` by Remix route id with their module's chunk name ("" for a route with no browser code).
 */
function fakeBuild(chunks: Record<string, FakeChunk>, routes: Record<string, { path?: string; module: string }>) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "js-budget-"));
  made.push(dir);
  fs.mkdirSync(path.join(dir, "client/assets"), { recursive: true });
  fs.mkdirSync(path.join(dir, ".vite"), { recursive: true });
  const vite: Record<string, { file: string; imports?: string[]; dynamicImports?: string[] }> = {};
  const key = (name: string) => `_${name}.js`;
  for (const [name, chunk] of Object.entries(chunks)) {
    fs.writeFileSync(path.join(dir, `client/assets/${name}.js`), chunk.kB === 0 ? "\n" : chunkOf(chunk.kB));
    vite[key(name)] = {
      file: `assets/${name}.js`,
      imports: chunk.imports?.map(key),
      dynamicImports: chunk.dynamicImports?.map(key),
    };
  }
  fs.writeFileSync(path.join(dir, ".vite/client-manifest.json"), JSON.stringify(vite));
  const url = (name: string) => `/assets/${name}.js`;
  const imports = (name: string) => {
    const seen = new Set<string>();
    const walk = (n: string) => {
      for (const imported of chunks[n]?.imports ?? []) {
        if (seen.has(imported)) continue;
        seen.add(imported);
        walk(imported);
      }
    };
    walk(name);
    return [...seen].map(url);
  };
  const remix = {
    entry: { module: url("entry"), imports: imports("entry"), css: [] },
    routes: Object.fromEntries([
      ["root", { id: "root", path: "", module: url("root"), imports: imports("root") }],
      ...Object.entries(routes).map(([id, route]) => [
        id,
        { id, parentId: "root", path: route.path, module: url(route.module), imports: imports(route.module) },
      ]),
    ]),
    url: "/assets/manifest-0000.js",
    version: "0000",
  };
  fs.writeFileSync(
    path.join(dir, "client/assets/manifest-0000.js"),
    `window.__remixManifest=${JSON.stringify(remix)};`,
  );
  return dir;
}

/** The shop's budgeted routes, each with a module of its own, plus `extra` chunks and routes. */
function shop({
  productsKB,
  checkoutKB = 5,
  extraChunks = {},
  extraRoutes = {},
}: {
  productsKB: number;
  checkoutKB?: number;
  extraChunks?: Record<string, FakeChunk>;
  extraRoutes?: Record<string, { path?: string; module: string }>;
}) {
  return fakeBuild(
    {
      framework: { kB: 80 },
      entry: { kB: 1, imports: ["framework"] },
      root: { kB: 3, imports: ["framework"] },
      products: { kB: productsKB, imports: ["framework"] },
      checkout: { kB: checkoutKB, imports: ["framework"] },
      settings: { kB: 21, imports: ["framework"] },
      ...extraChunks,
    },
    {
      "routes/shop/listing": { path: "products", module: "products" },
      "routes/shop/listing-by-name": { path: "products/:name", module: "products" },
      "routes/shop/listing-by-category": {
        path: "products/category/:categoryId/products",
        module: "products",
      },
      "routes/shop/checkout": { path: "checkout/:userId/checkout", module: "checkout" },
      "routes/account/settings": { path: "user-profile/:userId/settings", module: "settings" },
      ...extraRoutes,
    },
  );
}

function check(dir: string) {
  const run = spawnSync(process.execPath, [script, dir], { encoding: "utf8" });
  return { status: run.status, out: run.stdout, err: run.stderr };
}

describe("the JavaScript budget check", () => {
  it("passes a build whose pages fit, and prints each route's gzipped total", () => {
    const result = check(shop({ productsKB: 10 }));
    expect(result.err).toBe("");
    expect(result.status).toBe(0);
    // entry 1 + framework 80 + root 3 + the listing's 10 (gzip adds a few bytes a file)
    const line = result.out.split("\n").find((l) => l.startsWith("routes/shop/listing "));
    expect(line).toMatch(/\s94\.\d\s+102 \(listing\)\s+ok/);
    expect(result.out).toContain("every page is within its budget");
  });

  it("fails when a route grows past its budget, and says which and by how much", () => {
    const result = check(shop({ productsKB: 20 }));
    expect(result.status).toBe(1);
    expect(result.out).toMatch(/routes\/shop\/listing .*102 \(listing\)\s+OVER/);
    expect(result.err).toMatch(
      /routes\/shop\/listing \(\/products\) loads 104\.\d kB .* over its listing budget of 102 kB/,
    );
    // the checkout's 125 kB leaves it room
    expect(result.out).toMatch(/routes\/shop\/checkout .*125 \(checkout\)\s+ok/);
    // account settings, 105.x kB, within its own 106 kB (over a shopper's page's 105)
    expect(result.out).toMatch(/routes\/account\/settings .*\s105\.\d\s+106 \(settings\)\s+ok/);
  });

  it("counts a chunk shared by the route and root once, and every import transitively", () => {
    const dir = shop({
      productsKB: 1,
      extraChunks: {
        shared: { kB: 4, imports: ["framework"] },
        deep: { kB: 6 },
        page: { kB: 1, imports: ["shared", "middle"] },
        middle: { kB: 1, imports: ["deep", "shared"] },
        root: { kB: 3, imports: ["framework", "shared"] },
      },
      extraRoutes: { "routes/account/login": { path: "login", module: "page" } },
    });
    const result = check(dir);
    // 1 + 80 + 3 + 4 (shared, once) + 1 + 1 + 6 = 96
    expect(result.out).toMatch(/routes\/account\/login\s+\/login\s+7\s+\S+\s+96\.\d\s+105 \(page\)\s+ok/);
  });

  it("leaves dynamic imports out of the budget and shows them apart", () => {
    const dir = shop({
      productsKB: 1,
      extraChunks: {
        details: { kB: 2, imports: ["framework"], dynamicImports: ["zoom"] },
        zoom: { kB: 30, imports: ["framework"] },
      },
      extraRoutes: { "routes/shop/product-details": { path: "product/:productId/details", module: "details" } },
    });
    const result = check(dir);
    expect(result.status).toBe(0);
    expect(result.out).toMatch(/routes\/shop\/product-details .* 86\.\d\s+105 \(page\)\s+ok\s+\+30\.\d/);
  });

  it("gives the admin's pages their own budget and routes without browser code none", () => {
    const dir = shop({
      productsKB: 1,
      extraChunks: { editor: { kB: 40, imports: ["framework"] }, empty: { kB: 0 } },
      extraRoutes: {
        "routes/admin/add-product": { path: "add-product", module: "editor" },
        "routes/site/sitemap": { path: "sitemap.xml", module: "empty" },
      },
    });
    const result = check(dir);
    expect(result.out).toMatch(/routes\/admin\/add-product .* 124\.\d\s+140 \(admin\)\s+ok/);
    expect(result.out).toContain("No page (no browser code; not budgeted): /sitemap.xml");
    expect(result.status).toBe(0);
  });

  it("fails when a budgeted route is missing from the build, or the manifests are", () => {
    const dir = fakeBuild(
      { framework: { kB: 1 }, entry: { kB: 1 }, root: { kB: 1 }, products: { kB: 1 } },
      { "routes/shop/listing": { path: "products", module: "products" } },
    );
    const missing = check(dir);
    expect(missing.status).toBe(1);
    expect(missing.err).toContain("the checkout budget names routes/shop/checkout, which the build does not have");

    fs.rmSync(path.join(dir, ".vite"), { recursive: true });
    const noManifest = check(dir);
    expect(noManifest.status).toBe(1);
    expect(noManifest.err).toContain("no Vite manifest");
  });
});
