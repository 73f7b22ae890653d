import { prng } from "../random";
import { n, lin, radU, rect, circle } from "../svg";
import { W, H, heroObject, bokeh } from "./common";

/** Banner 4 of the home page (deals): warm stripes, floating tags and gear silhouettes. */
export function dealsScene(defs: string[], body: string[]): void {
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
