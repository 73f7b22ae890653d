// What the hero banners share: their size, a product drawing placed in a banner, and bokeh.
import type { SeedProduct } from "../../catalogue";
import { prng } from "../random";
import { n, circle } from "../svg";
import { makeCtx } from "../context";
import { DRAWERS, composeObject } from "../product";

export const W = 1600;
export const H = 640;

/** Place a product drawing (drawn in a 1200 box) into a hero with the given transform, flat-tilted or not. */
export function heroObject(
  kind: SeedProduct["kind"],
  name: string,
  colors: [string, string],
  transform: string,
  prefix: string,
  opts: { tiltFlat?: boolean; glow?: boolean } = {},
): { defs: string; svg: string } {
  const c = makeCtx({ name, brand: "Hero", colors }, opts.tiltFlat ? 1 : 0, prefix);
  const d = DRAWERS[kind](c);
  const obj = composeObject(c, d);
  return { defs: obj.defs, svg: `<g transform="${transform}">${obj.svg}</g>` };
}

export function bokeh(seed: number, count: number, colors: string[], area: [number, number, number, number]): string {
  const r = prng(seed);
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    const x = area[0] + r() * area[2];
    const y = area[1] + r() * area[3];
    const rr = 6 + r() * 38;
    const col = colors[Math.floor(r() * colors.length)]!;
    out.push(circle(x, y, rr, `fill="${col}" fill-opacity="${n(0.06 + r() * 0.18)}"`));
  }
  return out.join("");
}
