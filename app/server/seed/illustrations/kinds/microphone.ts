// The microphone drawing.
import { lighten, darken } from "../color";
import { lin, rad, rect, circle, ellipse } from "../svg";
import { type Ctx, type Drawn } from "../context";

export function drawMicrophone(c: Ctx): Drawn {
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
