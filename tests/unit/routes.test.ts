import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const routesDir = path.resolve(import.meta.dirname, "../../app/routes");
const routeFiles = fs
  .readdirSync(routesDir, { recursive: true, encoding: "utf8" })
  .filter((file) => /\.tsx?$/.test(file));
/** UI routes render a page (a default export); resource routes answer data and have no page to show an error in. */
const uiRoutes = routeFiles.filter((file) =>
  /^export default /m.test(fs.readFileSync(path.join(routesDir, file), "utf8")),
);

describe("route modules", () => {
  it("are found", () => {
    expect(uiRoutes.length).toBeGreaterThan(10);
  });

  it.each(uiRoutes)("%s has an error boundary", (file) => {
    expect(fs.readFileSync(path.join(routesDir, file), "utf8")).toMatch(/^export function ErrorBoundary\(/m);
  });

  it("root has one too", () => {
    const root = fs.readFileSync(path.resolve(routesDir, "../root.tsx"), "utf8");
    expect(root).toMatch(/^export function ErrorBoundary\(/m);
  });
});
