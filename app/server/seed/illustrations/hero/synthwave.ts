import { n, lin, radU, rect, circle } from "../svg";
import { W, H, heroObject, bokeh } from "./common";

/** Banner 1 of the home page: synthwave grid with a floating RGB keyboard. */
export function synthwaveScene(defs: string[], body: string[]): void {
  defs.push(
    lin("sky", [
      [0, "#07051a"],
      [0.55, "#1c0b45"],
      [1, "#3a0b5e"],
    ]),
  );
  defs.push(
    lin("sun", [
      [0, "#ffd36e"],
      [0.5, "#ff5fa2"],
      [1, "#b14cff"],
    ]),
  );
  defs.push(
    radU(
      "glow",
      [
        [0, "#ff3fd0", 0.55],
        [1, "#ff3fd0", 0],
      ],
      1120,
      360,
      520,
    ),
  );
  body.push(rect(0, 0, W, H, 0, `fill="url(#sky)"`));
  body.push(circle(1120, 360, 520, `fill="url(#glow)"`));
  const sunBars: string[] = [];
  for (let i = 0; i < 6; i++) sunBars.push(rect(900, 300 + i * 22, 440, 4 + i * 2.2, 0, `fill="#000000"`));
  defs.push(`<mask id="sunmask"><rect width="${W}" height="${H}" fill="#ffffff"/><g>${sunBars.join("")}</g></mask>`);
  body.push(circle(1120, 300, 200, `fill="url(#sun)" fill-opacity="0.9" mask="url(#sunmask)"`));
  // ground grid
  body.push(rect(0, 420, W, 220, 0, `fill="#0b0420"`));
  const grid: string[] = [];
  for (let i = -30; i <= 30; i++) grid.push(`M ${1120 + i * 30} 420 L ${1120 + i * 190} 660`);
  for (let i = 1; i <= 9; i++) {
    const y = 420 + 240 * Math.pow(i / 9, 1.9);
    grid.push(`M 0 ${n(y)} L ${W} ${n(y)}`);
  }
  body.push(`<path d="${grid.join(" ")}" stroke="#ff4fd8" stroke-opacity="0.55" stroke-width="2" fill="none"/>`);
  body.push(rect(0, 418, W, 4, 0, `fill="#ff8be6" fill-opacity="0.8"`));
  body.push(bokeh(11, 26, ["#ff4fd8", "#6ae3ff", "#ffffff"], [500, 20, 1100, 360]));
  const kb = heroObject(
    "keyboard",
    "Hero Pro Wireless Mechanical RGB",
    ["#14121c", "#ff3fd0"],
    "translate(640 -30) scale(0.72)",
    "k",
    { tiltFlat: true },
  );
  defs.push(kb.defs);
  body.push(kb.svg);
}
