// A product's picture: its drawer's art on a background, placed and shadowed for the view.
import type { SeedProduct } from "../catalogue";
import { mix, lighten, darken, luminance } from "./color";
import { n, lin, rad, radU, ellipse } from "./svg";
import { type Ctx, type Drawn, makeCtx } from "./context";
import { drawMouse } from "./kinds/mouse";
import { drawKeyboard } from "./kinds/keyboard";
import { drawHeadset } from "./kinds/headset";
import { drawController } from "./kinds/controller";
import { drawMousepad } from "./kinds/mousepad";
import { drawChair } from "./kinds/chair";
import { drawMonitor } from "./kinds/monitor";
import { drawMicrophone } from "./kinds/microphone";
import { drawWebcam } from "./kinds/webcam";
import { drawStreamdeck } from "./kinds/streamdeck";
import { drawCapturecard } from "./kinds/capturecard";
import { drawSpeaker } from "./kinds/speaker";

export const DRAWERS: Record<SeedProduct["kind"], (c: Ctx) => Drawn> = {
  mouse: drawMouse,
  keyboard: drawKeyboard,
  headset: drawHeadset,
  controller: drawController,
  mousepad: drawMousepad,
  chair: drawChair,
  monitor: drawMonitor,
  microphone: drawMicrophone,
  webcam: drawWebcam,
  streamdeck: drawStreamdeck,
  capturecard: drawCapturecard,
  speaker: drawSpeaker,
};

function background(c: Ctx): { defs: string; svg: string } {
  const { accent, body } = c;
  if (c.view === 0) {
    // studio sweep: bright wall fading into a slightly tinted floor
    return {
      defs: lin("bg", [
        [0, "#fcfdfe"],
        [0.45, mix(accent, "#f4f5f8", 0.95)],
        [0.8, mix(accent, "#e3e7ed", 0.9)],
        [1, mix(accent, "#d3d8e0", 0.86)],
      ]),
      svg: `<rect width="1200" height="1200" fill="url(#bg)"/>`,
    };
  }
  if (c.view === 1) {
    return {
      defs:
        lin("bg", [
          [0, "#0c0e13"],
          [0.45, mix(accent, "#1a1e27", 0.84)],
          [1, "#07080b"],
        ]) +
        radU(
          "bgh",
          [
            [0, accent, 0.42],
            [0.45, accent, 0.14],
            [1, accent, 0],
          ],
          600,
          560,
          520,
        ),
      svg: `<rect width="1200" height="1200" fill="url(#bg)"/><circle cx="600" cy="560" r="520" fill="url(#bgh)"/>`,
    };
  }
  const tint = luminance(body) > 0.75 ? mix(accent, "#7d8594", 0.55) : accent;
  return {
    defs:
      lin(
        "bg",
        [
          [0, mix(tint, "#ffffff", 0.8)],
          [1, mix(tint, "#b8bfcc", 0.62)],
        ],
        0,
        0,
        1,
        1,
      ) +
      lin(
        "bgh",
        [
          [0, "#ffffff", 0.55],
          [0.5, "#ffffff", 0],
        ],
        0,
        0,
        1,
        1,
      ),
    svg: `<rect width="1200" height="1200" fill="url(#bg)"/><rect width="1200" height="1200" fill="url(#bgh)"/>`,
  };
}

/** A soft shadow without filters: the silhouette filled faintly plus a few wide translucent strokes. */
function softShadow(sil: string, opacity: number, spread = 1): string {
  const widths = [60, 44, 30, 18, 8].map((w) => n(w * spread));
  const strokes = widths.map((w) => `<g stroke-width="${w}">${sil}</g>`).join("");
  return (
    `<g fill="none" stroke="#000000" stroke-opacity="${n(opacity * 0.2 * 1000) / 1000}" stroke-linejoin="round">${strokes}</g>` +
    `<g fill="#000000" fill-opacity="${n(opacity * 0.5 * 1000) / 1000}">${sil}</g>`
  );
}

export function composeObject(c: Ctx, d: Drawn): { defs: string; svg: string } {
  const p = c.p;
  const out: string[] = [];
  const defs: string[] = [
    d.defs,
    rad(`${p}floor`, [
      [0, "#000000", c.view === 1 ? 0.6 : 0.38],
      [0.55, "#000000", c.view === 1 ? 0.3 : 0.16],
      [1, "#000000", 0],
    ]),
  ];
  const fit = d.fit ?? 1;
  let T = fit === 1 ? "" : `translate(600 600) scale(${fit}) translate(-600 -600)`;
  if (c.view === 1 && d.mode === "flat") {
    const t = d.tilt ?? { angle: -20, scale: 1, squash: 0.7 };
    T = `translate(600 ${600 + (t.dy ?? 0)}) scale(${t.scale} ${n(t.scale * t.squash * 1000) / 1000}) rotate(${t.angle}) translate(-600 -600)`;
  } else if (c.view === 1 && d.mode === "upright") {
    T = `translate(600 600) skewY(-6) scale(${n(0.9 * fit * 1000) / 1000} ${fit}) translate(-600 -600)`;
  } else if (c.view === 2) {
    T = `translate(600 600) scale(${d.zoom}) translate(${n(-d.focus[0])} ${n(-d.focus[1])})`;
  }
  const g = (inner: string, t = T) => (t ? `<g transform="${t}">${inner}</g>` : inner);

  if (d.mode === "flat" || d.mode === "custom") {
    const sil = d.silhouette ?? "";
    if (c.view === 1 && d.mode === "flat") {
      const depth = d.depth ?? 30;
      out.push(`<g transform="translate(0 ${depth + 14})">${softShadow(g(sil), 0.5, 0.8)}</g>`);
      const side = d.sideColor ?? darken(c.body, c.dark ? 0.35 : 0.3);
      for (const f of [1, 0.75, 0.5, 0.25])
        out.push(`<g transform="translate(0 ${n(depth * f)})" fill="${side}">${g(sil)}</g>`);
      out.push(`<g transform="translate(0 2)" fill="${lighten(side, 0.15)}">${g(sil)}</g>`);
    } else if (d.mode === "custom") {
      out.push(g(`<g transform="translate(6 22)">${softShadow(sil, 0.3)}</g>`));
    } else {
      out.push(g(`<g transform="translate(10 22)">${softShadow(sil, c.view === 0 ? 0.3 : 0.34)}</g>`));
    }
  } else if (d.floor) {
    const f = d.floor;
    out.push(g(ellipse(f.cx, f.cy, f.rx, f.ry, `fill="url(#${p}floor)"`)));
  }
  out.push(g(d.art));
  return { defs: defs.join(""), svg: out.join("") };
}

/** A 1200x1200 SVG illustration of the product; view 0 = hero on light, 1 = angled on dark, 2 = close-up. */
export function renderProductSvg(product: SeedProduct, view: 0 | 1 | 2): string {
  const c = makeCtx(product, view);
  const d = DRAWERS[product.kind](c);
  const bg = background(c);
  const obj = composeObject(c, d);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="1200" viewBox="0 0 1200 1200">` +
    `<defs>${bg.defs}${obj.defs}</defs>` +
    bg.svg +
    obj.svg +
    `</svg>`
  );
}
