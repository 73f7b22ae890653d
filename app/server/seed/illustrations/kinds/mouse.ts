// The mouse drawing.
import { lighten, darken } from "../color";
import { n, lin, rad, rect, circle, ellipse, emblem } from "../svg";
import { type Ctx, type Drawn } from "../context";

export function drawMouse(c: Ctx): Drawn {
  const { body, accent, p } = c;
  const wireless = /wireless/i.test(c.name);
  const holes = /ultralight|air\b/i.test(c.name);
  const mmo = /mmo/i.test(c.name);
  const ergo = /ergo|harrier/i.test(c.name);
  const mini = /mini/i.test(c.name);
  // Egg-shaped top view, nose up. Ergonomic models get an asymmetric hump.
  const bodyPath = ergo
    ? "M 590 250 C 690 248 760 300 772 410 C 780 480 772 530 768 580 C 764 640 800 700 800 790 C 800 885 725 955 600 955 C 470 955 392 890 396 780 C 400 700 436 640 430 580 C 424 520 416 470 428 400 C 440 300 500 252 590 250 Z"
    : "M 600 250 C 690 250 752 300 765 400 C 775 470 770 520 762 570 C 755 620 790 700 792 780 C 795 880 720 950 600 950 C 480 950 405 880 408 780 C 410 700 445 620 438 570 C 430 520 425 470 435 400 C 448 300 510 250 600 250 Z";
  const edge = c.dark ? lighten(body, 0.25) : darken(body, 0.28);
  const seam = c.dark ? darken(body, 0.6) : darken(body, 0.35);
  const defs = [
    rad(
      `${p}mb`,
      [
        [0, lighten(body, c.dark ? 0.26 : 0.6)],
        [0.55, body],
        [1, darken(body, c.dark ? 0.35 : 0.22)],
      ],
      0.42,
      0.38,
      0.75,
    ),
    lin(
      `${p}mg`,
      [
        [0, "#ffffff", c.dark ? 0.28 : 0.7],
        [1, "#ffffff", 0],
      ],
      0,
      0,
      1,
      1,
    ),
    lin(
      `${p}mw`,
      [
        [0, "#1a1a1a"],
        [0.5, "#5c5f66"],
        [1, "#1a1a1a"],
      ],
      0,
      0,
      1,
      0,
    ),
    rad(`${p}ma`, [
      [0, accent, 0.75],
      [1, accent, 0],
    ]),
    `<clipPath id="${p}mc"><path d="${bodyPath}"/></clipPath>`,
  ];
  const a: string[] = [];
  if (!wireless) {
    a.push(
      `<path d="M 600 262 C 600 170 560 120 590 40 C 602 8 600 -20 600 -40" fill="none" stroke="${darken(body, c.dark ? 0.3 : 0.55)}" stroke-width="18" stroke-linecap="round"/>`,
      `<path d="M 600 262 C 600 170 560 120 590 40 C 602 8 600 -20 600 -40" fill="none" stroke="#ffffff" stroke-opacity="0.18" stroke-width="5" transform="translate(-4 0)"/>`,
      rect(584, 222, 32, 44, 10, `fill="${darken(body, 0.4)}"`),
    );
  }
  // side buttons peeking out on the left
  if (mmo) {
    for (let r = 0; r < 4; r++) {
      a.push(
        rect(
          404,
          560 + r * 40,
          34,
          30,
          8,
          `fill="${darken(body, 0.25)}" stroke="${accent}" stroke-opacity="0.7" stroke-width="2"`,
        ),
      );
    }
  } else {
    a.push(
      rect(418, 548, 30, 62, 12, `fill="${darken(body, c.dark ? 0.1 : 0.3)}"`),
      rect(420, 620, 30, 62, 12, `fill="${darken(body, c.dark ? 0.1 : 0.3)}"`),
    );
  }
  a.push(`<path d="${bodyPath}" fill="url(#${p}mb)" stroke="${edge}" stroke-width="3"/>`);
  a.push(`<g clip-path="url(#${p}mc)">`);
  // rear accent strip
  a.push(
    `<path d="M 418 780 C 424 880 500 932 600 932 C 700 932 776 880 782 780" fill="none" stroke="${accent}" stroke-width="7" stroke-opacity="0.9" stroke-linecap="round"/>`,
  );
  if (holes) {
    const hex = (x: number, y: number, r: number) => {
      const pts: string[] = [];
      for (let i = 0; i < 6; i++) {
        const ang = (Math.PI / 3) * i + Math.PI / 6;
        pts.push(`${n(x + r * Math.cos(ang))},${n(y + r * Math.sin(ang))}`);
      }
      return `<polygon points="${pts.join(" ")}"/>`;
    };
    const hs: string[] = [];
    for (let row = 0; row < 12; row++) {
      const y = 590 + row * 30;
      for (let col = -7; col <= 7; col++) {
        const x = 600 + col * 34 + (row % 2 ? 17 : 0);
        if (Math.abs(x - 600) < 55 && y < 870 && y > 700) continue; // logo area
        hs.push(hex(x, y, 12));
      }
    }
    for (let row = 0; row < 8; row++) {
      const y = 290 + row * 30;
      for (let col = -7; col <= 7; col++) {
        const x = 600 + col * 34 + (row % 2 ? 17 : 0);
        if (Math.abs(x - 600) < 52) continue; // wheel strip
        hs.push(hex(x, y, 11));
      }
    }
    a.push(`<g fill="${darken(body, 0.75)}" opacity="0.9">${hs.join("")}</g>`);
  }
  // gloss
  a.push(ellipse(520, 420, 80, 210, `fill="url(#${p}mg)"`));
  a.push(`</g>`);
  // button seams
  a.push(
    `<path d="M 600 252 L 600 540" stroke="${seam}" stroke-width="5" fill="none"/>`,
    `<path d="M 430 505 C 520 548 680 548 770 505" stroke="${seam}" stroke-width="5" fill="none"/>`,
  );
  // scroll wheel
  a.push(
    rect(574, 326, 52, 140, 26, `fill="${darken(body, 0.7)}"`),
    rect(572, 322, 56, 148, 28, `fill="none" stroke="${accent}" stroke-width="4" stroke-opacity="0.9"`),
    rect(585, 338, 30, 116, 14, `fill="url(#${p}mw)"`),
  );
  const ribs: string[] = [];
  for (let y = 348; y < 448; y += 10) ribs.push(`M 587 ${y} L 613 ${y}`);
  a.push(`<path d="${ribs.join(" ")}" stroke="#0c0c0c" stroke-opacity="0.6" stroke-width="3"/>`);
  // dpi buttons
  a.push(
    rect(588, 486, 24, 18, 6, `fill="${darken(body, 0.5)}"`),
    rect(588, 510, 24, 18, 6, `fill="${darken(body, 0.5)}"`),
  );
  // logo with glow
  const ly = mini ? 770 : 790;
  a.push(circle(600, ly, 95, `fill="url(#${p}ma)"`), emblem(600, ly, 62, accent, c.brandVariant));
  return {
    defs: defs.join(""),
    art: a.join(""),
    mode: "flat",
    silhouette: `<path d="${bodyPath}"/>`,
    depth: 40,
    tilt: { angle: -32, scale: 1.1, squash: 0.7, dy: -10 },
    fit: 1.16,
    focus: [600, 430],
    zoom: 1.9,
  };
}
