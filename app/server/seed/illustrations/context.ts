// The drawing context a product drawer receives, and what it hands back.
import type { SeedProduct } from "../catalogue";
import { luminance } from "./color";
import { hashString, prng } from "./random";

export interface Ctx {
  name: string;
  brand: string;
  body: string;
  accent: string;
  view: 0 | 1 | 2;
  seed: number;
  brandVariant: number;
  rnd: () => number;
  /** true when the body colour is dark (so highlights must be added, not shadows) */
  dark: boolean;
  /** prefix for ids (so several drawings can share one SVG document) */
  p: string;
}

export interface Drawn {
  defs: string;
  art: string;
  /**
   * flat: lies on the desk; view 1 tilts it in perspective with an extruded side.
   * upright: stands on the desk; view 1 turns it slightly.
   * custom: the drawer already handles view 1 itself.
   */
  mode: "flat" | "upright" | "custom";
  /** Silhouette markup (no fill) used for the soft shadow and the extrusion of flat objects. */
  silhouette?: string;
  depth?: number;
  tilt?: { angle: number; scale: number; squash: number; dy?: number };
  /** Floor shadow for upright objects. */
  floor?: { cx: number; cy: number; rx: number; ry: number };
  focus: [number, number];
  zoom: number;
  sideColor?: string;
  /** Extra scale for views 0 and 1 (so small objects fill the frame). */
  fit?: number;
}

export function makeCtx(product: Pick<SeedProduct, "name" | "brand" | "colors">, view: 0 | 1 | 2, p = ""): Ctx {
  const seed = hashString(product.name);
  const [body, accent] = product.colors;
  return {
    name: product.name,
    brand: product.brand,
    body,
    accent,
    view,
    seed,
    brandVariant: hashString(product.brand) % 5,
    rnd: prng(seed),
    dark: luminance(body) < 0.45,
    p,
  };
}
