// The controller drawing.
import { mix, lighten, darken, hsl, hueOf } from "../color";
import { lin, rad, rect, circle, ellipse, emblem } from "../svg";
import { type Ctx, type Drawn } from "../context";

export function drawController(c: Ctx): Drawn {
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
