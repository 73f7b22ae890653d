// The capture card (isometric box) drawing.
import { lighten, darken } from "../color";
import { n, lin, rad, rect, circle, emblem } from "../svg";
import { type Ctx, type Drawn } from "../context";

export function drawCapturecard(c: Ctx): Drawn {
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
