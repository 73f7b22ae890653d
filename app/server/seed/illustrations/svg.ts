// SVG helpers: gradients, basic shapes with compact numbers, and the brand emblems.

/** Round for compact SVG output. */
export const n = (v: number) => Math.round(v * 10) / 10;

export type Stop = [offset: number, color: string, opacity?: number];

function stops(list: Stop[]): string {
  return list
    .map(([o, c, op]) => `<stop offset="${o}" stop-color="${c}"${op === undefined ? "" : ` stop-opacity="${op}"`}/>`)
    .join("");
}

export function lin(id: string, list: Stop[], x1 = 0, y1 = 0, x2 = 0, y2 = 1, user = false): string {
  const units = user ? ` gradientUnits="userSpaceOnUse"` : "";
  return `<linearGradient id="${id}" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}"${units}>${stops(list)}</linearGradient>`;
}

export function rad(id: string, list: Stop[], cx = 0.5, cy = 0.5, r = 0.5, fx?: number, fy?: number): string {
  const f = fx === undefined ? "" : ` fx="${fx}" fy="${fy}"`;
  return `<radialGradient id="${id}" cx="${cx}" cy="${cy}" r="${r}"${f}>${stops(list)}</radialGradient>`;
}

/** A radial gradient in user space (absolute coordinates). */
export function radU(id: string, list: Stop[], cx: number, cy: number, r: number): string {
  return `<radialGradient id="${id}" cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}" gradientUnits="userSpaceOnUse">${stops(list)}</radialGradient>`;
}

export function rect(x: number, y: number, w: number, h: number, rx: number, attrs: string): string {
  return `<rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}" rx="${n(rx)}" ${attrs}/>`;
}

export function circle(cx: number, cy: number, r: number, attrs: string): string {
  return `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}" ${attrs}/>`;
}

export function ellipse(cx: number, cy: number, rx: number, ry: number, attrs: string): string {
  return `<ellipse cx="${n(cx)}" cy="${n(cy)}" rx="${n(rx)}" ry="${n(ry)}" ${attrs}/>`;
}

/** A brand emblem (no text): one of a few abstract marks chosen from the brand name. */
export function emblem(cx: number, cy: number, size: number, fill: string, variant: number): string {
  const s = size / 100;
  const t = `transform="translate(${n(cx)} ${n(cy)}) scale(${n(s * 100) / 100})"`;
  switch (variant % 5) {
    case 0: // chevron
      return `<path ${t} d="M -50 -30 L 0 20 L 50 -30 L 50 5 L 0 55 L -50 5 Z" fill="${fill}"/>`;
    case 1: // hexagon ring
      return `<path ${t} fill-rule="evenodd" d="M 0 -50 L 43 -25 L 43 25 L 0 50 L -43 25 L -43 -25 Z M 0 -26 L 23 -13 L 23 13 L 0 26 L -23 13 L -23 -13 Z" fill="${fill}"/>`;
    case 2: // three claw slashes
      return `<g ${t} fill="${fill}"><path d="M -46 40 L -20 -45 L -6 -45 L -32 40 Z"/><path d="M -13 40 L 13 -45 L 27 -45 L 1 40 Z"/><path d="M 20 40 L 46 -45 L 60 -45 L 34 40 Z"/></g>`;
    case 3: // diamond with notch
      return `<path ${t} fill-rule="evenodd" d="M 0 -52 L 52 0 L 0 52 L -52 0 Z M 0 -20 L 20 0 L 0 20 L -20 0 Z" fill="${fill}"/>`;
    default: // wing / delta
      return `<path ${t} d="M -55 35 L 0 -50 L 55 35 L 20 35 L 0 0 L -20 35 Z" fill="${fill}"/>`;
  }
}
