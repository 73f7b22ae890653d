// The mouse pad drawing.
import { lighten, darken, hsl, hueOf } from "../color";
import { prng } from "../random";
import { n, lin, rad, rect, circle, emblem } from "../svg";
import { type Ctx, type Drawn } from "../context";

export function drawMousepad(c: Ctx): Drawn {
  const { body, accent, p } = c;
  const xl = /xl|extended|desk/i.test(c.name);
  const rgb = /rgb|aurora/i.test(c.name);
  const glass = /glass/i.test(c.name);
  const topo = /topo/i.test(c.name);
  const w = xl ? 1000 : 680;
  const h = xl ? 440 : 560;
  const x0 = -w / 2;
  const y0 = -h / 2;
  const r = glass ? 36 : 26;
  const variant = topo ? 0 : glass ? 4 : c.seed % 4;
  const defs = [
    lin(
      `${p}pb`,
      [
        [0, lighten(body, c.dark ? 0.1 : 0.2)],
        [1, darken(body, 0.2)],
      ],
      0,
      0,
      1,
      1,
    ),
    `<clipPath id="${p}pc"><rect x="${x0}" y="${y0}" width="${w}" height="${h}" rx="${r}"/></clipPath>`,
    rad(`${p}pg`, [
      [0, accent, 0.55],
      [1, accent, 0],
    ]),
    lin(
      `${p}pr`,
      [
        [0, hsl(hueOf(accent) - 70, 1, 0.55)],
        [0.5, accent],
        [1, hsl(hueOf(accent) + 70, 1, 0.55)],
      ],
      0,
      0,
      1,
      1,
    ),
    lin(
      `${p}pgl`,
      [
        [0, "#ffffff", 0.35],
        [0.4, "#ffffff", 0.05],
        [0.6, "#ffffff", 0],
        [1, "#ffffff", 0.12],
      ],
      0,
      0,
      1,
      1,
    ),
  ];
  const pattern: string[] = [];
  const rnd = prng(c.seed);
  if (variant === 0) {
    // topographic contour lines
    for (let k = 0; k < 3; k++) {
      const cx = x0 + w * (0.2 + 0.3 * k) + rnd() * 60;
      const cy = y0 + h * (0.3 + 0.4 * rnd());
      for (let i = 1; i <= 9; i++) {
        const rr = i * 34;
        const pts: string[] = [];
        for (let j = 0; j <= 24; j++) {
          const ang = (j / 24) * Math.PI * 2;
          const wob = 1 + 0.12 * Math.sin(ang * 3 + k + i * 0.4) + 0.06 * Math.cos(ang * 5 + k);
          pts.push(`${n(cx + Math.cos(ang) * rr * 1.3 * wob)},${n(cy + Math.sin(ang) * rr * wob)}`);
        }
        pattern.push(
          `<polyline points="${pts.join(" ")}" fill="none" stroke="${accent}" stroke-opacity="${n(0.55 - i * 0.04)}" stroke-width="3"/>`,
        );
      }
    }
  } else if (variant === 1) {
    // diagonal speed stripes
    for (let i = -8; i < 14; i++) {
      const x = x0 + i * 90;
      pattern.push(
        `<path d="M ${x} ${y0 + h} L ${x + 300} ${y0} L ${x + 330} ${y0} L ${x + 30} ${y0 + h} Z" fill="${accent}" fill-opacity="${i % 3 === 0 ? 0.5 : 0.12}"/>`,
      );
    }
  } else if (variant === 2) {
    // hex grid
    const hs: string[] = [];
    for (let row = 0; row < 20; row++) {
      for (let col = 0; col < 26; col++) {
        const cx = x0 + col * 52 + (row % 2 ? 26 : 0);
        const cy = y0 + row * 45;
        const pts: string[] = [];
        for (let q = 0; q < 6; q++) {
          const ang = (Math.PI / 3) * q + Math.PI / 6;
          pts.push(`${n(cx + 26 * Math.cos(ang))},${n(cy + 26 * Math.sin(ang))}`);
        }
        hs.push(`<polygon points="${pts.join(" ")}"/>`);
      }
    }
    pattern.push(`<g fill="none" stroke="${accent}" stroke-opacity="0.28" stroke-width="2">${hs.join("")}</g>`);
    pattern.push(
      `<ellipse cx="${x0 + w * 0.7}" cy="${y0 + h * 0.4}" rx="${w * 0.5}" ry="${h * 0.6}" fill="url(#${p}pg)"/>`,
    );
  } else if (variant === 3) {
    // neon waves
    for (let i = 0; i < 7; i++) {
      const y = y0 + h * 0.3 + i * 26;
      pattern.push(
        `<path d="M ${x0} ${y} C ${x0 + w * 0.25} ${y - 120} ${x0 + w * 0.5} ${y + 120} ${x0 + w * 0.75} ${y} S ${x0 + w * 1.1} ${y - 80} ${x0 + w * 1.2} ${y}" fill="none" stroke="${accent}" stroke-opacity="${n(0.8 - i * 0.1)}" stroke-width="${6 - i * 0.6}"/>`,
      );
    }
  } else {
    // glass: subtle etched gradient and reflections
    pattern.push(`<rect x="${x0}" y="${y0}" width="${w}" height="${h}" fill="url(#${p}pgl)"/>`);
    pattern.push(
      `<ellipse cx="${x0 + w * 0.75}" cy="${y0 + h * 0.75}" rx="${w * 0.45}" ry="${h * 0.45}" fill="url(#${p}pg)"/>`,
    );
  }
  const logo = emblem(x0 + w - 70, y0 + h - 60, 44, glass ? lighten(accent, 0.3) : accent, c.brandVariant);
  const face: string[] = [];
  face.push(`<rect x="${x0}" y="${y0}" width="${w}" height="${h}" rx="${r}" fill="url(#${p}pb)"/>`);
  face.push(`<g clip-path="url(#${p}pc)">${pattern.join("")}</g>`);
  face.push(logo);
  if (!glass) {
    face.push(
      `<rect x="${x0 + 9}" y="${y0 + 9}" width="${w - 18}" height="${h - 18}" rx="${r - 6}" fill="none" stroke="${lighten(body, 0.35)}" stroke-width="4" stroke-dasharray="9 7" stroke-opacity="0.8"/>`,
    );
  } else {
    face.push(
      `<rect x="${x0 + 3}" y="${y0 + 3}" width="${w - 6}" height="${h - 6}" rx="${r - 2}" fill="none" stroke="#ffffff" stroke-opacity="0.55" stroke-width="4"/>`,
    );
  }
  if (rgb) {
    face.push(
      `<rect x="${x0 + 2}" y="${y0 + 2}" width="${w - 4}" height="${h - 4}" rx="${r - 1}" fill="none" stroke="url(#${p}pr)" stroke-width="10"/>`,
    );
    face.push(
      rect(x0 + w - 120, y0 - 2, 90, 26, 10, `fill="${darken(body, 0.5)}"`),
      circle(x0 + w - 75, y0 + 11, 5, `fill="${accent}"`),
    );
  }
  const faceSvg = face.join("");
  // perspective: rotate on the table, squash vertically; thickness drawn as offset copies in screen space
  const view = c.view;
  const angle = view === 1 ? 24 : -22;
  const squash = view === 1 ? 0.5 : 0.58;
  const scale = xl ? (view === 1 ? 1.02 : 1.08) : view === 1 ? 1.25 : 1.32;
  const T = `translate(600 620) scale(${scale} ${n(scale * squash * 100) / 100}) rotate(${angle})`;
  const thick = glass ? 8 : xl ? 12 : 14;
  const side = glass ? darken(accent, 0.5) : darken(body, c.dark ? 0.4 : 0.35);
  const base = `<rect x="${x0}" y="${y0}" width="${w}" height="${h}" rx="${r}"/>`;
  const art: string[] = [];
  if (view === 1 && rgb)
    art.push(
      `<g transform="${T}"><rect x="${x0 - 40}" y="${y0 - 40}" width="${w + 80}" height="${h + 80}" rx="${r + 30}" fill="url(#${p}pg)"/></g>`,
    );
  for (const d of [thick, thick * 0.5])
    art.push(`<g transform="translate(0 ${d})"><g transform="${T}" fill="${side}">${base}</g></g>`);
  art.push(`<g transform="${T}">${faceSvg}</g>`);
  return {
    defs: defs.join(""),
    art: art.join(""),
    mode: "custom",
    silhouette: `<g transform="${T}">${base}</g>`,
    focus: [600 + (xl ? 330 : 240), 700],
    zoom: 1.9,
  };
}
