// The home page's hero banners: one module per banner, composed here.
import { lin, rect } from "../svg";
import { W, H } from "./common";
import { synthwaveScene } from "./synthwave";
import { soundWavesScene } from "./sound-waves";
import { speedStreaksScene } from "./speed-streaks";
import { dealsScene } from "./deals";

/** A 1600x640 hero banner without text; darker on the left so white copy stays readable. */
export function renderHeroSvg(index: 0 | 1 | 2 | 3): string {
  const defs: string[] = [];
  const body: string[] = [];
  // left-side darkening for copy
  defs.push(
    lin(
      "copy",
      [
        [0, "#05060a", 0.78],
        [0.38, "#05060a", 0.45],
        [0.62, "#05060a", 0],
      ],
      0,
      0,
      1,
      0,
    ),
  );
  if (index === 0) {
    synthwaveScene(defs, body);
  } else if (index === 1) {
    soundWavesScene(defs, body);
  } else if (index === 2) {
    speedStreaksScene(defs, body);
  } else {
    dealsScene(defs, body);
  }
  body.push(rect(0, 0, W, H, 0, `fill="url(#copy)"`));
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}"><defs>${defs.join("")}</defs>${body.join("")}</svg>`;
}
