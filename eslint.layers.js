// The layer rules: which folder may import which (docs/decisions/0009-layers.md). A layer is a folder; imports run
// one way:
//
//   routes, root.tsx → components, hooks → schemas, lib (browser-safe files only)
//   routes → web → client → api → services → db → lib → schemas
//   server (start-up, seed) → services, db
//
// lib holds the base helpers every layer may use (env, money, site, safe redirects, countries, request bodies, the
// request context, the logger); web holds the pages' server helpers (guards, actions, honeypot); client holds the
// pages' side of the API (the typed client, sign-in, the session cookie).
// Each zone below forbids a `target` folder to import from the `from` folders.

const UI = ["./app/routes", "./app/components", "./app/hooks", "./app/root.tsx"];
const COMPONENT_FOLDERS = ["admin", "checkout", "layout", "listing", "shop", "ui"];

const zone = (target, from, message) => ({ target, from, message });

/** A component folder may use ui/ and the folders listed; not the others (shop never reaches into admin). */
function componentZone(folder, mayUse) {
  const others = COMPONENT_FOLDERS.filter((f) => f !== folder && f !== "ui" && !mayUse.includes(f));
  return zone(
    `./app/components/${folder}`,
    others.map((f) => `./app/components/${f}`),
    `components/${folder} may use components/ui${mayUse.length ? ` and ${mayUse.join(", ")}` : ""} only.`,
  );
}

const zones = [
  zone(
    "./app/schemas",
    ["./app/lib", "./app/web", "./app/api", "./app/client", "./app/services", "./app/db", "./app/server", ...UI],
    "schemas are shared by every layer and import only other schemas.",
  ),
  zone(
    "./app/lib",
    ["./app/web", "./app/api", "./app/client", "./app/services", "./app/db", "./app/server", ...UI],
    "lib holds the base helpers below everything: it imports only lib and schemas.",
  ),
  zone(
    "./app/db",
    ["./app/web", "./app/api", "./app/client", "./app/services", "./app/server", ...UI],
    "db is the bottom layer: schema, client and migrations only.",
  ),
  zone(
    "./app/services",
    ["./app/web", "./app/api", "./app/client", "./app/server", ...UI],
    "services are the domain: they never import the API, the client, the pages or the server's start-up.",
  ),
  zone(
    "./app/api",
    ["./app/web", "./app/client", "./app/server", "./app/db", ...UI],
    "the API serves HTTP and the client; it calls services (never the database, the pages or the client).",
  ),
  zone(
    "./app/client",
    ["./app/web", "./app/services", "./app/db", "./app/server", ...UI],
    "the client calls the API's routes (app/api); it never reaches past them into services or the database.",
  ),
  zone(
    "./app/web",
    ["./app/api", "./app/services", "./app/db", "./app/server", ...UI],
    "web holds the pages' server helpers: they use the client (app/client), never the API's internals or services.",
  ),
  zone(
    "./app/server",
    ["./app/web", "./app/api", "./app/client", ...UI],
    "the server's start-up composes services and db only.",
  ),
  zone(
    ["./app/components", "./app/hooks"],
    ["./app/web", "./app/api", "./app/client", "./app/services", "./app/db", "./app/server", "./app/routes"],
    "components and hooks render what loaders give them: no server code, no route modules.",
  ),
  zone(
    ["./app/components", "./app/hooks"],
    "./app/lib/*.server.ts",
    "components and hooks may use the browser-safe files of lib only (money, site, safe-redirect).",
  ),
  zone(
    "./app/routes",
    ["./app/services", "./app/db", "./app/server", "./app/api"],
    "routes go through the client (app/client), never straight to the API's internals, services or the database.",
  ),
  componentZone("ui", []),
  componentZone("shop", []),
  componentZone("listing", ["shop"]),
  componentZone("checkout", ["shop"]),
  componentZone("admin", ["shop"]),
  componentZone("layout", ["shop"]),
];

/** @type {import("eslint").Linter.Config[]} */
export const layerRules = [
  {
    files: ["app/**/*.{ts,tsx}"],
    rules: { "import-x/no-restricted-paths": ["error", { zones }] },
  },
  {
    // a route's handler runs only through the API's pipeline (access rule, validation): never called directly
    files: ["app/**/*.{ts,tsx}"],
    ignores: ["app/api/**"],
    rules: {
      "no-restricted-properties": [
        "error",
        {
          property: "handle",
          message: "Call an API route with callApi/auth.api: `handle` skips its access rule and validation.",
        },
      ],
    },
  },
  {
    // the one route that hands HTTP requests to the API
    files: ["app/routes/site/api.ts"],
    rules: { "import-x/no-restricted-paths": ["error", { zones: zones.filter((z) => z.target !== "./app/routes") }] },
  },
];
