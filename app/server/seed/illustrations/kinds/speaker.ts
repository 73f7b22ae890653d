// The speakers drawing.
import { lighten, darken } from "../color";
import { n, lin, rad, rect, circle, ellipse } from "../svg";
import { type Ctx, type Drawn } from "../context";

export function drawSpeaker(c: Ctx): Drawn {
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
