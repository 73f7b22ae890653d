// The layer rules: which folder may import which (docs/decisions/0009-layers.md). Imports run one way:
//
//   routes → components, hooks, client, utils → schemas
//   client → api → services → db
//   server (start-up, seed) → services, db
//
// and schemas and the base utils (env, money, site, safe redirects, countries, request bodies, the logger) sit below
// everything.
// Each zone below forbids a `target` folder to import from the `from` folders.

const BASE_UTILS = [
  "env.server.ts",
  "money.ts",
  "site.ts",
  "safe-redirect.ts",
  "countries.server.ts",
  "request-body.server.ts",
  "request-context.server.ts",
  "log.server.ts",
];
const UI_UTILS = [
  "session.server.ts",
  "toast.server.ts",
  "guards.server.ts",
  "actions.server.ts",
  "products.server.ts",
];
const UI = ["./app/routes", "./app/components", "./app/hooks", "./app/root.tsx"];
const COMPONENT_FOLDERS = ["admin", "checkout", "layout", "listing", "shop", "ui"];

const zone = (target, from, message, except) => ({ target, from, message, ...(except ? { except } : {}) });

/** Every UI util file: not for the layers below the pages. */
const uiUtils = UI_UTILS.map((file) => `./app/utils/${file}`);

/** A component folder may use ui/ and the folders listed; not the others (shop never reaches into admin). */
function componentZone(folder, mayUse) {
  const others = COMPONENT_FOLDERS.filter((f) => f !== folder && f !== "ui" && !mayUse.includes(f));
  return zone(
    `./app/components/${folder}`,
    others.map((f) => `./app/components/${f}`),
    `components/${folder} may use components/ui${mayUse.length ? ` and ${mayUse.join(", ")}` : ""} only.`,
  );
}

/** A layer below the pages may use the base utils only. */
const baseUtilsOnly = (target) =>
  zone(
    target,
    "./app/utils",
    "below the pages only the base utils (env, money, site, safe-redirect, countries, request-body, request-context, log) may be used.",
    BASE_UTILS.map((file) => `./${file}`),
  );

const zones = [
  zone(
    "./app/schemas",
    ["./app/api", "./app/client", "./app/services", "./app/db", "./app/server", "./app/utils", ...UI],
    "schemas are shared by every layer and import only other schemas.",
  ),
  zone(
    "./app/utils",
    ["./app/api", "./app/services", "./app/db", "./app/server", ...UI],
    "utils are helpers for routes (session, guards, actions) or base helpers for everyone.",
  ),
  zone(
    BASE_UTILS.map((file) => `./app/utils/${file}`),
    ["./app/client", ...uiUtils],
    "base utils (env, money, site, …) sit below everything: they import no UI helper and no client.",
  ),
  zone(
    "./app/db",
    ["./app/api", "./app/client", "./app/services", "./app/server", ...UI],
    "db is the bottom layer: schema, client and migrations only.",
  ),
  baseUtilsOnly("./app/db"),
  zone(
    "./app/services",
    ["./app/api", "./app/client", "./app/server", ...UI],
    "services are the domain: they never import the API, the client, the pages or the server's start-up.",
  ),
  baseUtilsOnly("./app/services"),
  zone(
    "./app/api",
    ["./app/client", "./app/server", "./app/db", ...UI],
    "the API serves HTTP and the client; it calls services (never the database, the pages or the client).",
  ),
  baseUtilsOnly("./app/api"),
  zone(
    "./app/client",
    [
      "./app/services",
      "./app/db",
      "./app/server",
      "./app/utils/guards.server.ts",
      "./app/utils/actions.server.ts",
      ...UI,
    ],
    "the client calls the API's routes (app/api); it never reaches past them into services or the database.",
  ),
  zone("./app/server", ["./app/api", "./app/client", ...UI], "the server's start-up composes services and db only."),
  baseUtilsOnly("./app/server"),
  zone(
    ["./app/components", "./app/hooks"],
    ["./app/api", "./app/client", "./app/services", "./app/db", "./app/server", "./app/routes"],
    "components and hooks render what loaders give them: no server code, no route modules.",
  ),
  zone(
    ["./app/components", "./app/hooks"],
    "./app/utils",
    "components and hooks may use the browser-safe utils only (money, site, safe-redirect).",
    ["./money.ts", "./site.ts", "./safe-redirect.ts"],
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
    files: ["app/routes/api.v1.$.ts"],
    rules: { "import-x/no-restricted-paths": ["error", { zones: zones.filter((z) => z.target !== "./app/routes") }] },
  },
];
