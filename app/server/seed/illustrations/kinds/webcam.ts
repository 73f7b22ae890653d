// The webcam drawing.
import { lighten, darken } from "../color";
import { n, lin, rad, rect, circle, ellipse, emblem } from "../svg";
import { type Ctx, type Drawn } from "../context";

export function drawWebcam(c: Ctx): Drawn {
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
