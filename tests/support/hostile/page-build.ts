import path from "node:path";
import type { RouteConfigEntry } from "@remix-run/route-config";
import type { ServerBuild } from "@remix-run/node";
import { REMIX_FUTURE } from "../../../remix-future";

/**
 * The shop's Remix server build, put together from the same modules the Vite plugin's build imports: app/routes.ts
 * (the route tree), every route module, app/root.tsx and app/entry.server.tsx, loaded through the test runner's own
 * module graph. Vitest transforms each module once per run and shares that with every test file and both database
 * legs, where a Vite dev server per file compiled the whole shop again (about 7 s of CPU each, four files × two legs).
 *
 * What the build would add and the pages under test do not need is left out: the browser's asset manifest names
 * each route's module by its id (no file is served: these tests read the server's answers, never run its scripts).
 * The route modules are the sources as they are: the Remix plugin changes nothing in a route for the server.
 */
const APP = path.resolve(import.meta.dirname, "../../../app");

type RouteModule = ServerBuild["routes"][string]["module"];
const routeModules = import.meta.glob<RouteModule>(["../../../app/routes/**/*.{ts,tsx}"]);

interface FlatRoute {
  id: string;
  parentId: string;
  path?: string;
  index?: boolean;
  caseSensitive?: boolean;
  file: string;
}

function flatten(entries: RouteConfigEntry[], parentId: string, into: FlatRoute[] = []): FlatRoute[] {
  for (const entry of entries) {
    // Remix's default id: the file's path in app/ without its extension
    const id = entry.id ?? entry.file.replace(/\.[jt]sx?$/, "");
    into.push({
      id,
      parentId,
      path: entry.path,
      index: entry.index,
      caseSensitive: entry.caseSensitive,
      file: entry.file,
    });
    if (entry.children) flatten(entry.children, id, into);
  }
  return into;
}

let made: Promise<ServerBuild> | undefined;

/** The build, made once per test file (its modules are the file's own, as the shop's other modules are). */
export function pageBuild(): Promise<ServerBuild> {
  made ??= make();
  return made;
}

async function make(): Promise<ServerBuild> {
  // app/routes.ts's helpers ask where the app is, as the Remix plugin tells them
  (globalThis as { __remixAppDirectory?: string }).__remixAppDirectory = APP;
  const config = (await import("~/routes")).default as RouteConfigEntry[];
  const flat = flatten(config, "root");
  const [entryServer, root, ...modules] = await Promise.all([
    import("~/entry.server"),
    import("~/root"),
    ...flat.map((route) => {
      const load = routeModules[`../../../app/${route.file}`];
      if (!load) throw new Error(`pageBuild: no module app/${route.file} for route ${route.id}`);
      return load();
    }),
  ]);
  const routes: ServerBuild["routes"] = {
    root: { id: "root", path: "", module: root as unknown as RouteModule },
  };
  flat.forEach((route, i) => {
    routes[route.id] = {
      id: route.id,
      parentId: route.parentId,
      path: route.path,
      index: route.index,
      caseSensitive: route.caseSensitive,
      module: modules[i]!,
    };
  });
  const manifestRoutes = Object.fromEntries(
    Object.values(routes).map((route) => [
      route.id,
      {
        id: route.id,
        parentId: route.parentId,
        path: route.path,
        index: route.index,
        caseSensitive: route.caseSensitive,
        module: `/assets/${route.id}.js`,
        imports: [],
        css: [],
        hasAction: typeof route.module.action === "function",
        hasLoader: typeof route.module.loader === "function",
        hasClientAction: false,
        hasClientLoader: false,
        hasErrorBoundary: typeof route.module.ErrorBoundary === "function",
      },
    ]),
  );
  return {
    mode: "production",
    entry: { module: entryServer as unknown as ServerBuild["entry"]["module"] },
    routes,
    assets: {
      entry: { module: "/assets/entry.client.js", imports: [] },
      routes: manifestRoutes,
      url: "/assets/manifest.js",
      version: "tests",
    } as unknown as ServerBuild["assets"],
    basename: undefined,
    publicPath: "/",
    assetsBuildDirectory: "build/client",
    future: REMIX_FUTURE as unknown as ServerBuild["future"],
    isSpaMode: false,
  };
}
