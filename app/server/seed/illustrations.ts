/**
 * Deterministic SVG product illustrations and hero banners for the demo catalogue.
 *
 * Everything is drawn with plain SVG shapes, gradients, clip paths and (sparingly) feGaussianBlur,
 * which librsvg (sharp) renders correctly. No text, no randomness: any variation is derived from a
 * hash of the product name (or brand), so the same catalogue always renders the same pixels.
 */
import type { SeedProduct } from "./catalogue";

// ----------------------------------------------------------------------------- colour helpers

type RGB = [number, number, number];

function hexToRgb(hex: string): RGB {
  let h = hex.replace("#", "");
  if (h.length === 3)
    h = h
      .split("")
      .map((ch) => ch + ch)
      .join("");
  const n = parseInt(h, 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function rgbToHex([r, g, b]: RGB): string {
  return (
    "#" +
    [r, g, b]
      .map((v) =>
        Math.max(0, Math.min(255, Math.round(v)))
          .toString(16)
          .padStart(2, "0"),
      )
      .join("")
  );
}

function mix(a: string, b: string, t: number): string {
  const x = hexToRgb(a);
  const y = hexToRgb(b);
  return rgbToHex([x[0] + (y[0] - x[0]) * t, x[1] + (y[1] - x[1]) * t, x[2] + (y[2] - x[2]) * t]);
}

const lighten = (c: string, t: number) => mix(c, "#ffffff", t);
const darken = (c: string, t: number) => mix(c, "#000000", t);

function luminance(c: string): number {
  const [r, g, b] = hexToRgb(c);
  return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
}

function hsl(h: number, s: number, l: number): string {
  h = ((h % 360) + 360) % 360;
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => {
    const k = (n + h / 30) % 12;
    return l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1));
  };
  return rgbToHex([f(0) * 255, f(8) * 255, f(4) * 255]);
}

function hueOf(c: string): number {
  const [r, g, b] = hexToRgb(c).map((v) => v / 255) as RGB;
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  if (max === min) return 220;
  const d = max - min;
  let h: number;
  if (max === r) h = ((g - b) / d) % 6;
  else if (max === g) h = (b - r) / d + 2;
  else h = (r - g) / d + 4;
  return (h * 60 + 360) % 360;
}

// ----------------------------------------------------------------------------- determinism helpers

function hashString(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Round for compact SVG output. */
const n = (v: number) => Math.round(v * 10) / 10;

// ----------------------------------------------------------------------------- SVG helpers

type Stop = [offset: number, color: string, opacity?: number];

function stops(list: Stop[]): string {
  return list
    .map(([o, c, op]) => `<stop offset="${o}" stop-color="${c}"${op === undefined ? "" : ` stop-opacity="${op}"`}/>`)
    .join("");
}

function lin(id: string, list: Stop[], x1 = 0, y1 = 0, x2 = 0, y2 = 1, user = false): string {
  const units = user ? ` gradientUnits="userSpaceOnUse"` : "";
  return `<linearGradient id="${id}" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}"${units}>${stops(list)}</linearGradient>`;
}

function rad(id: string, list: Stop[], cx = 0.5, cy = 0.5, r = 0.5, fx?: number, fy?: number): string {
  const f = fx === undefined ? "" : ` fx="${fx}" fy="${fy}"`;
  return `<radialGradient id="${id}" cx="${cx}" cy="${cy}" r="${r}"${f}>${stops(list)}</radialGradient>`;
}

/** A radial gradient in user space (absolute coordinates). */
function radU(id: string, list: Stop[], cx: number, cy: number, r: number): string {
  return `<radialGradient id="${id}" cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}" gradientUnits="userSpaceOnUse">${stops(list)}</radialGradient>`;
}

function rect(x: number, y: number, w: number, h: number, rx: number, attrs: string): string {
  return `<rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}" rx="${n(rx)}" ${attrs}/>`;
}

function circle(cx: number, cy: number, r: number, attrs: string): string {
  return `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}" ${attrs}/>`;
}

function ellipse(cx: number, cy: number, rx: number, ry: number, attrs: string): string {
  return `<ellipse cx="${n(cx)}" cy="${n(cy)}" rx="${n(rx)}" ry="${n(ry)}" ${attrs}/>`;
}

/** A brand emblem (no text): one of a few abstract marks chosen from the brand name. */
function emblem(cx: number, cy: number, size: number, fill: string, variant: number): string {
  const s = size / 100;
  const t = `transform="translate(${n(cx)} ${n(cy)}) scale(${n(s * 100) / 100})"`;
  switch (variant % 5) {
    case 0: // chevron
      return `<path ${t} d="M -50 -30 L 0 20 L 50 -30 L 50 5 L 0 55 L -50 5 Z" fill="${fill}"/>`;
    case 1: // hexagon ring
      return `<path ${t} fill-rule="evenodd" d="M 0 -50 L 43 -25 L 43 25 L 0 50 L -43 25 L -43 -25 Z M 0 -26 L 23 -13 L 23 13 L 0 26 L -23 13 L -23 -13 Z" fill="${fill}"/>`;
    case 2: // three claw slashes
      return `<g ${t} fill="${fill}"><path d="M -46 40 L -20 -45 L -6 -45 L -32 40 Z"/><path d="M -13 40 L 13 -45 L 27 -45 L 1 40 Z"/><path d="M 20 40 L 46 -45 L 60 -45 L 34 40 Z"/></g>`;
    case 3: // diamond with notch
      return `<path ${t} fill-rule="evenodd" d="M 0 -52 L 52 0 L 0 52 L -52 0 Z M 0 -20 L 20 0 L 0 20 L -20 0 Z" fill="${fill}"/>`;
    default: // wing / delta
      return `<path ${t} d="M -55 35 L 0 -50 L 55 35 L 20 35 L 0 0 L -20 35 Z" fill="${fill}"/>`;
  }
}

// ----------------------------------------------------------------------------- drawing context

interface Ctx {
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

interface Drawn {
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

function makeCtx(product: Pick<SeedProduct, "name" | "brand" | "colors">, view: 0 | 1 | 2, p = ""): Ctx {
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

// ----------------------------------------------------------------------------- mouse

function drawMouse(c: Ctx): Drawn {
  const { body, accent, p } = c;
  const wireless = /wireless/i.test(c.name);
  const holes = /ultralight|air\b/i.test(c.name);
  const mmo = /mmo/i.test(c.name);
  const ergo = /ergo|harrier/i.test(c.name);
  const mini = /mini/i.test(c.name);
  // Egg-shaped top view, nose up. Ergonomic models get an asymmetric hump.
  const bodyPath = ergo
    ? "M 590 250 C 690 248 760 300 772 410 C 780 480 772 530 768 580 C 764 640 800 700 800 790 C 800 885 725 955 600 955 C 470 955 392 890 396 780 C 400 700 436 640 430 580 C 424 520 416 470 428 400 C 440 300 500 252 590 250 Z"
    : "M 600 250 C 690 250 752 300 765 400 C 775 470 770 520 762 570 C 755 620 790 700 792 780 C 795 880 720 950 600 950 C 480 950 405 880 408 780 C 410 700 445 620 438 570 C 430 520 425 470 435 400 C 448 300 510 250 600 250 Z";
  const edge = c.dark ? lighten(body, 0.25) : darken(body, 0.28);
  const seam = c.dark ? darken(body, 0.6) : darken(body, 0.35);
  const defs = [
    rad(
      `${p}mb`,
      [
        [0, lighten(body, c.dark ? 0.26 : 0.6)],
        [0.55, body],
        [1, darken(body, c.dark ? 0.35 : 0.22)],
      ],
      0.42,
      0.38,
      0.75,
    ),
    lin(
      `${p}mg`,
      [
        [0, "#ffffff", c.dark ? 0.28 : 0.7],
        [1, "#ffffff", 0],
      ],
      0,
      0,
      1,
      1,
    ),
    lin(
      `${p}mw`,
      [
        [0, "#1a1a1a"],
        [0.5, "#5c5f66"],
        [1, "#1a1a1a"],
      ],
      0,
      0,
      1,
      0,
    ),
    rad(`${p}ma`, [
      [0, accent, 0.75],
      [1, accent, 0],
    ]),
    `<clipPath id="${p}mc"><path d="${bodyPath}"/></clipPath>`,
  ];
  const a: string[] = [];
  if (!wireless) {
    a.push(
      `<path d="M 600 262 C 600 170 560 120 590 40 C 602 8 600 -20 600 -40" fill="none" stroke="${darken(body, c.dark ? 0.3 : 0.55)}" stroke-width="18" stroke-linecap="round"/>`,
      `<path d="M 600 262 C 600 170 560 120 590 40 C 602 8 600 -20 600 -40" fill="none" stroke="#ffffff" stroke-opacity="0.18" stroke-width="5" transform="translate(-4 0)"/>`,
      rect(584, 222, 32, 44, 10, `fill="${darken(body, 0.4)}"`),
    );
  }
  // side buttons peeking out on the left
  if (mmo) {
    for (let r = 0; r < 4; r++) {
      a.push(
        rect(
          404,
          560 + r * 40,
          34,
          30,
          8,
          `fill="${darken(body, 0.25)}" stroke="${accent}" stroke-opacity="0.7" stroke-width="2"`,
        ),
      );
    }
  } else {
    a.push(
      rect(418, 548, 30, 62, 12, `fill="${darken(body, c.dark ? 0.1 : 0.3)}"`),
      rect(420, 620, 30, 62, 12, `fill="${darken(body, c.dark ? 0.1 : 0.3)}"`),
    );
  }
  a.push(`<path d="${bodyPath}" fill="url(#${p}mb)" stroke="${edge}" stroke-width="3"/>`);
  a.push(`<g clip-path="url(#${p}mc)">`);
  // rear accent strip
  a.push(
    `<path d="M 418 780 C 424 880 500 932 600 932 C 700 932 776 880 782 780" fill="none" stroke="${accent}" stroke-width="7" stroke-opacity="0.9" stroke-linecap="round"/>`,
  );
  if (holes) {
    const hex = (x: number, y: number, r: number) => {
      const pts: string[] = [];
      for (let i = 0; i < 6; i++) {
        const ang = (Math.PI / 3) * i + Math.PI / 6;
        pts.push(`${n(x + r * Math.cos(ang))},${n(y + r * Math.sin(ang))}`);
      }
      return `<polygon points="${pts.join(" ")}"/>`;
    };
    const hs: string[] = [];
    for (let row = 0; row < 12; row++) {
      const y = 590 + row * 30;
      for (let col = -7; col <= 7; col++) {
        const x = 600 + col * 34 + (row % 2 ? 17 : 0);
        if (Math.abs(x - 600) < 55 && y < 870 && y > 700) continue; // logo area
        hs.push(hex(x, y, 12));
      }
    }
    for (let row = 0; row < 8; row++) {
      const y = 290 + row * 30;
      for (let col = -7; col <= 7; col++) {
        const x = 600 + col * 34 + (row % 2 ? 17 : 0);
        if (Math.abs(x - 600) < 52) continue; // wheel strip
        hs.push(hex(x, y, 11));
      }
    }
    a.push(`<g fill="${darken(body, 0.75)}" opacity="0.9">${hs.join("")}</g>`);
  }
  // gloss
  a.push(ellipse(520, 420, 80, 210, `fill="url(#${p}mg)"`));
  a.push(`</g>`);
  // button seams
  a.push(
    `<path d="M 600 252 L 600 540" stroke="${seam}" stroke-width="5" fill="none"/>`,
    `<path d="M 430 505 C 520 548 680 548 770 505" stroke="${seam}" stroke-width="5" fill="none"/>`,
  );
  // scroll wheel
  a.push(
    rect(574, 326, 52, 140, 26, `fill="${darken(body, 0.7)}"`),
    rect(572, 322, 56, 148, 28, `fill="none" stroke="${accent}" stroke-width="4" stroke-opacity="0.9"`),
    rect(585, 338, 30, 116, 14, `fill="url(#${p}mw)"`),
  );
  const ribs: string[] = [];
  for (let y = 348; y < 448; y += 10) ribs.push(`M 587 ${y} L 613 ${y}`);
  a.push(`<path d="${ribs.join(" ")}" stroke="#0c0c0c" stroke-opacity="0.6" stroke-width="3"/>`);
  // dpi buttons
  a.push(
    rect(588, 486, 24, 18, 6, `fill="${darken(body, 0.5)}"`),
    rect(588, 510, 24, 18, 6, `fill="${darken(body, 0.5)}"`),
  );
  // logo with glow
  const ly = mini ? 770 : 790;
  a.push(circle(600, ly, 95, `fill="url(#${p}ma)"`), emblem(600, ly, 62, accent, c.brandVariant));
  return {
    defs: defs.join(""),
    art: a.join(""),
    mode: "flat",
    silhouette: `<path d="${bodyPath}"/>`,
    depth: 40,
    tilt: { angle: -32, scale: 1.1, squash: 0.7, dy: -10 },
    fit: 1.16,
    focus: [600, 430],
    zoom: 1.9,
  };
}

// ----------------------------------------------------------------------------- keyboard

interface Key {
  x: number;
  y: number;
  w: number;
  h: number;
  kind: "alpha" | "mod" | "accent";
}

type KbLayout = "full" | "tkl" | "65" | "60";

function keyboardLayout(layout: KbLayout): { keys: Key[]; width: number; height: number } {
  const keys: Key[] = [];
  const add = (x: number, y: number, w: number, kind: Key["kind"] = "alpha", h = 1) => keys.push({ x, y, w, h, kind });
  const hasF = layout === "full" || layout === "tkl";
  if (layout === "65") {
    // 65%: no F row, arrows and a right-hand navigation column
    for (let i = 0; i < 13; i++) add(i, 0, 1, i === 0 ? "accent" : "alpha");
    add(13, 0, 2, "mod");
    add(15, 0, 1, "mod");
    add(0, 1, 1.5, "mod");
    for (let i = 0; i < 12; i++) add(1.5 + i, 1, 1);
    add(13.5, 1, 1.5, "mod");
    add(15, 1, 1, "mod");
    add(0, 2, 1.75, "mod");
    for (let i = 0; i < 11; i++) add(1.75 + i, 2, 1);
    add(12.75, 2, 2.25, "accent");
    add(15, 2, 1, "mod");
    add(0, 3, 2.25, "mod");
    for (let i = 0; i < 10; i++) add(2.25 + i, 3, 1);
    add(12.25, 3, 1.75, "mod");
    add(14, 3, 1, "mod");
    add(15, 3, 1, "mod");
    const b65 = [1.25, 1.25, 1.25, 6.25, 1, 1, 1, 1, 1, 1];
    let x65 = 0;
    b65.forEach((w, i) => {
      add(x65, 4, w, i === 3 ? "alpha" : "mod");
      x65 += w;
    });
    return { keys, width: 16, height: 5 };
  }
  const y0 = hasF ? 1.5 : 0;
  if (hasF) {
    add(0, 0, 1, "accent");
    for (let i = 0; i < 4; i++) add(2 + i, 0, 1, "mod");
    for (let i = 0; i < 4; i++) add(6.5 + i, 0, 1);
    for (let i = 0; i < 4; i++) add(11 + i, 0, 1, "mod");
    for (let i = 0; i < 3; i++) add(15.5 + i, 0, 1, "mod");
  }
  // number row
  for (let i = 0; i < 13; i++) add(i, y0, 1, i === 0 && !hasF ? "accent" : "alpha");
  add(13, y0, 2, "mod");
  add(0, y0 + 1, 1.5, "mod");
  for (let i = 0; i < 12; i++) add(1.5 + i, y0 + 1, 1);
  add(13.5, y0 + 1, 1.5, "mod");
  add(0, y0 + 2, 1.75, "mod");
  for (let i = 0; i < 11; i++) add(1.75 + i, y0 + 2, 1);
  add(12.75, y0 + 2, 2.25, "accent");
  add(0, y0 + 3, 2.25, "mod");
  for (let i = 0; i < 10; i++) add(2.25 + i, y0 + 3, 1);
  add(12.25, y0 + 3, 2.75, "mod");
  const bottom = [1.25, 1.25, 1.25, 6.25, 1.25, 1.25, 1.25, 1.25];
  let bx = 0;
  bottom.forEach((w, i) => {
    add(bx, y0 + 4, w, i === 3 ? "alpha" : "mod");
    bx += w;
  });
  let width = 15;
  if (layout !== "60") {
    for (let r = 0; r < 2; r++) for (let i = 0; i < 3; i++) add(15.5 + i, y0 + r, 1, "mod");
    add(16.5, y0 + 3, 1, "mod");
    for (let i = 0; i < 3; i++) add(15.5 + i, y0 + 4, 1, "mod");
    width = 18.5;
  }
  if (layout === "full") {
    for (let i = 0; i < 4; i++) add(19 + i, y0, 1, "mod");
    for (let r = 0; r < 3; r++) for (let i = 0; i < 3; i++) add(19 + i, y0 + 1 + r, 1);
    add(22, y0 + 1, 1, "mod", 2);
    add(22, y0 + 3, 1, "mod", 2);
    add(19, y0 + 4, 2, "alpha");
    add(21, y0 + 4, 1, "alpha");
    width = 23;
  }
  return { keys, width, height: y0 + 5 };
}

function drawKeyboard(c: Ctx): Drawn {
  const { body, accent, p } = c;
  const layout: KbLayout = /\b65\b/.test(c.name)
    ? "65"
    : /\b60\b|mini|compact/i.test(c.name)
      ? "60"
      : /tkl/i.test(c.name)
        ? "tkl"
        : "full";
  const wireless = /wireless/i.test(c.name);
  const lowProfile = /low-profile/i.test(c.name);
  const rgb = /rgb|pro\b|magnetar|blitz|arcline/i.test(c.name);
  const { keys, width, height } = keyboardLayout(layout);
  const u = layout === "full" ? 43 : layout === "tkl" ? 50 : layout === "65" ? 55 : 58;
  const kw = width * u;
  const kh = height * u;
  const pad = u * 0.42;
  const topBar = layout === "60" || layout === "65" ? 0 : u * 0.9;
  const cw = kw + pad * 2;
  const ch = kh + pad * 2 + topBar;
  const cx0 = 600 - cw / 2;
  const cy0 = 600 - ch / 2;
  const kx0 = cx0 + pad;
  const ky0 = cy0 + pad + topBar;

  // keycap colours
  const alpha = c.dark ? lighten(body, 0.1) : body;
  const mod = c.dark ? lighten(body, 0.2) : mix(body, "#8a8f99", 0.35);
  const capColor = (k: Key) => (k.kind === "accent" ? accent : k.kind === "mod" ? mod : alpha);

  const defs = [
    lin(`${p}kc`, [
      [0, lighten(body, c.dark ? 0.16 : 0.5)],
      [1, darken(body, c.dark ? 0.3 : 0.16)],
    ]),
    lin(`${p}kt`, [
      [0, "#ffffff", 0.22],
      [0.5, "#ffffff", 0.05],
      [1, "#000000", 0.08],
    ]),
    rgb
      ? lin(
          `${p}kp`,
          [
            [0, hsl(hueOf(accent) - 60, 0.95, 0.55)],
            [0.35, accent],
            [0.7, hsl(hueOf(accent) + 60, 0.95, 0.55)],
            [1, hsl(hueOf(accent) + 120, 0.95, 0.55)],
          ],
          0,
          0,
          1,
          0,
        )
      : lin(
          `${p}kp`,
          [
            [0, darken(body, 0.55)],
            [1, darken(body, 0.45)],
          ],
          0,
          0,
          1,
          0,
        ),
  ];
  const a: string[] = [];
  if (!wireless) {
    const cx = cx0 + cw * 0.5;
    a.push(
      `<path d="M ${n(cx)} ${n(cy0 + 4)} C ${n(cx)} ${n(cy0 - 80)} ${n(cx + 90)} ${n(cy0 - 120)} ${n(cx + 60)} -40" fill="none" stroke="${darken(body, c.dark ? 0.2 : 0.6)}" stroke-width="14" stroke-linecap="round"/>`,
    );
  }
  // case
  a.push(
    rect(
      cx0,
      cy0,
      cw,
      ch,
      22,
      `fill="url(#${p}kc)" stroke="${c.dark ? lighten(body, 0.22) : darken(body, 0.25)}" stroke-width="3"`,
    ),
  );
  a.push(rect(cx0 + 6, cy0 + 4, cw - 12, 10, 5, `fill="#ffffff" fill-opacity="${c.dark ? 0.12 : 0.5}"`));
  // plate (glows through the gaps when RGB)
  a.push(rect(kx0 - 6, ky0 - 6, kw + 12, kh + 12, 10, `fill="url(#${p}kp)" ${rgb ? `fill-opacity="0.85"` : ""}`));
  if (rgb) a.push(rect(kx0 - 6, ky0 - 6, kw + 12, kh + 12, 10, `fill="#000000" fill-opacity="0.25"`));
  // keys
  const side: string[] = [];
  const tops: string[] = [];
  const legends: string[] = [];
  const gap = u * 0.07;
  const lp = lowProfile ? 0.5 : 1;
  for (const k of keys) {
    const x = kx0 + k.x * u + gap;
    const y = ky0 + k.y * u + gap;
    const w = k.w * u - gap * 2;
    const h = k.h * u - gap * 2;
    const col = capColor(k);
    side.push(rect(x, y, w, h, u * 0.14, `fill="${darken(col, c.dark && k.kind !== "accent" ? 0.45 : 0.28)}"`));
    const inset = u * 0.13 * lp;
    tops.push(rect(x + inset, y + inset * 0.45, w - inset * 2, h - inset * 1.9, u * 0.1, `fill="${col}"`));
    if (k.w < 3) {
      const lc = luminance(col) > 0.55 ? "#3a3d44" : "#f4f6fa";
      legends.push(
        rect(
          x + inset + u * 0.1,
          y + inset * 0.45 + u * 0.1,
          u * 0.16,
          u * 0.13,
          2,
          `fill="${lc}" fill-opacity="0.55"`,
        ),
      );
    }
  }
  a.push(side.join(""), tops.join(""));
  // top face sheen on all keys at once
  a.push(`<g fill="url(#${p}kt)">${tops.join("").replace(/ fill="[^"]*"/g, "")}</g>`);
  a.push(legends.join(""));
  // top bar details
  if (topBar > 0) {
    a.push(emblem(cx0 + pad + u * 0.5, cy0 + pad + topBar * 0.35, u * 0.55, accent, c.brandVariant));
    for (let i = 0; i < 3; i++)
      a.push(
        circle(
          cx0 + cw - pad - u * (layout === "full" ? 3.6 : 0.6) - i * u * 0.45,
          cy0 + pad + topBar * 0.35,
          u * 0.07,
          `fill="${accent}"`,
        ),
      );
    if (layout === "full") {
      const kx = cx0 + cw - pad - u * 1.2;
      const ky = cy0 + pad + topBar * 0.4;
      a.push(
        circle(kx, ky, u * 0.48, `fill="${darken(body, 0.4)}"`),
        circle(kx, ky, u * 0.4, `fill="url(#${p}kc)" stroke="${lighten(body, 0.35)}" stroke-width="2"`),
      );
      a.push(circle(kx - u * 0.15, ky - u * 0.15, u * 0.06, `fill="${accent}"`));
    }
  }
  // wrist rest for the Inferno
  if (/inferno/i.test(c.name)) {
    a.unshift(
      rect(
        cx0 + 30,
        cy0 + ch + 14,
        cw - 60,
        70,
        30,
        `fill="${darken(body, 0.2)}" stroke="${lighten(body, 0.15)}" stroke-width="2"`,
      ),
    );
  }
  const focusX = kx0 + u * 3.2;
  const focusY = ky0 + (layout === "60" || layout === "65" ? u * 2.2 : u * 3);
  return {
    defs: defs.join(""),
    art: a.join(""),
    mode: "flat",
    silhouette:
      rect(cx0, cy0, cw, ch, 22, "") +
      (/inferno/i.test(c.name) ? rect(cx0 + 30, cy0 + ch + 14, cw - 60, 70, 30, "") : ""),
    depth: lowProfile ? 16 : 30,
    tilt: { angle: -18, scale: layout === "full" ? 0.98 : 1.05, squash: 0.62 },
    focus: [focusX, focusY],
    zoom: layout === "full" ? 2.3 : 2,
  };
}

// ----------------------------------------------------------------------------- headset

function drawHeadset(c: Ctx): Drawn {
  const { body, accent, p } = c;
  const mic = !/studio|reference/i.test(c.name);
  const wireless = /wireless/i.test(c.name);
  const rgb = /rgb/i.test(c.name) || c.seed % 2 === 0;
  const open = /studio|reference/i.test(c.name);
  const cushion = c.dark ? darken(body, 0.45) : mix(body, "#3a3d44", 0.75);
  const metal = c.dark ? "#8d939c" : "#b8bec7";
  const L = 330;
  const R = 870;
  const cy = 690;
  const defs = [
    lin(
      `${p}hb`,
      [
        [0, lighten(body, c.dark ? 0.22 : 0.6)],
        [1, darken(body, c.dark ? 0.35 : 0.2)],
      ],
      0,
      0,
      1,
      1,
    ),
    lin(
      `${p}hs`,
      [
        [0, lighten(body, c.dark ? 0.3 : 0.7)],
        [0.45, body],
        [1, darken(body, c.dark ? 0.4 : 0.25)],
      ],
      0,
      0,
      1,
      1,
    ),
    rad(
      `${p}hp`,
      [
        [0, lighten(body, c.dark ? 0.22 : 0.5)],
        [0.7, body],
        [1, darken(body, 0.25)],
      ],
      0.4,
      0.35,
      0.7,
    ),
    lin(
      `${p}hc`,
      [
        [0, lighten(cushion, 0.18)],
        [1, darken(cushion, 0.3)],
      ],
      0,
      0,
      1,
      0,
    ),
    lin(
      `${p}hm`,
      [
        [0, lighten(metal, 0.4)],
        [0.5, metal],
        [1, darken(metal, 0.4)],
      ],
      0,
      0,
      1,
      0,
    ),
    rad(`${p}hg`, [
      [0, accent, 0.6],
      [1, accent, 0],
    ]),
    `<pattern id="${p}hmesh" width="14" height="14" patternUnits="userSpaceOnUse"><rect width="14" height="14" fill="${darken(body, 0.5)}"/><circle cx="7" cy="7" r="4" fill="${lighten(body, 0.25)}"/></pattern>`,
  ];
  const a: string[] = [];
  // headband (outer) and padded inner band
  a.push(
    `<path d="M ${L} 560 C ${L} 250 440 160 600 160 C 760 160 ${R} 250 ${R} 560" fill="none" stroke="${darken(body, c.dark ? 0.2 : 0.3)}" stroke-width="62" stroke-linecap="round"/>`,
    `<path d="M ${L} 560 C ${L} 250 440 160 600 160 C 760 160 ${R} 250 ${R} 560" fill="none" stroke="url(#${p}hb)" stroke-width="52" stroke-linecap="round"/>`,
    `<path d="M ${L + 8} 560 C ${L + 8} 262 446 172 600 172 C 754 172 ${R - 8} 262 ${R - 8} 560" fill="none" stroke="#ffffff" stroke-opacity="${c.dark ? 0.18 : 0.5}" stroke-width="6" stroke-linecap="round"/>`,
    `<path d="M ${L + 52} 520 C ${L + 52} 310 460 228 600 228 C 740 228 ${R - 52} 310 ${R - 52} 520" fill="none" stroke="${cushion}" stroke-width="34" stroke-linecap="round"/>`,
    `<path d="M ${L + 52} 520 C ${L + 52} 310 460 228 600 228 C 740 228 ${R - 52} 310 ${R - 52} 520" fill="none" stroke="${accent}" stroke-width="4" stroke-dasharray="12 10" stroke-opacity="0.8"/>`,
  );
  const cup = (x: number, dir: 1 | -1) => {
    const out: string[] = [];
    // yoke
    out.push(
      `<path d="M ${x - 108} ${cy} L ${x - 108} 600 C ${x - 108} 540 ${x + 108} 540 ${x + 108} 600 L ${x + 108} ${cy}" fill="none" stroke="url(#${p}hm)" stroke-width="16" stroke-linecap="round"/>`,
    );
    // cushion towards the centre
    out.push(ellipse(x + dir * 62, cy, 70, 150, `fill="url(#${p}hc)"`));
    // shell
    out.push(
      ellipse(
        x,
        cy,
        100,
        160,
        `fill="url(#${p}hs)" stroke="${c.dark ? lighten(body, 0.2) : darken(body, 0.25)}" stroke-width="3"`,
      ),
    );
    // cap plate
    if (open) {
      out.push(ellipse(x, cy, 74, 122, `fill="url(#${p}hmesh)" stroke="${accent}" stroke-width="8"`));
    } else {
      out.push(ellipse(x, cy, 76, 124, `fill="url(#${p}hp)"`));
      if (rgb) out.push(ellipse(x, cy, 96, 150, `fill="url(#${p}hg)" opacity="0.5"`));
      out.push(ellipse(x, cy, 76, 124, `fill="none" stroke="${accent}" stroke-width="9"`));
      out.push(emblem(x, cy, 62, accent, c.brandVariant));
    }
    out.push(ellipse(x - 30, cy - 70, 22, 50, `fill="#ffffff" fill-opacity="${c.dark ? 0.1 : 0.45}"`));
    // hinge
    out.push(
      circle(x - 108, cy, 13, `fill="${metal}" stroke="${darken(metal, 0.4)}" stroke-width="3"`),
      circle(x + 108, cy, 13, `fill="${metal}" stroke="${darken(metal, 0.4)}" stroke-width="3"`),
    );
    return out.join("");
  };
  if (!wireless) {
    a.push(
      `<path d="M ${R} 840 C ${R} 960 ${R - 40} 1010 ${R - 130} 1080 C ${R - 180} 1120 ${R - 190} 1160 ${R - 180} 1240" fill="none" stroke="${darken(body, c.dark ? 0.2 : 0.6)}" stroke-width="12" stroke-linecap="round"/>`,
    );
  }
  a.push(cup(L, 1), cup(R, -1));
  if (mic) {
    a.push(
      `<path d="M ${L - 20} 800 C ${L - 40} 900 ${L + 30} 975 ${L + 150} 965" fill="none" stroke="${c.dark ? lighten(body, 0.12) : darken(body, 0.55)}" stroke-width="18" stroke-linecap="round"/>`,
      rect(
        L + 136,
        946,
        64,
        40,
        20,
        `fill="${c.dark ? lighten(body, 0.1) : darken(body, 0.5)}" stroke="${c.dark ? lighten(body, 0.25) : darken(body, 0.6)}" stroke-width="2"`,
      ),
      circle(L + 190, 966, 8, `fill="${accent}"`),
    );
  }
  return {
    defs: defs.join(""),
    art: a.join(""),
    mode: "upright",
    floor: { cx: 600, cy: 870, rx: 400, ry: 46 },
    focus: [L + 30, cy + 10],
    zoom: 1.75,
  };
}

// ----------------------------------------------------------------------------- controller

function drawController(c: Ctx): Drawn {
  const { body, accent, p } = c;
  const asym = c.seed % 2 === 1 || /arcadia|titan/i.test(c.name);
  const wired = /wired/i.test(c.name) && !/wireless/i.test(c.name);
  const retro = /retro/i.test(c.name);
  const bodyPath =
    "M 600 372 C 680 372 740 360 800 362 C 880 364 930 400 950 470 C 980 570 1010 720 1000 800 C 992 870 930 900 880 880 C 830 860 800 800 770 760 C 740 720 700 700 600 700 C 500 700 460 720 430 760 C 400 800 370 860 320 880 C 270 900 208 870 200 800 C 190 720 220 570 250 470 C 270 400 320 364 400 362 C 460 360 520 372 600 372 Z";
  const well = c.dark ? darken(body, 0.45) : darken(body, 0.14);
  const part = c.dark ? darken(body, 0.25) : mix(body, "#2b2e35", 0.8);
  const defs = [
    rad(
      `${p}cb`,
      [
        [0, lighten(body, c.dark ? 0.22 : 0.55)],
        [0.6, body],
        [1, darken(body, c.dark ? 0.35 : 0.18)],
      ],
      0.5,
      0.3,
      0.8,
    ),
    lin(`${p}cg`, [
      [0, "#ffffff", c.dark ? 0.2 : 0.6],
      [1, "#ffffff", 0],
    ]),
    rad(
      `${p}cs`,
      [
        [0, lighten(part, 0.35)],
        [0.7, part],
        [1, darken(part, 0.4)],
      ],
      0.4,
      0.35,
      0.65,
    ),
    rad(
      `${p}cd`,
      [
        [0, darken(part, 0.5)],
        [1, lighten(part, 0.15)],
      ],
      0.5,
      0.4,
      0.6,
    ),
    rad(`${p}ca`, [
      [0, accent, 0.85],
      [1, accent, 0],
    ]),
    `<clipPath id="${p}cc"><path d="${bodyPath}"/></clipPath>`,
  ];
  const a: string[] = [];
  if (wired) {
    a.push(
      `<path d="M 600 380 C 600 250 660 150 620 -40" fill="none" stroke="${darken(body, 0.3)}" stroke-width="16" stroke-linecap="round"/>`,
    );
  }
  // bumpers
  a.push(
    `<path d="M 262 420 C 270 360 320 335 400 338 L 470 342 L 470 390 L 270 440 Z" fill="${darken(body, c.dark ? 0.3 : 0.22)}"/>`,
    `<path d="M 938 420 C 930 360 880 335 800 338 L 730 342 L 730 390 L 930 440 Z" fill="${darken(body, c.dark ? 0.3 : 0.22)}"/>`,
  );
  a.push(
    `<path d="${bodyPath}" fill="url(#${p}cb)" stroke="${c.dark ? lighten(body, 0.2) : darken(body, 0.25)}" stroke-width="3"/>`,
  );
  a.push(`<g clip-path="url(#${p}cc)">`);
  a.push(ellipse(600, 420, 330, 70, `fill="url(#${p}cg)"`));
  // grips slightly darker
  a.push(
    ellipse(275, 800, 110, 140, `fill="#000000" fill-opacity="0.12"`),
    ellipse(925, 800, 110, 140, `fill="#000000" fill-opacity="0.12"`),
  );
  a.push(`</g>`);

  const dpad = (x: number, y: number) =>
    circle(x, y, 78, `fill="${well}"`) +
    rect(x - 22, y - 64, 44, 128, 10, `fill="${part}"`) +
    rect(x - 64, y - 22, 128, 44, 10, `fill="${part}"`) +
    circle(x, y, 12, `fill="${darken(part, 0.3)}"`) +
    `<path d="M ${x} ${y - 54} l -10 14 h 20 Z M ${x} ${y + 54} l -10 -14 h 20 Z M ${x - 54} ${y} l 14 -10 v 20 Z M ${x + 54} ${y} l -14 -10 v 20 Z" fill="${lighten(part, 0.3)}"/>`;
  const stick = (x: number, y: number) =>
    circle(x, y, 74, `fill="${well}"`) +
    circle(x, y, 58, `fill="url(#${p}cs)"`) +
    circle(x, y, 42, `fill="url(#${p}cd)"`) +
    circle(x, y, 58, `fill="none" stroke="${accent}" stroke-opacity="0.55" stroke-width="3"`);
  const face = (x: number, y: number) => {
    const cols = retro
      ? [accent, lighten(accent, 0.3), accent, lighten(accent, 0.3)]
      : [
          hsl(hueOf(accent), 0.9, 0.6),
          hsl(hueOf(accent) + 90, 0.8, 0.6),
          hsl(hueOf(accent) + 180, 0.8, 0.6),
          hsl(hueOf(accent) + 270, 0.8, 0.6),
        ];
    const pos: [number, number][] = [
      [0, -58],
      [58, 0],
      [0, 58],
      [-58, 0],
    ];
    let s = circle(x, y, 100, `fill="${well}"`);
    pos.forEach(([dx, dy], i) => {
      s += circle(x + dx, y + dy + 4, 29, `fill="${darken(part, 0.4)}"`);
      s += circle(x + dx, y + dy, 29, `fill="${retro ? cols[i] : part}"`);
      if (!retro) s += circle(x + dx, y + dy, 14, `fill="none" stroke="${cols[i]}" stroke-width="5"`);
      s += ellipse(x + dx - 8, y + dy - 10, 10, 6, `fill="#ffffff" fill-opacity="0.3"`);
    });
    return s;
  };
  if (retro) {
    a.push(dpad(370, 520), face(830, 520));
    a.push(rect(520, 560, 60, 22, 11, `fill="${part}"`), rect(620, 560, 60, 22, 11, `fill="${part}"`));
    a.push(emblem(600, 470, 50, accent, c.brandVariant));
  } else if (asym) {
    a.push(stick(370, 500), dpad(495, 640), stick(705, 640), face(830, 500));
    a.push(
      circle(600, 450, 34, `fill="url(#${p}ca)"`),
      circle(600, 450, 24, `fill="${part}" stroke="${accent}" stroke-width="4"`),
    );
    a.push(rect(520, 520, 36, 24, 12, `fill="${part}"`), rect(644, 520, 36, 24, 12, `fill="${part}"`));
  } else {
    a.push(dpad(370, 510), face(830, 510), stick(485, 640), stick(715, 640));
    a.push(
      rect(
        500,
        400,
        200,
        120,
        18,
        `fill="${darken(body, c.dark ? 0.2 : 0.08)}" stroke="${c.dark ? lighten(body, 0.15) : darken(body, 0.2)}" stroke-width="2"`,
      ),
    );
    a.push(rect(520, 380, 160, 8, 4, `fill="${accent}"`));
    a.push(
      circle(600, 580, 30, `fill="url(#${p}ca)"`),
      circle(600, 580, 20, `fill="${part}" stroke="${accent}" stroke-width="3"`),
    );
    a.push(rect(455, 420, 20, 40, 10, `fill="${part}"`), rect(725, 420, 20, 40, 10, `fill="${part}"`));
  }
  // accent light strip along the grips
  a.push(
    `<path d="M 262 560 C 240 650 228 740 240 800" fill="none" stroke="${accent}" stroke-width="6" stroke-linecap="round" stroke-opacity="0.85"/>`,
    `<path d="M 938 560 C 960 650 972 740 960 800" fill="none" stroke="${accent}" stroke-width="6" stroke-linecap="round" stroke-opacity="0.85"/>`,
  );
  return {
    defs: defs.join(""),
    art: a.join(""),
    mode: "flat",
    silhouette: `<path d="${bodyPath}"/>`,
    depth: 44,
    tilt: { angle: -14, scale: 0.98, squash: 0.72, dy: 10 },
    focus: [830, 520],
    zoom: 1.8,
  };
}

// ----------------------------------------------------------------------------- mouse pad

function drawMousepad(c: Ctx): Drawn {
  const { body, accent, p } = c;
  const xl = /xl|extended|desk/i.test(c.name);
  const rgb = /rgb|aurora/i.test(c.name);
  const glass = /glass/i.test(c.name);
  const topo = /topo/i.test(c.name);
  const w = xl ? 1000 : 680;
  const h = xl ? 440 : 560;
  const x0 = -w / 2;
  const y0 = -h / 2;
  const r = glass ? 36 : 26;
  const variant = topo ? 0 : glass ? 4 : c.seed % 4;
  const defs = [
    lin(
      `${p}pb`,
      [
        [0, lighten(body, c.dark ? 0.1 : 0.2)],
        [1, darken(body, 0.2)],
      ],
      0,
      0,
      1,
      1,
    ),
    `<clipPath id="${p}pc"><rect x="${x0}" y="${y0}" width="${w}" height="${h}" rx="${r}"/></clipPath>`,
    rad(`${p}pg`, [
      [0, accent, 0.55],
      [1, accent, 0],
    ]),
    lin(
      `${p}pr`,
      [
        [0, hsl(hueOf(accent) - 70, 1, 0.55)],
        [0.5, accent],
        [1, hsl(hueOf(accent) + 70, 1, 0.55)],
      ],
      0,
      0,
      1,
      1,
    ),
    lin(
      `${p}pgl`,
      [
        [0, "#ffffff", 0.35],
        [0.4, "#ffffff", 0.05],
        [0.6, "#ffffff", 0],
        [1, "#ffffff", 0.12],
      ],
      0,
      0,
      1,
      1,
    ),
  ];
  const pattern: string[] = [];
  const rnd = prng(c.seed);
  if (variant === 0) {
    // topographic contour lines
    for (let k = 0; k < 3; k++) {
      const cx = x0 + w * (0.2 + 0.3 * k) + rnd() * 60;
      const cy = y0 + h * (0.3 + 0.4 * rnd());
      for (let i = 1; i <= 9; i++) {
        const rr = i * 34;
        const pts: string[] = [];
        for (let j = 0; j <= 24; j++) {
          const ang = (j / 24) * Math.PI * 2;
          const wob = 1 + 0.12 * Math.sin(ang * 3 + k + i * 0.4) + 0.06 * Math.cos(ang * 5 + k);
          pts.push(`${n(cx + Math.cos(ang) * rr * 1.3 * wob)},${n(cy + Math.sin(ang) * rr * wob)}`);
        }
        pattern.push(
          `<polyline points="${pts.join(" ")}" fill="none" stroke="${accent}" stroke-opacity="${n(0.55 - i * 0.04)}" stroke-width="3"/>`,
        );
      }
    }
  } else if (variant === 1) {
    // diagonal speed stripes
    for (let i = -8; i < 14; i++) {
      const x = x0 + i * 90;
      pattern.push(
        `<path d="M ${x} ${y0 + h} L ${x + 300} ${y0} L ${x + 330} ${y0} L ${x + 30} ${y0 + h} Z" fill="${accent}" fill-opacity="${i % 3 === 0 ? 0.5 : 0.12}"/>`,
      );
    }
  } else if (variant === 2) {
    // hex grid
    const hs: string[] = [];
    for (let row = 0; row < 20; row++) {
      for (let col = 0; col < 26; col++) {
        const cx = x0 + col * 52 + (row % 2 ? 26 : 0);
        const cy = y0 + row * 45;
        const pts: string[] = [];
        for (let q = 0; q < 6; q++) {
          const ang = (Math.PI / 3) * q + Math.PI / 6;
          pts.push(`${n(cx + 26 * Math.cos(ang))},${n(cy + 26 * Math.sin(ang))}`);
        }
        hs.push(`<polygon points="${pts.join(" ")}"/>`);
      }
    }
    pattern.push(`<g fill="none" stroke="${accent}" stroke-opacity="0.28" stroke-width="2">${hs.join("")}</g>`);
    pattern.push(
      `<ellipse cx="${x0 + w * 0.7}" cy="${y0 + h * 0.4}" rx="${w * 0.5}" ry="${h * 0.6}" fill="url(#${p}pg)"/>`,
    );
  } else if (variant === 3) {
    // neon waves
    for (let i = 0; i < 7; i++) {
      const y = y0 + h * 0.3 + i * 26;
      pattern.push(
        `<path d="M ${x0} ${y} C ${x0 + w * 0.25} ${y - 120} ${x0 + w * 0.5} ${y + 120} ${x0 + w * 0.75} ${y} S ${x0 + w * 1.1} ${y - 80} ${x0 + w * 1.2} ${y}" fill="none" stroke="${accent}" stroke-opacity="${n(0.8 - i * 0.1)}" stroke-width="${6 - i * 0.6}"/>`,
      );
    }
  } else {
    // glass: subtle etched gradient and reflections
    pattern.push(`<rect x="${x0}" y="${y0}" width="${w}" height="${h}" fill="url(#${p}pgl)"/>`);
    pattern.push(
      `<ellipse cx="${x0 + w * 0.75}" cy="${y0 + h * 0.75}" rx="${w * 0.45}" ry="${h * 0.45}" fill="url(#${p}pg)"/>`,
    );
  }
  const logo = emblem(x0 + w - 70, y0 + h - 60, 44, glass ? lighten(accent, 0.3) : accent, c.brandVariant);
  const face: string[] = [];
  face.push(`<rect x="${x0}" y="${y0}" width="${w}" height="${h}" rx="${r}" fill="url(#${p}pb)"/>`);
  face.push(`<g clip-path="url(#${p}pc)">${pattern.join("")}</g>`);
  face.push(logo);
  if (!glass) {
    face.push(
      `<rect x="${x0 + 9}" y="${y0 + 9}" width="${w - 18}" height="${h - 18}" rx="${r - 6}" fill="none" stroke="${lighten(body, 0.35)}" stroke-width="4" stroke-dasharray="9 7" stroke-opacity="0.8"/>`,
    );
  } else {
    face.push(
      `<rect x="${x0 + 3}" y="${y0 + 3}" width="${w - 6}" height="${h - 6}" rx="${r - 2}" fill="none" stroke="#ffffff" stroke-opacity="0.55" stroke-width="4"/>`,
    );
  }
  if (rgb) {
    face.push(
      `<rect x="${x0 + 2}" y="${y0 + 2}" width="${w - 4}" height="${h - 4}" rx="${r - 1}" fill="none" stroke="url(#${p}pr)" stroke-width="10"/>`,
    );
    face.push(
      rect(x0 + w - 120, y0 - 2, 90, 26, 10, `fill="${darken(body, 0.5)}"`),
      circle(x0 + w - 75, y0 + 11, 5, `fill="${accent}"`),
    );
  }
  const faceSvg = face.join("");
  // perspective: rotate on the table, squash vertically; thickness drawn as offset copies in screen space
  const view = c.view;
  const angle = view === 1 ? 24 : -22;
  const squash = view === 1 ? 0.5 : 0.58;
  const scale = xl ? (view === 1 ? 1.02 : 1.08) : view === 1 ? 1.25 : 1.32;
  const T = `translate(600 620) scale(${scale} ${n(scale * squash * 100) / 100}) rotate(${angle})`;
  const thick = glass ? 8 : xl ? 12 : 14;
  const side = glass ? darken(accent, 0.5) : darken(body, c.dark ? 0.4 : 0.35);
  const base = `<rect x="${x0}" y="${y0}" width="${w}" height="${h}" rx="${r}"/>`;
  const art: string[] = [];
  if (view === 1 && rgb)
    art.push(
      `<g transform="${T}"><rect x="${x0 - 40}" y="${y0 - 40}" width="${w + 80}" height="${h + 80}" rx="${r + 30}" fill="url(#${p}pg)"/></g>`,
    );
  for (const d of [thick, thick * 0.5])
    art.push(`<g transform="translate(0 ${d})"><g transform="${T}" fill="${side}">${base}</g></g>`);
  art.push(`<g transform="${T}">${faceSvg}</g>`);
  return {
    defs: defs.join(""),
    art: art.join(""),
    mode: "custom",
    silhouette: `<g transform="${T}">${base}</g>`,
    focus: [600 + (xl ? 330 : 240), 700],
    zoom: 1.9,
  };
}

// ----------------------------------------------------------------------------- chair

function drawChair(c: Ctx): Drawn {
  const { body, accent, p } = c;
  const fabric = /fabric/i.test(c.name);
  const ergo = /ergo|executive/i.test(c.name);
  const lite = /lite/i.test(c.name);
  const plastic = c.dark ? darken(body, 0.35) : "#3a3d44";
  const back =
    "M 600 118 C 660 118 715 122 735 160 L 765 300 C 768 330 750 360 722 385 L 716 560 C 740 600 752 640 744 668 C 736 696 700 706 600 706 C 500 706 464 696 456 668 C 448 640 460 600 484 560 L 478 385 C 450 360 432 330 435 300 L 465 160 C 485 122 540 118 600 118 Z";
  const backErgo =
    "M 600 120 C 690 120 740 140 745 200 L 742 380 C 740 420 726 450 720 480 L 726 600 C 730 660 700 700 600 700 C 500 700 470 660 474 600 L 480 480 C 474 450 460 420 458 380 L 455 200 C 460 140 510 120 600 120 Z";
  const bp = ergo ? backErgo : back;
  const defs = [
    lin(
      `${p}hb`,
      [
        [0, lighten(body, c.dark ? 0.2 : 0.4)],
        [0.5, body],
        [1, darken(body, c.dark ? 0.35 : 0.2)],
      ],
      0,
      0,
      1,
      0.4,
    ),
    lin(
      `${p}hp`,
      [
        [0, lighten(body, c.dark ? 0.12 : 0.3)],
        [1, darken(body, c.dark ? 0.2 : 0.1)],
      ],
      0,
      0,
      0,
      1,
    ),
    lin(
      `${p}hl`,
      [
        [0, "#6f747d"],
        [0.45, "#e6e9ee"],
        [1, "#5a5f68"],
      ],
      0,
      0,
      1,
      0,
    ),
    lin(
      `${p}hs`,
      [
        [0, lighten(body, c.dark ? 0.15 : 0.3)],
        [1, darken(body, c.dark ? 0.35 : 0.25)],
      ],
      0,
      0,
      0,
      1,
    ),
    `<pattern id="${p}hf" width="10" height="10" patternUnits="userSpaceOnUse"><rect width="10" height="10" fill="${body}"/><path d="M 0 10 L 10 0" stroke="${lighten(body, 0.12)}" stroke-width="2"/></pattern>`,
    `<pattern id="${p}hd" width="36" height="36" patternUnits="userSpaceOnUse"><rect width="36" height="36" fill="${lighten(body, c.dark ? 0.06 : 0)}"/><path d="M 0 18 L 18 0 L 36 18 L 18 36 Z" fill="none" stroke="${darken(body, c.dark ? 0.4 : 0.12)}" stroke-width="2"/></pattern>`,
    `<clipPath id="${p}hc"><path d="${bp}"/></clipPath>`,
  ];
  const a: string[] = [];
  // base: five-star legs and casters
  const hub: [number, number] = [600, 955];
  const legs: [number, number][] = [
    [360, 1000],
    [840, 1000],
    [460, 975],
    [740, 975],
    [600, 1035],
  ];
  const legColor = ergo ? "url(#" + p + "hl)" : plastic;
  for (const [lx, ly] of [legs[2]!, legs[3]!]) {
    a.push(
      `<path d="M ${hub[0] - 14} ${hub[1] - 8} L ${lx} ${ly - 12} L ${lx} ${ly + 6} L ${hub[0] + 14} ${hub[1] + 10} Z" fill="${darken(plastic, 0.3)}"/>`,
    );
    a.push(rect(lx - 20, ly, 40, 30, 12, `fill="#15161a"`));
  }
  a.push(rect(575, 760, 50, 150, 8, `fill="url(#${p}hl)"`));
  a.push(rect(562, 860, 76, 90, 14, `fill="${plastic}"`));
  for (const [lx, ly] of [legs[0]!, legs[1]!, legs[4]!]) {
    a.push(
      `<path d="M ${hub[0] - 22} ${hub[1] - 14} L ${lx - 12} ${ly - 14} L ${lx + 12} ${ly + 8} L ${hub[0] + 22} ${hub[1] + 16} Z" fill="${legColor}" stroke="${darken(plastic, 0.3)}" stroke-width="2"/>`,
    );
    a.push(rect(lx - 24, ly + 4, 48, 36, 14, `fill="#15161a"`), rect(lx - 16, ly + 10, 32, 8, 4, `fill="#3b3e45"`));
  }
  a.push(ellipse(600, 955, 46, 26, `fill="${darken(plastic, 0.2)}"`));
  // mechanism
  a.push(rect(520, 770, 160, 34, 10, `fill="${darken(plastic, 0.2)}"`));
  // armrests behind the seat
  for (const x of [315, 885]) {
    a.push(rect(x - 14, 600, 28, 200, 8, `fill="${plastic}"`));
    a.push(`<path d="M ${x} 790 L ${x < 600 ? 520 : 680} 790" stroke="${plastic}" stroke-width="22"/>`);
  }
  // backrest
  a.push(
    `<path d="${bp}" fill="url(#${p}hb)" stroke="${c.dark ? lighten(body, 0.18) : darken(body, 0.3)}" stroke-width="3"/>`,
  );
  a.push(`<g clip-path="url(#${p}hc)">`);
  // centre panel
  const panelFill = fabric ? `url(#${p}hf)` : ergo ? `url(#${p}hd)` : `url(#${p}hd)`;
  a.push(rect(525, 140, 150, 600, 60, `fill="${panelFill}"`));
  if (!ergo) {
    a.push(rect(505, 150, 18, 600, 9, `fill="${accent}"`), rect(677, 150, 18, 600, 9, `fill="${accent}"`));
  } else {
    a.push(rect(470, 140, 12, 600, 6, `fill="${accent}"`), rect(718, 140, 12, 600, 6, `fill="${accent}"`));
  }
  a.push(rect(440, 118, 160, 600, 0, `fill="#ffffff" fill-opacity="${c.dark ? 0.05 : 0.15}"`));
  a.push(`</g>`);
  if (!ergo) {
    // harness slots
    a.push(rect(528, 190, 26, 70, 12, `fill="#0c0c0e"`), rect(646, 190, 26, 70, 12, `fill="#0c0c0e"`));
  }
  // head pillow and lumbar pillow
  const pillow = lite ? lighten(body, 0.02) : c.dark ? lighten(body, 0.06) : darken(body, 0.05);
  a.push(rect(520, 280, 160, 76, 34, `fill="${pillow}" stroke="${darken(pillow, 0.3)}" stroke-width="3"`));
  a.push(rect(520, 280, 160, 76, 34, `fill="url(#${p}hp)" opacity="0.6"`));
  a.push(emblem(600, 318, 40, accent, c.brandVariant));
  if (!ergo) {
    a.push(rect(505, 540, 190, 90, 40, `fill="${pillow}" stroke="${darken(pillow, 0.3)}" stroke-width="3"`));
    a.push(rect(505, 540, 190, 90, 40, `fill="url(#${p}hp)" opacity="0.6"`));
    a.push(rect(560, 576, 80, 10, 5, `fill="${accent}"`));
  }
  // seat
  const seat =
    "M 410 690 L 790 690 C 840 690 858 712 852 740 L 842 790 C 838 806 822 812 806 812 L 394 812 C 378 812 362 806 358 790 L 348 740 C 342 712 360 690 410 690 Z";
  a.push(
    `<path d="${seat}" fill="url(#${p}hs)" stroke="${c.dark ? lighten(body, 0.15) : darken(body, 0.3)}" stroke-width="3"/>`,
  );
  a.push(rect(500, 700, 200, 100, 30, `fill="${panelFill}" opacity="0.9"`));
  if (!ergo) a.push(rect(480, 704, 14, 96, 7, `fill="${accent}"`), rect(706, 704, 14, 96, 7, `fill="${accent}"`));
  // arm pads
  for (const x of [315, 885]) {
    a.push(rect(x - 48, 582, 96, 34, 14, `fill="${plastic}" stroke="${darken(plastic, 0.4)}" stroke-width="2"`));
    a.push(rect(x - 44, 584, 88, 8, 4, `fill="#ffffff" fill-opacity="0.15"`));
  }
  return {
    defs: defs.join(""),
    art: a.join(""),
    mode: "upright",
    floor: { cx: 600, cy: 1040, rx: 330, ry: 40 },
    focus: [600, 330],
    zoom: 1.75,
  };
}

// ----------------------------------------------------------------------------- monitor

function drawMonitor(c: Ctx): Drawn {
  const { body, accent, p } = c;
  const curved = /curved|ultrawide/i.test(c.name);
  const superWide = /49|super/i.test(c.name);
  const w = superWide ? 1080 : curved ? 1020 : 900;
  const h = superWide ? 330 : curved ? 430 : 506;
  const x0 = 600 - w / 2;
  const y0 = 560 - h / 2 - 40;
  const bez = 14;
  const chin = 26;
  const bend = curved ? 34 : 0;
  const frame = c.dark ? body : body;
  const defs = [
    lin(`${p}ms`, [
      [0, "#090d26"],
      [0.5, mix("#3a1a6e", accent, 0.2)],
      [0.82, mix("#ff5f8a", accent, 0.35)],
      [1, mix("#ffb36b", accent, 0.25)],
    ]),
    lin(`${p}mf`, [
      [0, lighten(frame, c.dark ? 0.12 : 0.3)],
      [1, darken(frame, c.dark ? 0.3 : 0.15)],
    ]),
    lin(
      `${p}mn`,
      [
        [0, darken(frame, 0.3)],
        [0.5, lighten(frame, c.dark ? 0.25 : 0.2)],
        [1, darken(frame, 0.35)],
      ],
      0,
      0,
      1,
      0,
    ),
    lin(
      `${p}mr`,
      [
        [0, "#ffffff", 0.16],
        [0.5, "#ffffff", 0.02],
        [1, "#ffffff", 0],
      ],
      0,
      0,
      1,
      1,
    ),
    lin(`${p}msun`, [
      [0, mix("#ffe08a", accent, 0.2)],
      [1, mix("#ff4f8b", accent, 0.3)],
    ]),
    `<clipPath id="${p}mc"><path d="${screenPath(x0 + bez, y0 + bez, w - bez * 2, h - bez - chin, bend)}"/></clipPath>`,
  ];
  const a: string[] = [];
  // stand
  const vStand = c.seed % 2 === 0;
  a.push(rect(570, y0 + h - 40, 60, 900 - (y0 + h - 40), 10, `fill="url(#${p}mn)"`));
  a.push(rect(592, y0 + h + 24, 16, Math.max(40, 860 - (y0 + h + 24)), 8, `fill="${accent}" fill-opacity="0.7"`));
  if (vStand) {
    a.push(
      `<path d="M 600 890 L 340 955 C 325 960 325 975 345 975 L 600 935 L 855 975 C 875 975 875 960 860 955 Z" fill="url(#${p}mn)"/>`,
    );
    a.push(`<path d="M 600 935 L 345 975 L 855 975 Z" fill="${darken(frame, 0.4)}" opacity="0.5"/>`);
  } else {
    a.push(
      ellipse(600, 945, 230, 32, `fill="${darken(frame, 0.35)}"`),
      ellipse(600, 938, 230, 30, `fill="url(#${p}mf)"`),
    );
  }
  // frame
  a.push(
    `<path d="${screenPath(x0, y0, w, h, bend)}" fill="url(#${p}mf)" stroke="${c.dark ? lighten(frame, 0.22) : darken(frame, 0.25)}" stroke-width="3"/>`,
  );
  // screen content: a synthwave-ish landscape
  const sx = x0 + bez;
  const sy = y0 + bez;
  const sw = w - bez * 2;
  const sh = h - bez - chin;
  const horizon = sy + sh * 0.62;
  const rnd = prng(c.seed);
  const scr: string[] = [];
  scr.push(rect(sx - 10, sy - 40, sw + 20, sh + 80, 0, `fill="url(#${p}ms)"`));
  const sunR = sh * 0.28;
  scr.push(circle(sx + sw * (0.35 + rnd() * 0.3), horizon - sunR * 0.35, sunR, `fill="url(#${p}msun)"`));
  // mountains
  const mount = (base: number, amp: number, col: string, seedOff: number) => {
    const r2 = prng(c.seed + seedOff);
    let d = `M ${n(sx - 10)} ${n(base)}`;
    const steps = 9;
    for (let i = 0; i <= steps; i++) {
      const x = sx - 10 + ((sw + 20) / steps) * i;
      const y = base - amp * (0.3 + r2() * 0.7);
      d += ` L ${n(x)} ${n(y)}`;
    }
    d += ` L ${n(sx + sw + 10)} ${n(sy + sh + 40)} L ${n(sx - 10)} ${n(sy + sh + 40)} Z`;
    return `<path d="${d}" fill="${col}"/>`;
  };
  scr.push(mount(horizon, sh * 0.26, mix("#2b1650", accent, 0.12), 1));
  scr.push(mount(horizon + 10, sh * 0.16, mix("#160b30", accent, 0.08), 2));
  scr.push(rect(sx - 10, horizon, sw + 20, sh, 0, `fill="${mix("#0a0618", accent, 0.05)}"`));
  const grid: string[] = [];
  for (let i = -12; i <= 12; i++)
    grid.push(`M ${n(600 + i * 20)} ${n(horizon)} L ${n(600 + i * 160)} ${n(sy + sh + 10)}`);
  for (let i = 1; i < 7; i++) {
    const y = horizon + sh * 0.4 * Math.pow(i / 6, 1.8);
    grid.push(`M ${n(sx - 10)} ${n(y)} L ${n(sx + sw + 10)} ${n(y)}`);
  }
  scr.push(`<path d="${grid.join(" ")}" stroke="${accent}" stroke-opacity="0.75" stroke-width="2" fill="none"/>`);
  scr.push(rect(sx - 10, sy - 40, sw + 20, sh + 80, 0, `fill="url(#${p}mr)"`));
  a.push(`<g clip-path="url(#${p}mc)">${scr.join("")}</g>`);
  // chin logo and light
  a.push(emblem(600, y0 + h - chin / 2 + 1, 16, c.dark ? lighten(frame, 0.5) : darken(frame, 0.5), c.brandVariant));
  a.push(circle(x0 + w - 40, y0 + h - chin / 2 + 1, 4, `fill="${accent}"`));
  return {
    defs: defs.join(""),
    art: a.join(""),
    mode: "upright",
    floor: { cx: 600, cy: 960, rx: 360, ry: 40 },
    focus: [x0 + w * 0.28, y0 + h * 0.62],
    zoom: 1.7,
  };
}

function screenPath(x: number, y: number, w: number, h: number, bend: number): string {
  if (bend === 0) {
    const r = 10;
    return `M ${n(x + r)} ${n(y)} L ${n(x + w - r)} ${n(y)} Q ${n(x + w)} ${n(y)} ${n(x + w)} ${n(y + r)} L ${n(x + w)} ${n(y + h - r)} Q ${n(x + w)} ${n(y + h)} ${n(x + w - r)} ${n(y + h)} L ${n(x + r)} ${n(y + h)} Q ${n(x)} ${n(y + h)} ${n(x)} ${n(y + h - r)} L ${n(x)} ${n(y + r)} Q ${n(x)} ${n(y)} ${n(x + r)} ${n(y)} Z`;
  }
  return `M ${n(x)} ${n(y)} Q ${n(x + w / 2)} ${n(y + bend * 2)} ${n(x + w)} ${n(y)} L ${n(x + w)} ${n(y + h)} Q ${n(x + w / 2)} ${n(y + h - bend * 2)} ${n(x)} ${n(y + h)} Z`;
}

// ----------------------------------------------------------------------------- microphone

function drawMicrophone(c: Ctx): Drawn {
  const { body, accent, p } = c;
  const dynamic = /dynamic|orator/i.test(c.name);
  const mini = /mini/i.test(c.name);
  const rgb = /rgb|halo/i.test(c.name);
  const bw = dynamic ? 170 : mini ? 190 : 210;
  const top = dynamic ? 170 : mini ? 300 : 180;
  const bottom = dynamic ? 820 : 800;
  const bx = 600 - bw / 2;
  const grilleEnd = dynamic ? 470 : mini ? 520 : 520;
  const metal = c.dark ? "#9aa0a8" : "#c2c7cf";
  const defs = [
    lin(
      `${p}ib`,
      [
        [0, darken(body, c.dark ? 0.3 : 0.2)],
        [0.3, lighten(body, c.dark ? 0.28 : 0.5)],
        [0.55, body],
        [1, darken(body, c.dark ? 0.45 : 0.3)],
      ],
      0,
      0,
      1,
      0,
    ),
    lin(
      `${p}im`,
      [
        [0, darken(metal, 0.4)],
        [0.35, lighten(metal, 0.5)],
        [0.6, metal],
        [1, darken(metal, 0.5)],
      ],
      0,
      0,
      1,
      0,
    ),
    `<pattern id="${p}ig" width="12" height="12" patternUnits="userSpaceOnUse"><rect width="12" height="12" fill="${darken(body, c.dark ? 0.55 : 0.6)}"/><circle cx="6" cy="6" r="3.6" fill="${c.dark ? "#b3b8c0" : lighten(body, 0.1)}"/></pattern>`,
    lin(
      `${p}is`,
      [
        [0, "#000000", 0.45],
        [0.3, "#000000", 0],
        [0.7, "#000000", 0],
        [1, "#000000", 0.55],
      ],
      0,
      0,
      1,
      0,
    ),
    rad(`${p}ia`, [
      [0, accent, 0.8],
      [1, accent, 0],
    ]),
    lin(
      `${p}ih`,
      [
        [0, "#ffffff", 0],
        [0.35, "#ffffff", 0.3],
        [0.5, "#ffffff", 0],
      ],
      0,
      0,
      1,
      0,
    ),
  ];
  const a: string[] = [];
  // base
  a.push(
    ellipse(600, 1000, 210, 44, `fill="${darken(body, c.dark ? 0.2 : 0.4)}"`),
    ellipse(600, 990, 210, 40, `fill="url(#${p}ib)"`),
  );
  a.push(ellipse(600, 984, 150, 22, `fill="#ffffff" fill-opacity="0.08"`));
  // post
  a.push(rect(584, 830, 32, 160, 10, `fill="url(#${p}im)"`));
  // yoke
  const yl = bx - 40;
  const yr = bx + bw + 40;
  a.push(
    `<path d="M ${yl} 560 L ${yl} 800 Q ${yl} 850 ${yl + 50} 850 L ${yr - 50} 850 Q ${yr} 850 ${yr} 800 L ${yr} 560" fill="none" stroke="url(#${p}im)" stroke-width="24" stroke-linecap="round"/>`,
  );
  if (rgb) a.push(ellipse(600, top + 180, bw * 1.3, 260, `fill="url(#${p}ia)" opacity="0.5"`));
  // body capsule
  a.push(
    rect(
      bx,
      top,
      bw,
      bottom - top,
      bw / 2,
      `fill="url(#${p}ib)" stroke="${c.dark ? lighten(body, 0.2) : darken(body, 0.3)}" stroke-width="3"`,
    ),
  );
  // grille
  const gx = bx + 8;
  const gw = bw - 16;
  a.push(rect(gx, top + 8, gw, grilleEnd - top, gw / 2, `fill="url(#${p}ig)"`));
  a.push(rect(gx, top + 8, gw, grilleEnd - top, gw / 2, `fill="url(#${p}is)"`));
  a.push(rect(gx, top + 8, gw, grilleEnd - top, gw / 2, `fill="url(#${p}ih)"`));
  // accent band under the grille
  a.push(rect(bx - 2, grilleEnd + 2, bw + 4, 20, 6, `fill="${accent}"`));
  if (dynamic) {
    a.push(rect(bx - 2, grilleEnd + 22, bw + 4, 260, 14, `fill="url(#${p}ib)"`));
    for (let i = 0; i < 6; i++)
      a.push(rect(bx + 6, grilleEnd + 60 + i * 18, bw - 12, 6, 3, `fill="#000000" fill-opacity="0.22"`));
  }
  // controls
  const muteY = grilleEnd + 80;
  a.push(
    circle(600, muteY, 44, `fill="url(#${p}ia)"`),
    circle(600, muteY, 26, `fill="${darken(body, 0.4)}" stroke="${accent}" stroke-width="5"`),
  );
  if (!dynamic && !mini) {
    a.push(
      circle(600, muteY + 110, 30, `fill="url(#${p}im)"`),
      circle(600, muteY + 110, 30, `fill="none" stroke="${darken(metal, 0.5)}" stroke-width="2"`),
    );
    a.push(rect(597, muteY + 84, 6, 16, 3, `fill="${accent}"`));
  }
  // yoke knobs
  for (const x of [yl, yr]) {
    a.push(circle(x, 560, 34, `fill="${darken(body, 0.3)}"`), circle(x, 560, 28, `fill="url(#${p}im)"`));
  }
  return {
    defs: defs.join(""),
    art: a.join(""),
    mode: "upright",
    floor: { cx: 600, cy: 1010, rx: 260, ry: 36 },
    focus: [600, grilleEnd - 40],
    zoom: 1.7,
  };
}

// ----------------------------------------------------------------------------- webcam

function drawWebcam(c: Ctx): Drawn {
  const { body, accent, p } = c;
  const pro = /4k|pro/i.test(c.name);
  const bw = pro ? 600 : 520;
  const bh = pro ? 200 : 180;
  const bx = 600 - bw / 2;
  const by = 400;
  const rx = c.seed % 2 === 0 ? bh / 2 : 46;
  const lx = 600;
  const ly = by + bh / 2;
  const lr = pro ? 90 : 78;
  const defs = [
    lin(`${p}wb`, [
      [0, lighten(body, c.dark ? 0.25 : 0.6)],
      [0.5, body],
      [1, darken(body, c.dark ? 0.4 : 0.22)],
    ]),
    rad(
      `${p}wl`,
      [
        [0, "#3a4a7a"],
        [0.45, "#121a33"],
        [0.8, "#05070d"],
        [1, "#000000"],
      ],
      0.45,
      0.4,
      0.6,
    ),
    lin(
      `${p}wm`,
      [
        [0, "#e0e4ea"],
        [0.5, "#7d838c"],
        [1, "#30343a"],
      ],
      0,
      0,
      1,
      1,
    ),
    rad(`${p}wa`, [
      [0, accent, 0.5],
      [1, accent, 0],
    ]),
    lin(`${p}wg`, [
      [0, "#ffffff", 0.35],
      [1, "#ffffff", 0],
    ]),
  ];
  const a: string[] = [];
  // small desk tripod: ball head, column, three legs
  const jy = by + bh;
  const legCol = c.dark ? lighten(body, 0.08) : "#2f3238";
  const feetY = 960;
  a.push(
    `<path d="M 600 ${jy + 190} L 430 ${feetY} M 600 ${jy + 190} L 770 ${feetY}" stroke="${darken(legCol, 0.25)}" stroke-width="18" stroke-linecap="round"/>`,
  );
  a.push(rect(588, jy + 40, 24, 160, 8, `fill="url(#${p}wm)"`));
  a.push(
    `<path d="M 600 ${jy + 190} L 620 ${feetY + 30}" stroke="${legCol}" stroke-width="22" stroke-linecap="round"/>`,
  );
  a.push(rect(560, jy + 176, 80, 30, 12, `fill="${legCol}"`));
  a.push(
    ellipse(430, feetY + 4, 22, 10, `fill="#15161a"`),
    ellipse(770, feetY + 4, 22, 10, `fill="#15161a"`),
    ellipse(620, feetY + 34, 26, 12, `fill="#15161a"`),
  );
  a.push(circle(600, jy + 30, 28, `fill="url(#${p}wm)"`));
  a.push(rect(578, jy - 8, 44, 30, 8, `fill="${darken(body, c.dark ? 0.1 : 0.4)}"`));
  // body
  a.push(
    rect(
      bx,
      by,
      bw,
      bh,
      rx,
      `fill="url(#${p}wb)" stroke="${c.dark ? lighten(body, 0.2) : darken(body, 0.28)}" stroke-width="3"`,
    ),
  );
  a.push(rect(bx + 20, by + 10, bw - 40, bh * 0.35, rx * 0.6, `fill="url(#${p}wg)"`));
  // front glass strip
  a.push(rect(bx + 30, by + 26, bw - 60, bh - 52, (bh - 52) / 2, `fill="#0b0d12" fill-opacity="0.92"`));
  // lens
  a.push(circle(lx, ly, lr + 22, `fill="${darken(body, c.dark ? 0.2 : 0.4)}"`));
  a.push(circle(lx, ly, lr + 8, `fill="url(#${p}wm)"`));
  a.push(circle(lx, ly, lr - 4, `fill="url(#${p}wl)"`));
  a.push(circle(lx, ly, lr * 0.62, `fill="none" stroke="#2b3a66" stroke-width="3"`));
  a.push(circle(lx, ly, lr * 0.34, `fill="#04050a"`));
  a.push(circle(lx, ly, lr * 0.8, `fill="none" stroke="${accent}" stroke-opacity="0.35" stroke-width="4"`));
  a.push(
    ellipse(
      lx - lr * 0.35,
      ly - lr * 0.38,
      lr * 0.22,
      lr * 0.13,
      `fill="#ffffff" fill-opacity="0.75" transform="rotate(-35 ${n(lx - lr * 0.35)} ${n(ly - lr * 0.38)})"`,
    ),
  );
  a.push(circle(lx + lr * 0.3, ly + lr * 0.28, lr * 0.07, `fill="#ffffff" fill-opacity="0.5"`));
  // status LED and mic holes
  a.push(circle(lx + lr + 60, ly, 14, `fill="url(#${p}wa)"`), circle(lx + lr + 60, ly, 6, `fill="${accent}"`));
  const holes: string[] = [];
  for (const side of [-1, 1]) {
    const hx = lx + side * (bw / 2 - 80);
    for (let i = 0; i < 3; i++)
      for (let j = 0; j < 3; j++) holes.push(circle(hx + (i - 1) * 12, ly + (j - 1) * 12, 3.2, ""));
  }
  a.push(`<g fill="#4a505a">${holes.join("")}</g>`);
  a.push(emblem(lx - lr - 60, ly, 24, lighten(accent, 0.2), c.brandVariant));
  return {
    defs: defs.join(""),
    art: a.join(""),
    mode: "upright",
    floor: { cx: 600, cy: 975, rx: 280, ry: 44 },
    focus: [lx, ly],
    zoom: 2.1,
  };
}

// ----------------------------------------------------------------------------- stream deck

const GLYPHS = [
  "M -4 -22 L -4 -2 M -16 -8 C -16 10 16 10 16 -8 M 0 8 L 0 20 M -10 20 L 10 20", // mic (stroke)
  "M -12 -16 L 18 0 L -12 16 Z", // play
  "M -16 -16 H 16 V 16 H -16 Z", // stop
  "M 4 -22 L -12 4 L 0 4 L -4 22 L 12 -4 L 0 -4 Z", // bolt
  "M 0 18 C -26 0 -18 -22 0 -10 C 18 -22 26 0 0 18 Z", // heart
  "M 0 -20 L 6 -6 L 21 -6 L 9 3 L 13 18 L 0 9 L -13 18 L -9 3 L -21 -6 L -6 -6 Z", // star
  "M -20 -14 H 8 V 14 H -20 Z M 8 -4 L 20 -12 V 12 L 8 4 Z", // camera
  "M -18 -18 H -3 V -3 H -18 Z M 3 -18 H 18 V -3 H 3 Z M -18 3 H -3 V 18 H -18 Z M 3 3 H 18 V 18 H 3 Z", // scenes
  "M -18 -6 H -8 L 4 -16 V 16 L -8 6 H -18 Z", // speaker
  "M -18 -16 H 18 V 8 H -2 L -12 18 V 8 H -18 Z", // chat
];

function drawStreamdeck(c: Ctx): Drawn {
  const { body, accent, p } = c;
  const cols = /mini/i.test(c.name) ? 3 : /xl/i.test(c.name) ? 8 : 5;
  const rows = /mini/i.test(c.name) ? 2 : /xl/i.test(c.name) ? 4 : 3;
  const k = cols === 8 ? 92 : 118;
  const g = cols === 8 ? 20 : 28;
  const padX = cols === 8 ? 50 : 60;
  const padY = cols === 8 ? 50 : 60;
  const w = cols * k + (cols - 1) * g + padX * 2;
  const h = rows * k + (rows - 1) * g + padY * 2;
  const x0 = 600 - w / 2;
  const y0 = 580 - h / 2;
  const hue = hueOf(accent);
  const defs = [
    lin(`${p}sb`, [
      [0, lighten(body, c.dark ? 0.2 : 0.5)],
      [1, darken(body, c.dark ? 0.3 : 0.2)],
    ]),
    lin(`${p}sg`, [
      [0, "#ffffff", 0.22],
      [0.45, "#ffffff", 0.04],
      [0.5, "#ffffff", 0],
    ]),
  ];
  const a: string[] = [];
  // stand foot behind
  a.push(
    `<path d="M ${n(x0 + w * 0.22)} ${n(y0 + h - 20)} L ${n(x0 + w * 0.78)} ${n(y0 + h - 20)} L ${n(x0 + w * 0.84)} ${n(y0 + h + 70)} L ${n(x0 + w * 0.16)} ${n(y0 + h + 70)} Z" fill="${darken(body, c.dark ? 0.1 : 0.4)}"/>`,
  );
  a.push(
    rect(
      x0,
      y0,
      w,
      h,
      40,
      `fill="url(#${p}sb)" stroke="${c.dark ? lighten(body, 0.22) : darken(body, 0.3)}" stroke-width="3"`,
    ),
  );
  a.push(rect(x0 + 8, y0 + 6, w - 16, 12, 6, `fill="#ffffff" fill-opacity="${c.dark ? 0.1 : 0.4}"`));
  const keys: string[] = [];
  const glyphs: string[] = [];
  const gloss: string[] = [];
  let i = 0;
  for (let r = 0; r < rows; r++) {
    for (let q = 0; q < cols; q++) {
      const x = x0 + padX + q * (k + g);
      const y = y0 + padY + r * (k + g);
      const hh = (hashString(`${c.name}:${i}`) % 1000) / 1000;
      const blank = hh < 0.12;
      const keyHue = hue + Math.floor(hh * 6) * 55;
      keys.push(rect(x - 4, y - 4, k + 8, k + 8, 22, `fill="${darken(body, 0.5)}"`));
      if (blank) {
        keys.push(rect(x, y, k, k, 18, `fill="#0b0c10"`));
      } else {
        keys.push(rect(x, y, k, k, 18, `fill="${hsl(keyHue, 0.75, 0.38 + (i % 3) * 0.06)}"`));
        keys.push(
          rect(x + 6, y + k * 0.55, k - 12, k * 0.4, 14, `fill="${hsl(keyHue + 25, 0.8, 0.25)}" fill-opacity="0.6"`),
        );
        const gl = GLYPHS[hashString(`${c.name}#${i}`) % GLYPHS.length]!;
        const stroke = gl.startsWith("M -4 -22");
        const s = k / 80;
        glyphs.push(
          `<path transform="translate(${n(x + k / 2)} ${n(y + k / 2)}) scale(${n(s * 100) / 100})" d="${gl}" ${stroke ? `fill="none" stroke="#ffffff" stroke-width="5" stroke-linecap="round"` : `fill="#ffffff"`}/>`,
        );
      }
      gloss.push(rect(x, y, k, k, 18, ""));
      i++;
    }
  }
  a.push(keys.join(""), `<g opacity="0.92">${glyphs.join("")}</g>`, `<g fill="url(#${p}sg)">${gloss.join("")}</g>`);
  a.push(emblem(600, y0 + h - padY / 2 + 2, 18, c.dark ? lighten(body, 0.45) : darken(body, 0.45), c.brandVariant));
  return {
    defs: defs.join(""),
    art: a.join(""),
    mode: "flat",
    silhouette: rect(x0, y0, w, h, 40, ""),
    depth: 40,
    tilt: { angle: -16, scale: cols === 8 ? 1 : 1.05, squash: 0.72 },
    focus: [x0 + padX + k, y0 + padY + k * 0.9],
    zoom: cols === 3 ? 1.7 : 2,
  };
}

// ----------------------------------------------------------------------------- capture card (isometric box)

function drawCapturecard(c: Ctx): Drawn {
  const { body, accent, p } = c;
  const pro = /pro|4k/i.test(c.name);
  const W = pro ? 560 : 500;
  const D = pro ? 330 : 300;
  const H = pro ? 84 : 70;
  const view1 = c.view === 1;
  const ax: [number, number] = view1 ? [0.82, 0.42] : [0.92, 0.28];
  const ay: [number, number] = view1 ? [-0.72, 0.3] : [-0.55, 0.38];
  // centre the box
  const cxw = (W * ax[0] + D * ay[0]) / 2;
  const cyw = (W * ax[1] + D * ay[1]) / 2 - H / 2;
  const ox = 600 - cxw;
  const oy = 600 - cyw;
  const mTop = `matrix(${ax[0]} ${ax[1]} ${ay[0]} ${ay[1]} ${n(ox)} ${n(oy - H)})`;
  const mRight = `matrix(${ay[0]} ${ay[1]} 0 1 ${n(ox + W * ax[0])} ${n(oy + W * ax[1] - H)})`;
  const mFront = `matrix(${ax[0]} ${ax[1]} 0 1 ${n(ox + D * ay[0])} ${n(oy + D * ay[1] - H)})`;
  const defs = [
    lin(
      `${p}xt`,
      [
        [0, lighten(body, c.dark ? 0.22 : 0.5)],
        [1, darken(body, c.dark ? 0.1 : 0.08)],
      ],
      0,
      0,
      1,
      1,
    ),
    lin(`${p}xf`, [
      [0, darken(body, c.dark ? 0.1 : 0.15)],
      [1, darken(body, c.dark ? 0.45 : 0.35)],
    ]),
    lin(`${p}xr`, [
      [0, darken(body, c.dark ? 0.25 : 0.25)],
      [1, darken(body, c.dark ? 0.55 : 0.45)],
    ]),
    rad(`${p}xa`, [
      [0, accent, 0.9],
      [1, accent, 0],
    ]),
  ];
  const a: string[] = [];
  // top face
  const top: string[] = [];
  top.push(rect(0, 0, W, D, 0, `fill="url(#${p}xt)"`));
  top.push(
    rect(
      14,
      14,
      W - 28,
      D - 28,
      22,
      `fill="none" stroke="#ffffff" stroke-opacity="${c.dark ? 0.12 : 0.5}" stroke-width="3"`,
    ),
  );
  // accent light bar and emblem
  if (pro) {
    top.push(
      `<path d="M ${W * 0.12} ${D * 0.82} L ${W * 0.55} ${D * 0.82} L ${W * 0.65} ${D * 0.18} L ${W * 0.88} ${D * 0.18}" fill="none" stroke="${accent}" stroke-width="10" stroke-linecap="round" stroke-linejoin="round"/>`,
    );
  } else {
    top.push(rect(W * 0.1, D * 0.75, W * 0.8, 12, 6, `fill="${accent}"`));
  }
  top.push(circle(W * 0.5, D * 0.45, 70, `fill="url(#${p}xa)"`));
  top.push(emblem(W * 0.5, D * 0.45, 56, c.dark ? lighten(accent, 0.2) : darken(accent, 0.1), c.brandVariant));
  top.push(circle(W * 0.9, D * 0.82, 7, `fill="${accent}"`));
  // right face (ports)
  const right: string[] = [];
  right.push(rect(0, 0, D, H, 0, `fill="url(#${p}xr)"`));
  const hdmi = (x: number, y: number) =>
    `<path d="M ${x} ${y} L ${x + 64} ${y} L ${x + 64} ${y + 16} L ${x + 56} ${y + 24} L ${x + 8} ${y + 24} L ${x} ${y + 16} Z" fill="#0a0b0e" stroke="#8d939c" stroke-width="3"/>` +
    rect(x + 10, y + 7, 44, 6, 2, `fill="#c9a24a"`);
  right.push(hdmi(D * 0.12, H * 0.5 - 12), hdmi(D * 0.42, H * 0.5 - 12));
  right.push(rect(D * 0.74, H * 0.5 - 9, 46, 18, 9, `fill="#0a0b0e" stroke="#8d939c" stroke-width="3"`));
  // front face
  const front: string[] = [];
  front.push(rect(0, 0, W, H, 0, `fill="url(#${p}xf)"`));
  front.push(rect(W * 0.06, H * 0.45, W * 0.3, 6, 3, `fill="${accent}" fill-opacity="0.9"`));
  if (!pro) front.push(circle(W * 0.85, H * 0.5, 9, `fill="#0a0b0e" stroke="#8d939c" stroke-width="3"`));
  a.push(`<g transform="${mFront}">${front.join("")}</g>`);
  a.push(`<g transform="${mRight}">${right.join("")}</g>`);
  a.push(`<g transform="${mTop}">${top.join("")}</g>`);
  // edge highlights
  const P = (x: number, y: number, z: number): string =>
    `${n(ox + x * ax[0] + y * ay[0])} ${n(oy + x * ax[1] + y * ay[1] - z)}`;
  a.push(
    `<path d="M ${P(0, D, H)} L ${P(W, D, H)} L ${P(W, 0, H)}" fill="none" stroke="#ffffff" stroke-opacity="${c.dark ? 0.35 : 0.8}" stroke-width="3" stroke-linejoin="round"/>`,
  );
  // cable out of the back
  a.push(
    `<path d="M ${P(W * 0.3, 0, H * 0.5)} C ${P(W * 0.3, -200, H * 0.5)} ${P(-100, -300, 0)} ${P(-300, -420, 0)}" fill="none" stroke="#15161a" stroke-width="12" stroke-linecap="round"/>`,
  );
  const sil = `<path d="M ${P(0, 0, H)} L ${P(W, 0, H)} L ${P(W, 0, 0)} L ${P(W, D, 0)} L ${P(0, D, 0)} L ${P(0, D, H)} Z"/>`;
  const ports = P(W, D * 0.4, H * 0.5)
    .split(" ")
    .map(Number) as [number, number];
  return {
    defs: defs.join(""),
    art: a.join(""),
    mode: "custom",
    silhouette: sil,
    focus: [ports[0] - 60, ports[1] - 40],
    zoom: 1.8,
  };
}

// ----------------------------------------------------------------------------- speakers

function drawSpeaker(c: Ctx): Drawn {
  const { body, accent, p } = c;
  const sub = /2\.1/.test(c.name);
  const studio = /studio|monitor/i.test(c.name);
  const mini = /mini/i.test(c.name);
  const rgb = /rgb/i.test(c.name) || (!studio && c.seed % 2 === 0);
  const sw = mini ? 220 : studio ? 290 : 260;
  const sh = mini ? 330 : studio ? 470 : 430;
  const floorY = 930;
  const defs = [
    lin(`${p}sf`, [
      [0, lighten(body, c.dark ? 0.16 : 0.4)],
      [1, darken(body, c.dark ? 0.3 : 0.15)],
    ]),
    lin(
      `${p}ss`,
      [
        [0, c.dark ? lighten(body, 0.04) : darken(body, 0.18)],
        [1, c.dark ? darken(body, 0.3) : darken(body, 0.35)],
      ],
      0,
      0,
      1,
      0,
    ),
    rad(
      `${p}sw`,
      [
        [0, "#5a5e66"],
        [0.35, "#202228"],
        [0.8, "#0e0f12"],
        [1, "#2a2c31"],
      ],
      0.45,
      0.4,
      0.6,
    ),
    rad(
      `${p}sd`,
      [
        [0, "#8a9099"],
        [1, "#24262b"],
      ],
      0.4,
      0.35,
      0.6,
    ),
    rad(`${p}sa`, [
      [0, accent, 0.7],
      [1, accent, 0],
    ]),
    studio
      ? rad(
          `${p}sy`,
          [
            [0, lighten(accent, 0.4)],
            [0.6, accent],
            [1, darken(accent, 0.5)],
          ],
          0.4,
          0.35,
          0.65,
        )
      : "",
  ];
  const driver = (cx: number, cy: number, r: number) => {
    let s = circle(cx, cy, r + 16, `fill="${darken(body, c.dark ? 0.45 : 0.3)}"`);
    if (rgb) s += circle(cx, cy, r + 12, `fill="none" stroke="${accent}" stroke-width="7"`);
    s += circle(cx, cy, r + 4, `fill="#1b1c20"`);
    s += circle(cx, cy, r, `fill="${studio ? `url(#${p}sy)` : `url(#${p}sw)`}"`);
    s += circle(cx, cy, r * 0.62, `fill="none" stroke="#000000" stroke-opacity="0.35" stroke-width="3"`);
    s += circle(cx, cy, r * 0.3, `fill="url(#${p}sd)"`);
    s += ellipse(
      cx - r * 0.35,
      cy - r * 0.4,
      r * 0.25,
      r * 0.12,
      `fill="#ffffff" fill-opacity="0.18" transform="rotate(-35 ${n(cx - r * 0.35)} ${n(cy - r * 0.4)})"`,
    );
    return s;
  };
  const speaker = (cx: number, mirror: boolean) => {
    const x0 = cx - sw / 2;
    const y0 = floorY - sh;
    const sideW = 46;
    const out: string[] = [];
    // visible outer side face
    out.push(
      `<path d="M ${x0} ${y0 + 10} L ${x0 - sideW} ${y0 - 12} L ${x0 - sideW} ${y0 + sh - 22} L ${x0} ${y0 + sh} Z" fill="url(#${p}ss)"/>`,
    );
    out.push(
      `<path d="M ${x0} ${y0 + 10} L ${x0 - sideW} ${y0 - 12} L ${x0 - sideW} ${y0 + sh - 22} L ${x0} ${y0 + sh}" fill="none" stroke="${c.dark ? lighten(body, 0.15) : darken(body, 0.3)}" stroke-width="2"/>`,
    );
    out.push(
      rect(
        x0,
        y0,
        sw,
        sh,
        10,
        `fill="url(#${p}sf)" stroke="${c.dark ? lighten(body, 0.2) : darken(body, 0.25)}" stroke-width="3"`,
      ),
    );
    const wr = sw * 0.36;
    const tr = sw * 0.13;
    const tY = y0 + sh * (mini ? 0.26 : 0.22);
    const wY = y0 + sh * (mini ? 0.62 : 0.6);
    out.push(driver(cx, tY, tr));
    out.push(driver(cx, wY, wr));
    if (studio) out.push(rect(cx - sw * 0.3, y0 + sh - 40, sw * 0.6, 12, 6, `fill="#111214"`));
    else out.push(circle(cx + sw * 0.32, y0 + sh - 34, 9, `fill="${accent}"`));
    const g = out.join("");
    return mirror ? `<g transform="translate(${2 * cx} 0) scale(-1 1)">${g}</g>` : g;
  };
  const a: string[] = [];
  const gap = sub ? 365 : mini ? 230 : 270;
  if (rgb) a.push(ellipse(600, floorY - sh / 2, 520, sh * 0.8, `fill="url(#${p}sa)" opacity="0.35"`));
  if (sub) {
    const bw = 300;
    const bh = 300;
    a.push(
      `<path d="M ${600 - bw / 2 + 4} ${floorY - bh + 12} L ${600 - bw / 2 + 34} ${floorY - bh - 24} L ${600 + bw / 2 - 34} ${floorY - bh - 24} L ${600 + bw / 2 - 4} ${floorY - bh + 12} Z" fill="${c.dark ? lighten(body, 0.12) : darken(body, 0.08)}"/>`,
    );
    a.push(
      rect(
        600 - bw / 2,
        floorY - bh,
        bw,
        bh,
        20,
        `fill="url(#${p}sf)" stroke="${c.dark ? lighten(body, 0.2) : darken(body, 0.25)}" stroke-width="3"`,
      ),
    );
    a.push(driver(600, floorY - bh / 2, 100));
  }
  a.push(speaker(600 - gap, false), speaker(600 + gap, true));
  return {
    defs: defs.join(""),
    art: a.join(""),
    mode: "upright",
    floor: { cx: 600, cy: floorY + 6, rx: gap + sw / 2 + 60, ry: 40 },
    fit: sub ? 0.95 : mini ? 1.2 : 1.06,
    focus: [600 - gap, floorY - sh * 0.45],
    zoom: 1.75,
  };
}

// ----------------------------------------------------------------------------- composition

const DRAWERS: Record<SeedProduct["kind"], (c: Ctx) => Drawn> = {
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

function composeObject(c: Ctx, d: Drawn): { defs: string; svg: string } {
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

// ----------------------------------------------------------------------------- hero banners

/** Place a product drawing (drawn in a 1200 box) into a hero with the given transform, flat-tilted or not. */
function heroObject(
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

function bokeh(seed: number, count: number, colors: string[], area: [number, number, number, number]): string {
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

/** A 1600x640 hero banner without text; darker on the left so white copy stays readable. */
export function renderHeroSvg(index: 0 | 1 | 2 | 3): string {
  const W = 1600;
  const H = 640;
  const defs: string[] = [];
  const body: string[] = [];
  // left-side darkening for copy
  defs.push(
    lin(
      "copy",
      [
        [0, "#05060a", 0.78],
        [0.38, "#05060a", 0.45],
        [0.62, "#05060a", 0],
      ],
      0,
      0,
      1,
      0,
    ),
  );
  if (index === 0) {
    // synthwave grid with a floating RGB keyboard
    defs.push(
      lin("sky", [
        [0, "#07051a"],
        [0.55, "#1c0b45"],
        [1, "#3a0b5e"],
      ]),
    );
    defs.push(
      lin("sun", [
        [0, "#ffd36e"],
        [0.5, "#ff5fa2"],
        [1, "#b14cff"],
      ]),
    );
    defs.push(
      radU(
        "glow",
        [
          [0, "#ff3fd0", 0.55],
          [1, "#ff3fd0", 0],
        ],
        1120,
        360,
        520,
      ),
    );
    body.push(rect(0, 0, W, H, 0, `fill="url(#sky)"`));
    body.push(circle(1120, 360, 520, `fill="url(#glow)"`));
    const sunBars: string[] = [];
    for (let i = 0; i < 6; i++) sunBars.push(rect(900, 300 + i * 22, 440, 4 + i * 2.2, 0, `fill="#000000"`));
    defs.push(`<mask id="sunmask"><rect width="${W}" height="${H}" fill="#ffffff"/><g>${sunBars.join("")}</g></mask>`);
    body.push(circle(1120, 300, 200, `fill="url(#sun)" fill-opacity="0.9" mask="url(#sunmask)"`));
    // ground grid
    body.push(rect(0, 420, W, 220, 0, `fill="#0b0420"`));
    const grid: string[] = [];
    for (let i = -30; i <= 30; i++) grid.push(`M ${1120 + i * 30} 420 L ${1120 + i * 190} 660`);
    for (let i = 1; i <= 9; i++) {
      const y = 420 + 240 * Math.pow(i / 9, 1.9);
      grid.push(`M 0 ${n(y)} L ${W} ${n(y)}`);
    }
    body.push(`<path d="${grid.join(" ")}" stroke="#ff4fd8" stroke-opacity="0.55" stroke-width="2" fill="none"/>`);
    body.push(rect(0, 418, W, 4, 0, `fill="#ff8be6" fill-opacity="0.8"`));
    body.push(bokeh(11, 26, ["#ff4fd8", "#6ae3ff", "#ffffff"], [500, 20, 1100, 360]));
    const kb = heroObject(
      "keyboard",
      "Hero Pro Wireless Mechanical RGB",
      ["#14121c", "#ff3fd0"],
      "translate(640 -30) scale(0.72)",
      "k",
      { tiltFlat: true },
    );
    defs.push(kb.defs);
    body.push(kb.svg);
  } else if (index === 1) {
    // headset with sound waves on deep teal
    defs.push(
      radU(
        "bg1",
        [
          [0, "#0f4c5c"],
          [0.5, "#08263a"],
          [1, "#040b14"],
        ],
        1150,
        320,
        900,
      ),
    );
    defs.push(
      radU(
        "g1",
        [
          [0, "#39e6ff", 0.45],
          [1, "#39e6ff", 0],
        ],
        1150,
        330,
        420,
      ),
    );
    body.push(rect(0, 0, W, H, 0, `fill="url(#bg1)"`));
    body.push(circle(1150, 330, 420, `fill="url(#g1)"`));
    const rings: string[] = [];
    for (let i = 1; i <= 9; i++)
      rings.push(
        circle(
          1150,
          330,
          160 + i * 60,
          `fill="none" stroke="#39e6ff" stroke-opacity="${n(0.36 - i * 0.035)}" stroke-width="${n(4 - i * 0.3)}"`,
        ),
      );
    body.push(rings.join(""));
    // equaliser bars
    const r = prng(7);
    const bars: string[] = [];
    for (let i = 0; i < 40; i++) {
      const h = 20 + r() * 120;
      bars.push(rect(560 + i * 26, 640 - h, 14, h, 4, `fill="#39e6ff" fill-opacity="${n(0.12 + r() * 0.2)}"`));
    }
    body.push(bars.join(""));
    body.push(bokeh(21, 22, ["#39e6ff", "#9bffea", "#ffffff"], [600, 0, 1000, 640]));
    const hs = heroObject("headset", "Hero Wireless", ["#15181d", "#39e6ff"], "translate(810 -50) scale(0.6)", "h");
    defs.push(hs.defs);
    body.push(hs.svg);
  } else if (index === 2) {
    // controller with speed streaks, magenta to orange
    defs.push(
      lin(
        "bg2",
        [
          [0, "#0d0614"],
          [0.5, "#2b0a2e"],
          [1, "#4a1020"],
        ],
        0,
        0,
        1,
        1,
      ),
    );
    defs.push(
      radU(
        "g2",
        [
          [0, "#ff5a36", 0.55],
          [1, "#ff5a36", 0],
        ],
        1140,
        330,
        480,
      ),
    );
    defs.push(
      lin(
        "streak",
        [
          [0, "#ff8a3d", 0],
          [0.7, "#ff8a3d", 0.8],
          [1, "#ffd0a8", 1],
        ],
        0,
        0,
        1,
        0,
      ),
    );
    body.push(rect(0, 0, W, H, 0, `fill="url(#bg2)"`));
    body.push(circle(1140, 330, 480, `fill="url(#g2)"`));
    const r = prng(3);
    const streaks: string[] = [];
    for (let i = 0; i < 34; i++) {
      const y = r() * H;
      const len = 160 + r() * 420;
      const x = 300 + r() * 1100;
      streaks.push(
        rect(
          x,
          y,
          len,
          2 + r() * 4,
          2,
          `fill="url(#streak)" opacity="${n(0.25 + r() * 0.5)}" transform="rotate(-14 ${n(x)} ${n(y)})"`,
        ),
      );
    }
    body.push(streaks.join(""));
    body.push(bokeh(31, 20, ["#ff8a3d", "#ff3d7f", "#ffffff"], [600, 0, 1000, 640]));
    const ct = heroObject(
      "controller",
      "Hero Wireless Controller",
      ["#17151c", "#ff6a3d"],
      "translate(1140 330) rotate(-12) scale(0.62) translate(-600 -640)",
      "c",
    );
    defs.push(ct.defs);
    body.push(ct.svg);
  } else {
    // deals: warm stripes, floating tags and gear silhouettes
    defs.push(
      lin(
        "bg3",
        [
          [0, "#12060a"],
          [0.55, "#3a0d12"],
          [1, "#6b1d0f"],
        ],
        0,
        0,
        1,
        1,
      ),
    );
    defs.push(
      radU(
        "g3",
        [
          [0, "#ffb020", 0.5],
          [1, "#ffb020", 0],
        ],
        1150,
        300,
        520,
      ),
    );
    defs.push(
      lin(
        "tag",
        [
          [0, "#ffcf4a"],
          [1, "#ff7a1a"],
        ],
        0,
        0,
        1,
        1,
      ),
    );
    defs.push(
      lin(
        "tag2",
        [
          [0, "#ff5470"],
          [1, "#c8103a"],
        ],
        0,
        0,
        1,
        1,
      ),
    );
    body.push(rect(0, 0, W, H, 0, `fill="url(#bg3)"`));
    const stripes: string[] = [];
    for (let i = 0; i < 16; i++)
      stripes.push(
        `<path d="M ${500 + i * 90} ${H} L ${740 + i * 90} 0 L ${780 + i * 90} 0 L ${540 + i * 90} ${H} Z" fill="#ffffff" fill-opacity="0.035"/>`,
      );
    body.push(stripes.join(""));
    body.push(circle(1150, 300, 520, `fill="url(#g3)"`));
    const tag = (x: number, y: number, s: number, rot: number, fill: string) =>
      `<g transform="translate(${x} ${y}) rotate(${rot}) scale(${s})"><path d="M -120 -70 L 70 -70 L 140 0 L 70 70 L -120 70 C -135 70 -140 60 -140 50 L -140 -50 C -140 -60 -135 -70 -120 -70 Z" fill="${fill}"/><circle cx="82" cy="0" r="16" fill="#3a0d12"/><rect x="-110" y="-18" width="150" height="12" rx="6" fill="#ffffff" fill-opacity="0.55"/><rect x="-110" y="8" width="100" height="12" rx="6" fill="#ffffff" fill-opacity="0.35"/></g>`;
    // sparkles and bokeh behind the objects
    const r = prng(5);
    const sp: string[] = [];
    for (let i = 0; i < 18; i++) {
      const x = 620 + r() * 940;
      const y = 30 + r() * 580;
      const s = 6 + r() * 14;
      sp.push(
        `<path d="M ${n(x)} ${n(y - s)} Q ${n(x)} ${n(y)} ${n(x + s)} ${n(y)} Q ${n(x)} ${n(y)} ${n(x)} ${n(y + s)} Q ${n(x)} ${n(y)} ${n(x - s)} ${n(y)} Q ${n(x)} ${n(y)} ${n(x)} ${n(y - s)} Z" fill="#ffe29a" fill-opacity="${n(0.4 + r() * 0.5)}"/>`,
      );
    }
    body.push(sp.join(""));
    body.push(bokeh(41, 18, ["#ffb020", "#ff5470", "#ffffff"], [600, 0, 1000, 640]));
    body.push(
      tag(1290, 180, 1.05, -18, "url(#tag)"),
      tag(890, 470, 0.78, 10, "url(#tag2)"),
      tag(1490, 500, 0.6, 28, "url(#tag)"),
    );
    const ms = heroObject(
      "mouse",
      "Hero Wireless",
      ["#19171c", "#ffb020"],
      "translate(1080 110) rotate(22) scale(0.37)",
      "m",
    );
    defs.push(ms.defs);
    body.push(ms.svg);
  }
  body.push(rect(0, 0, W, H, 0, `fill="url(#copy)"`));
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}"><defs>${defs.join("")}</defs>${body.join("")}</svg>`;
}
