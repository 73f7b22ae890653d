// The chair drawing.
import { lighten, darken } from "../color";
import { lin, rect, ellipse, emblem } from "../svg";
import { type Ctx, type Drawn } from "../context";

export function drawChair(c: Ctx): Drawn {
  const { body, accent, p } = c;
  const fabric = /fabric/i.test(c.name);
  const ergo = /ergo|executive/i.test(c.name);
  const lite = /lite/i.test(c.name);
  const plastic = c.dark ? darken(body, 0.35) : "#3a3d44";
  const back =
    "M 600 118 C 660 118 715 122 735 160 L 765 300 C 768 330 750 360 722 385 L 716 560 C 740 600 752 640 744 668 C 736 696 700 706 600 706 C 500 706 464 696 456 668 C 448 640 460 600 484 560 L 478 385 C 450 360 432 330 435 300 L 465 160 C 485 122 540 118 600 118 Z";
  const backErgo =
    "M 600 120 C 690 120 740 140 745 200 L 742 380 C 740 420 726 450 720 480 L 726 600 C 730 660 700 700 600 700 C 500 700 470 660 474 600 L 480 480 C 474 450 460 420 458 380 L 455 200 C 460 140 510 120 600 120 Z";
  const bp = ergo ? backErgo : back;
  const defs = [
    lin(
      `${p}hb`,
      [
        [0, lighten(body, c.dark ? 0.2 : 0.4)],
        [0.5, body],
        [1, darken(body, c.dark ? 0.35 : 0.2)],
      ],
      0,
      0,
      1,
      0.4,
    ),
    lin(
      `${p}hp`,
      [
        [0, lighten(body, c.dark ? 0.12 : 0.3)],
        [1, darken(body, c.dark ? 0.2 : 0.1)],
      ],
      0,
      0,
      0,
      1,
    ),
    lin(
      `${p}hl`,
      [
        [0, "#6f747d"],
        [0.45, "#e6e9ee"],
        [1, "#5a5f68"],
      ],
      0,
      0,
      1,
      0,
    ),
    lin(
      `${p}hs`,
      [
        [0, lighten(body, c.dark ? 0.15 : 0.3)],
        [1, darken(body, c.dark ? 0.35 : 0.25)],
      ],
      0,
      0,
      0,
      1,
    ),
    `<pattern id="${p}hf" width="10" height="10" patternUnits="userSpaceOnUse"><rect width="10" height="10" fill="${body}"/><path d="M 0 10 L 10 0" stroke="${lighten(body, 0.12)}" stroke-width="2"/></pattern>`,
    `<pattern id="${p}hd" width="36" height="36" patternUnits="userSpaceOnUse"><rect width="36" height="36" fill="${lighten(body, c.dark ? 0.06 : 0)}"/><path d="M 0 18 L 18 0 L 36 18 L 18 36 Z" fill="none" stroke="${darken(body, c.dark ? 0.4 : 0.12)}" stroke-width="2"/></pattern>`,
    `<clipPath id="${p}hc"><path d="${bp}"/></clipPath>`,
  ];
  const a: string[] = [];
  // base: five-star legs and casters
  const hub: [number, number] = [600, 955];
  const legs: [number, number][] = [
    [360, 1000],
    [840, 1000],
    [460, 975],
    [740, 975],
    [600, 1035],
  ];
  const legColor = ergo ? "url(#" + p + "hl)" : plastic;
  for (const [lx, ly] of [legs[2]!, legs[3]!]) {
    a.push(
      `<path d="M ${hub[0] - 14} ${hub[1] - 8} L ${lx} ${ly - 12} L ${lx} ${ly + 6} L ${hub[0] + 14} ${hub[1] + 10} Z" fill="${darken(plastic, 0.3)}"/>`,
    );
    a.push(rect(lx - 20, ly, 40, 30, 12, `fill="#15161a"`));
  }
  a.push(rect(575, 760, 50, 150, 8, `fill="url(#${p}hl)"`));
  a.push(rect(562, 860, 76, 90, 14, `fill="${plastic}"`));
  for (const [lx, ly] of [legs[0]!, legs[1]!, legs[4]!]) {
    a.push(
      `<path d="M ${hub[0] - 22} ${hub[1] - 14} L ${lx - 12} ${ly - 14} L ${lx + 12} ${ly + 8} L ${hub[0] + 22} ${hub[1] + 16} Z" fill="${legColor}" stroke="${darken(plastic, 0.3)}" stroke-width="2"/>`,
    );
    a.push(rect(lx - 24, ly + 4, 48, 36, 14, `fill="#15161a"`), rect(lx - 16, ly + 10, 32, 8, 4, `fill="#3b3e45"`));
  }
  a.push(ellipse(600, 955, 46, 26, `fill="${darken(plastic, 0.2)}"`));
  // mechanism
  a.push(rect(520, 770, 160, 34, 10, `fill="${darken(plastic, 0.2)}"`));
  // armrests behind the seat
  for (const x of [315, 885]) {
    a.push(rect(x - 14, 600, 28, 200, 8, `fill="${plastic}"`));
    a.push(`<path d="M ${x} 790 L ${x < 600 ? 520 : 680} 790" stroke="${plastic}" stroke-width="22"/>`);
  }
  // backrest
  a.push(
    `<path d="${bp}" fill="url(#${p}hb)" stroke="${c.dark ? lighten(body, 0.18) : darken(body, 0.3)}" stroke-width="3"/>`,
  );
  a.push(`<g clip-path="url(#${p}hc)">`);
  // centre panel
  const panelFill = fabric ? `url(#${p}hf)` : ergo ? `url(#${p}hd)` : `url(#${p}hd)`;
  a.push(rect(525, 140, 150, 600, 60, `fill="${panelFill}"`));
  if (!ergo) {
    a.push(rect(505, 150, 18, 600, 9, `fill="${accent}"`), rect(677, 150, 18, 600, 9, `fill="${accent}"`));
  } else {
    a.push(rect(470, 140, 12, 600, 6, `fill="${accent}"`), rect(718, 140, 12, 600, 6, `fill="${accent}"`));
  }
  a.push(rect(440, 118, 160, 600, 0, `fill="#ffffff" fill-opacity="${c.dark ? 0.05 : 0.15}"`));
  a.push(`</g>`);
  if (!ergo) {
    // harness slots
    a.push(rect(528, 190, 26, 70, 12, `fill="#0c0c0e"`), rect(646, 190, 26, 70, 12, `fill="#0c0c0e"`));
  }
  // head pillow and lumbar pillow
  const pillow = lite ? lighten(body, 0.02) : c.dark ? lighten(body, 0.06) : darken(body, 0.05);
  a.push(rect(520, 280, 160, 76, 34, `fill="${pillow}" stroke="${darken(pillow, 0.3)}" stroke-width="3"`));
  a.push(rect(520, 280, 160, 76, 34, `fill="url(#${p}hp)" opacity="0.6"`));
  a.push(emblem(600, 318, 40, accent, c.brandVariant));
  if (!ergo) {
    a.push(rect(505, 540, 190, 90, 40, `fill="${pillow}" stroke="${darken(pillow, 0.3)}" stroke-width="3"`));
    a.push(rect(505, 540, 190, 90, 40, `fill="url(#${p}hp)" opacity="0.6"`));
    a.push(rect(560, 576, 80, 10, 5, `fill="${accent}"`));
  }
  // seat
  const seat =
    "M 410 690 L 790 690 C 840 690 858 712 852 740 L 842 790 C 838 806 822 812 806 812 L 394 812 C 378 812 362 806 358 790 L 348 740 C 342 712 360 690 410 690 Z";
  a.push(
    `<path d="${seat}" fill="url(#${p}hs)" stroke="${c.dark ? lighten(body, 0.15) : darken(body, 0.3)}" stroke-width="3"/>`,
  );
  a.push(rect(500, 700, 200, 100, 30, `fill="${panelFill}" opacity="0.9"`));
  if (!ergo) a.push(rect(480, 704, 14, 96, 7, `fill="${accent}"`), rect(706, 704, 14, 96, 7, `fill="${accent}"`));
  // arm pads
  for (const x of [315, 885]) {
    a.push(rect(x - 48, 582, 96, 34, 14, `fill="${plastic}" stroke="${darken(plastic, 0.4)}" stroke-width="2"`));
    a.push(rect(x - 44, 584, 88, 8, 4, `fill="#ffffff" fill-opacity="0.15"`));
  }
  return {
    defs: defs.join(""),
    art: a.join(""),
    mode: "upright",
    floor: { cx: 600, cy: 1040, rx: 330, ry: 40 },
    focus: [600, 330],
    zoom: 1.75,
  };
}
