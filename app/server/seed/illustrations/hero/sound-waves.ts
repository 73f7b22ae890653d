import { prng } from "../random";
import { n, radU, rect, circle } from "../svg";
import { W, H, heroObject, bokeh } from "./common";

/** Banner 2 of the home page: headset with sound waves on deep teal. */
export function soundWavesScene(defs: string[], body: string[]): void {
  defs.push(
    radU(
      "bg1",
      [
        [0, "#0f4c5c"],
        [0.5, "#08263a"],
        [1, "#040b14"],
      ],
      1150,
      320,
      900,
    ),
  );
  defs.push(
    radU(
      "g1",
      [
        [0, "#39e6ff", 0.45],
        [1, "#39e6ff", 0],
      ],
      1150,
      330,
      420,
    ),
  );
  body.push(rect(0, 0, W, H, 0, `fill="url(#bg1)"`));
  body.push(circle(1150, 330, 420, `fill="url(#g1)"`));
  const rings: string[] = [];
  for (let i = 1; i <= 9; i++)
    rings.push(
      circle(
        1150,
        330,
        160 + i * 60,
        `fill="none" stroke="#39e6ff" stroke-opacity="${n(0.36 - i * 0.035)}" stroke-width="${n(4 - i * 0.3)}"`,
      ),
    );
  body.push(rings.join(""));
  // equaliser bars
  const r = prng(7);
  const bars: string[] = [];
  for (let i = 0; i < 40; i++) {
    const h = 20 + r() * 120;
    bars.push(rect(560 + i * 26, 640 - h, 14, h, 4, `fill="#39e6ff" fill-opacity="${n(0.12 + r() * 0.2)}"`));
  }
  body.push(bars.join(""));
  body.push(bokeh(21, 22, ["#39e6ff", "#9bffea", "#ffffff"], [600, 0, 1000, 640]));
  const hs = heroObject("headset", "Hero Wireless", ["#15181d", "#39e6ff"], "translate(810 -50) scale(0.6)", "h");
  defs.push(hs.defs);
  body.push(hs.svg);
}
