// The monitor drawing.
import { mix, lighten, darken } from "../color";
import { prng } from "../random";
import { n, lin, rect, circle, ellipse, emblem } from "../svg";
import { type Ctx, type Drawn } from "../context";

export function drawMonitor(c: Ctx): Drawn {
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
