#!/usr/bin/env node
// The JavaScript budget of every page (decision 0026): how many gzipped bytes of JavaScript a first visit to each route
// downloads, from the production build's manifests, against a budget per route. Prints a table; exits 1 when a route
// is over its budget (or the build's manifests cannot be read). Run after `npm run build`:
//
//   node scripts/check-js-budget.mjs [build directory]   (default: BUILD_DIR, or build/)
//
// What a first visit downloads, as Remix's <Scripts> asks for it: the client entry (app/entry.client.tsx), then for
// root and each route that matches the URL (its parents up to root) the route's module, and every chunk these import
// statically, transitively, each counted once. Dynamic imports (`import()`) are not in the budget: they load later,
// when used (the image zoom, a form's schemas); the table shows them apart ("on use"). The route manifest itself is
// not a download: with lazy route discovery (v3_lazyRouteDiscovery) Remix writes the matched routes' part of it into
// the page. CSS, images and third-party scripts (Stripe's) are not counted.
//
// Sizes are each file gzipped by node:zlib at its default level (6), summed per route, in kB of 1000 bytes as Vite's
// build output prints them. A server that compresses with Brotli or another level sends a little more or less; the
// budget is about what the app ships, and one fixed measure keeps the table comparable from build to build.
//
// The inputs: the Vite manifest, which Remix moves out of the public folder to build/.vite/client-manifest.json when
// vite.config.ts sets build.manifest (build/client/.vite/manifest.json when Vite alone builds), for the chunks and
// their imports; and Remix's route manifest (build/client/assets/manifest-<hash>.js), for the routes, their parents
// and their modules. The set computed here must hold every file Remix would modulepreload for the route: a mismatch
// fails the check too, so a change in how Remix loads pages cannot make the numbers quietly wrong.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

/** kB as Vite prints them. */
export const KB = 1000;

/** The listing: the first page most visitors see, on a phone as often as not. */
const LISTING_ROUTES = ["routes/shop/listing", "routes/shop/listing-by-name", "routes/shop/listing-by-category"];

/**
 * Budgets in kB of gzipped JavaScript, the first rule that matches a route id wins. `routes` names route ids that must
 * exist in the build (so a renamed route cannot slip into a looser budget unnoticed); `match` takes the rest.
 *
 * - The listing (/products, a category's, a search's): 100 kB.
 * - The checkout: 125 kB (the card form: conform and Stripe's React bindings, over the framework).
 * - The admin's pages: 140 kB. They are used by a few signed-in staff, on desktop connections, over and over (so from
 *   the cache), and carry the heaviest forms (product editor, image picker). They get more room than a shopper's page,
 *   not unlimited room: the budget is a tripwire for an editor, chart or date library pulled in by accident, not a
 *   target. The heaviest, the product editor, measured 125 kB (decision 0026); 140 kB leaves room for a form or two
 *   more.
 * - Account settings: 106 kB. Four conform forms (name, e-mail, password, deleting the account) with their lazy
 *   validation, and the review e-mails' box (decision 0026 addendum of session 16).
 * - Every other page a shopper or visitor sees (home, details, cart, account, sign-in, 404…): 105 kB.
 */
export const BUDGETS = [
  { name: "listing", kB: 102, routes: LISTING_ROUTES },
  { name: "checkout", kB: 125, routes: ["routes/shop/checkout"] },
  { name: "settings", kB: 106, routes: ["routes/account/settings"] },
  {
    name: "admin",
    kB: 140,
    match: (id) => id.startsWith("routes/admin/"),
  },
  { name: "page", kB: 105, match: () => true },
];

/** The budget rule of a route id. */
export function budgetFor(routeId, budgets = BUDGETS) {
  return budgets.find((budget) => budget.routes?.includes(routeId) || budget.match?.(routeId));
}

/** The Vite manifest of a Remix build: where Remix moves it, or where Vite writes it. */
export function findViteManifest(buildDir) {
  const candidates = [
    path.join(buildDir, ".vite", "client-manifest.json"),
    path.join(buildDir, "client", ".vite", "manifest.json"),
  ];
  const found = candidates.find((file) => fs.existsSync(file));
  if (!found) {
    throw new Error(
      `no Vite manifest in ${buildDir} (looked for ${candidates.map((file) => path.relative(buildDir, file)).join(", ")}): ` +
        "build with build.manifest set in vite.config.ts",
    );
  }
  return found;
}

/** Remix's route manifest: `window.__remixManifest={…};` in build/client/assets/manifest-<hash>.js. */
export function readRemixManifest(buildDir) {
  const assets = path.join(buildDir, "client", "assets");
  const files = fs.existsSync(assets) ? fs.readdirSync(assets).filter((name) => /^manifest-\w+\.js$/.test(name)) : [];
  if (files.length !== 1) {
    throw new Error(`expected one Remix route manifest (manifest-<hash>.js) in ${assets}, found ${files.length}`);
  }
  return parseRemixManifest(fs.readFileSync(path.join(assets, files[0]), "utf8"));
}

export function parseRemixManifest(text) {
  const match = /^\s*window\.__remixManifest\s*=\s*([\s\S]*?);?\s*$/.exec(text);
  if (!match) throw new Error("the Remix route manifest is not `window.__remixManifest={…};`");
  return JSON.parse(match[1]);
}

/** "/assets/x.js" (Remix's URLs) → "assets/x.js" (the Vite manifest's file names, relative to build/client). */
const fileOfUrl = (url) => url.replace(/^\/+/, "");

/**
 * Every route's first-visit JavaScript. `readSize(file)` gives `{ raw, gzip, empty }` of a file relative to
 * build/client. Returns one row per route; a route whose module is empty has no component (a resource route, or a
 * loader that only redirects): `page: false`, no budget. `later` is what the route's dynamic imports would add.
 */
export function measureRoutes({ viteManifest, remixManifest, readSize }) {
  const byFile = new Map(Object.values(viteManifest).map((chunk) => [chunk.file, chunk]));
  const chunkOf = (file) => {
    const chunk = byFile.get(file);
    if (!chunk) throw new Error(`${file} is in Remix's route manifest but not in the Vite manifest`);
    return chunk;
  };
  /** A file and what it imports statically, transitively, into `into`. */
  const collect = (file, into) => {
    if (into.has(file)) return;
    into.add(file);
    for (const key of chunkOf(file).imports ?? []) {
      const imported = viteManifest[key];
      if (!imported) throw new Error(`${file} imports ${key}, which the Vite manifest lacks`);
      collect(imported.file, into);
    }
  };
  const sizes = new Map();
  const sizeOf = (file) => {
    if (!sizes.has(file)) sizes.set(file, readSize(file));
    return sizes.get(file);
  };

  const routes = remixManifest.routes;
  const rows = [];
  for (const [id, route] of Object.entries(routes)) {
    if (route.parentId === undefined) continue; // root: part of every page
    const chain = [];
    for (let at = route; at; at = at.parentId === undefined ? undefined : routes[at.parentId]) chain.unshift(at);
    if (chain[0].parentId !== undefined) throw new Error(`route ${id}: its parents do not lead to root`);
    const page = !sizeOf(fileOfUrl(route.module)).empty;
    const files = new Set();
    collect(fileOfUrl(remixManifest.entry.module), files);
    for (const at of chain) collect(fileOfUrl(at.module), files);
    // what Remix modulepreloads for this URL must be among what is counted here
    const preloads = [
      remixManifest.entry.module,
      ...remixManifest.entry.imports,
      ...chain.flatMap((at) => [at.module, ...(at.imports ?? [])]),
    ];
    const missing = preloads.map(fileOfUrl).filter((file) => !files.has(file));
    if (missing.length > 0) throw new Error(`route ${id}: Remix preloads ${missing.join(", ")}, which the count lacks`);
    let gzip = 0;
    let raw = 0;
    for (const file of files) {
      const size = sizeOf(file);
      gzip += size.gzip;
      raw += size.raw;
    }
    // what the page may fetch later: its dynamic imports and their static imports, less what it has
    const later = new Set();
    const dynamic = [...files].flatMap((file) => chunkOf(file).dynamicImports ?? []);
    for (const key of dynamic) {
      const imported = viteManifest[key];
      if (!imported) throw new Error(`a dynamic import names ${key}, which the Vite manifest lacks`);
      collect(imported.file, later);
    }
    let laterGzip = 0;
    for (const file of later) if (!files.has(file)) laterGzip += sizeOf(file).gzip;
    rows.push({ id, path: routePath(route, routes), page, files: [...files], gzip, raw, laterGzip });
  }
  return rows;
}

/** A route's URL pattern, from its own path and its parents'. */
function routePath(route, routes) {
  const parts = [];
  for (let at = route; at; at = at.parentId === undefined ? undefined : routes[at.parentId]) {
    if (at.path) parts.unshift(at.path);
  }
  return `/${parts.join("/")}`;
}

/** The rows with their budgets and verdicts, and the problems that fail the check. */
export function checkBudgets(rows, budgets = BUDGETS) {
  const problems = [];
  const ids = new Set(rows.map((row) => row.id));
  for (const budget of budgets) {
    for (const id of budget.routes ?? []) {
      if (!ids.has(id)) problems.push(`the ${budget.name} budget names ${id}, which the build does not have`);
    }
  }
  const checked = rows.map((row) => {
    if (!row.page) return { ...row, budget: null, over: false };
    const budget = budgetFor(row.id, budgets);
    const over = row.gzip > budget.kB * KB;
    if (over) {
      problems.push(
        `${row.id} (${row.path}) loads ${formatKb(row.gzip)} kB of gzipped JavaScript, over its ${budget.name} budget of ${budget.kB} kB`,
      );
    }
    return { ...row, budget, over };
  });
  return { rows: checked, problems };
}

export const formatKb = (bytes) => (bytes / KB).toFixed(1);

/** The table, one line per route, heaviest first; resource routes after, in one line. */
export function formatTable(rows) {
  const pages = rows.filter((row) => row.page).sort((a, b) => b.gzip - a.gzip || a.path.localeCompare(b.path));
  const header = ["route", "path", "files", "raw kB", "gzip kB", "budget kB", "", "on use kB"];
  const lines = pages.map((row) => [
    row.id,
    row.path,
    String(row.files.length),
    formatKb(row.raw),
    formatKb(row.gzip),
    `${row.budget.kB} (${row.budget.name})`,
    row.over ? "OVER" : "ok",
    row.laterGzip > 0 ? `+${formatKb(row.laterGzip)}` : "",
  ]);
  const widths = header.map((title, column) => Math.max(title.length, ...lines.map((line) => line[column].length)));
  const numeric = new Set([2, 3, 4, 7]);
  const format = (line) =>
    line
      .map((cell, column) => (numeric.has(column) ? cell.padStart(widths[column]) : cell.padEnd(widths[column])))
      .join("  ")
      .trimEnd();
  const out = [format(header), format(widths.map((width) => "-".repeat(width))), ...lines.map(format)];
  const resources = rows.filter((row) => !row.page).map((row) => row.path);
  if (resources.length > 0) out.push("", `No page (no browser code; not budgeted): ${resources.sort().join(", ")}`);
  return out.join("\n");
}

/** Sizes of build/client files: raw bytes and gzip at zlib's default level; `empty` when only white space. */
export function fileSizer(clientDir) {
  return (file) => {
    const bytes = fs.readFileSync(path.join(clientDir, file));
    return { raw: bytes.length, gzip: gzipSync(bytes).length, empty: bytes.toString("utf8").trim() === "" };
  };
}

/** The whole check over a build directory: { rows, problems }. */
export function checkBuild(buildDir) {
  const viteManifest = JSON.parse(fs.readFileSync(findViteManifest(buildDir), "utf8"));
  const remixManifest = readRemixManifest(buildDir);
  const rows = measureRoutes({ viteManifest, remixManifest, readSize: fileSizer(path.join(buildDir, "client")) });
  return checkBudgets(rows);
}

function main() {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
  const buildDir = path.resolve(root, process.argv[2] ?? (process.env.BUILD_DIR || "build"));
  let result;
  try {
    result = checkBuild(buildDir);
  } catch (error) {
    console.error(`[js-budget] ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
  console.log(
    `JavaScript a first visit downloads, per route (${path.relative(root, buildDir) || "."}; gzip -6 by node:zlib, kB = 1000 bytes;\n` +
      `"on use": fetched later by a dynamic import, not in the budget)\n`,
  );
  console.log(formatTable(result.rows));
  if (result.problems.length > 0) {
    console.error(`\n[js-budget] ${result.problems.length} problem(s):`);
    for (const problem of result.problems) console.error(`  - ${problem}`);
    process.exit(1);
  }
  console.log("\n[js-budget] every page is within its budget");
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
