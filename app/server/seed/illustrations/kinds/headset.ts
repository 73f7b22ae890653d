// The headset drawing.
import { mix, lighten, darken } from "../color";
import { lin, rad, rect, circle, ellipse, emblem } from "../svg";
import { type Ctx, type Drawn } from "../context";

export function drawHeadset(c: Ctx): Drawn {
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
