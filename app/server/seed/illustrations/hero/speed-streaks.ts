import { prng } from "../random";
import { n, lin, radU, rect, circle } from "../svg";
import { W, H, heroObject, bokeh } from "./common";

/** Banner 3 of the home page: controller with speed streaks, magenta to orange. */
export function speedStreaksScene(defs: string[], body: string[]): void {
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
}
