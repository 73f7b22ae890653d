// The stream deck drawing.
import { lighten, darken, hsl, hueOf } from "../color";
import { hashString } from "../random";
import { n, lin, rect, emblem } from "../svg";
import { type Ctx, type Drawn } from "../context";

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

export function drawStreamdeck(c: Ctx): Drawn {
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
