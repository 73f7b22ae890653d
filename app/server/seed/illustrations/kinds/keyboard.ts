// The keyboard drawing.
import { mix, lighten, darken, luminance, hsl, hueOf } from "../color";
import { n, lin, rect, circle, emblem } from "../svg";
import { type Ctx, type Drawn } from "../context";
import { type Key, type KbLayout, keyboardLayout } from "./keyboard-layout";

export function drawKeyboard(c: Ctx): Drawn {
  const { body, accent, p } = c;
  const layout: KbLayout = /\b65\b/.test(c.name)
    ? "65"
    : /\b60\b|mini|compact/i.test(c.name)
      ? "60"
      : /tkl/i.test(c.name)
        ? "tkl"
        : "full";
  const wireless = /wireless/i.test(c.name);
  const lowProfile = /low-profile/i.test(c.name);
  const rgb = /rgb|pro\b|magnetar|blitz|arcline/i.test(c.name);
  const { keys, width, height } = keyboardLayout(layout);
  const u = layout === "full" ? 43 : layout === "tkl" ? 50 : layout === "65" ? 55 : 58;
  const kw = width * u;
  const kh = height * u;
  const pad = u * 0.42;
  const topBar = layout === "60" || layout === "65" ? 0 : u * 0.9;
  const cw = kw + pad * 2;
  const ch = kh + pad * 2 + topBar;
  const cx0 = 600 - cw / 2;
  const cy0 = 600 - ch / 2;
  const kx0 = cx0 + pad;
  const ky0 = cy0 + pad + topBar;

  // keycap colours
  const alpha = c.dark ? lighten(body, 0.1) : body;
  const mod = c.dark ? lighten(body, 0.2) : mix(body, "#8a8f99", 0.35);
  const capColor = (k: Key) => (k.kind === "accent" ? accent : k.kind === "mod" ? mod : alpha);

  const defs = [
    lin(`${p}kc`, [
      [0, lighten(body, c.dark ? 0.16 : 0.5)],
      [1, darken(body, c.dark ? 0.3 : 0.16)],
    ]),
    lin(`${p}kt`, [
      [0, "#ffffff", 0.22],
      [0.5, "#ffffff", 0.05],
      [1, "#000000", 0.08],
    ]),
    rgb
      ? lin(
          `${p}kp`,
          [
            [0, hsl(hueOf(accent) - 60, 0.95, 0.55)],
            [0.35, accent],
            [0.7, hsl(hueOf(accent) + 60, 0.95, 0.55)],
            [1, hsl(hueOf(accent) + 120, 0.95, 0.55)],
          ],
          0,
          0,
          1,
          0,
        )
      : lin(
          `${p}kp`,
          [
            [0, darken(body, 0.55)],
            [1, darken(body, 0.45)],
          ],
          0,
          0,
          1,
          0,
        ),
  ];
  const a: string[] = [];
  if (!wireless) {
    const cx = cx0 + cw * 0.5;
    a.push(
      `<path d="M ${n(cx)} ${n(cy0 + 4)} C ${n(cx)} ${n(cy0 - 80)} ${n(cx + 90)} ${n(cy0 - 120)} ${n(cx + 60)} -40" fill="none" stroke="${darken(body, c.dark ? 0.2 : 0.6)}" stroke-width="14" stroke-linecap="round"/>`,
    );
  }
  // case
  a.push(
    rect(
      cx0,
      cy0,
      cw,
      ch,
      22,
      `fill="url(#${p}kc)" stroke="${c.dark ? lighten(body, 0.22) : darken(body, 0.25)}" stroke-width="3"`,
    ),
  );
  a.push(rect(cx0 + 6, cy0 + 4, cw - 12, 10, 5, `fill="#ffffff" fill-opacity="${c.dark ? 0.12 : 0.5}"`));
  // plate (glows through the gaps when RGB)
  a.push(rect(kx0 - 6, ky0 - 6, kw + 12, kh + 12, 10, `fill="url(#${p}kp)" ${rgb ? `fill-opacity="0.85"` : ""}`));
  if (rgb) a.push(rect(kx0 - 6, ky0 - 6, kw + 12, kh + 12, 10, `fill="#000000" fill-opacity="0.25"`));
  // keys
  const side: string[] = [];
  const tops: string[] = [];
  const legends: string[] = [];
  const gap = u * 0.07;
  const lp = lowProfile ? 0.5 : 1;
  for (const k of keys) {
    const x = kx0 + k.x * u + gap;
    const y = ky0 + k.y * u + gap;
    const w = k.w * u - gap * 2;
    const h = k.h * u - gap * 2;
    const col = capColor(k);
    side.push(rect(x, y, w, h, u * 0.14, `fill="${darken(col, c.dark && k.kind !== "accent" ? 0.45 : 0.28)}"`));
    const inset = u * 0.13 * lp;
    tops.push(rect(x + inset, y + inset * 0.45, w - inset * 2, h - inset * 1.9, u * 0.1, `fill="${col}"`));
    if (k.w < 3) {
      const lc = luminance(col) > 0.55 ? "#3a3d44" : "#f4f6fa";
      legends.push(
        rect(
          x + inset + u * 0.1,
          y + inset * 0.45 + u * 0.1,
          u * 0.16,
          u * 0.13,
          2,
          `fill="${lc}" fill-opacity="0.55"`,
        ),
      );
    }
  }
  a.push(side.join(""), tops.join(""));
  // top face sheen on all keys at once
  a.push(`<g fill="url(#${p}kt)">${tops.join("").replace(/ fill="[^"]*"/g, "")}</g>`);
  a.push(legends.join(""));
  // top bar details
  if (topBar > 0) {
    a.push(emblem(cx0 + pad + u * 0.5, cy0 + pad + topBar * 0.35, u * 0.55, accent, c.brandVariant));
    for (let i = 0; i < 3; i++)
      a.push(
        circle(
          cx0 + cw - pad - u * (layout === "full" ? 3.6 : 0.6) - i * u * 0.45,
          cy0 + pad + topBar * 0.35,
          u * 0.07,
          `fill="${accent}"`,
        ),
      );
    if (layout === "full") {
      const kx = cx0 + cw - pad - u * 1.2;
      const ky = cy0 + pad + topBar * 0.4;
      a.push(
        circle(kx, ky, u * 0.48, `fill="${darken(body, 0.4)}"`),
        circle(kx, ky, u * 0.4, `fill="url(#${p}kc)" stroke="${lighten(body, 0.35)}" stroke-width="2"`),
      );
      a.push(circle(kx - u * 0.15, ky - u * 0.15, u * 0.06, `fill="${accent}"`));
    }
  }
  // wrist rest for the Inferno
  if (/inferno/i.test(c.name)) {
    a.unshift(
      rect(
        cx0 + 30,
        cy0 + ch + 14,
        cw - 60,
        70,
        30,
        `fill="${darken(body, 0.2)}" stroke="${lighten(body, 0.15)}" stroke-width="2"`,
      ),
    );
  }
  const focusX = kx0 + u * 3.2;
  const focusY = ky0 + (layout === "60" || layout === "65" ? u * 2.2 : u * 3);
  return {
    defs: defs.join(""),
    art: a.join(""),
    mode: "flat",
    silhouette:
      rect(cx0, cy0, cw, ch, 22, "") +
      (/inferno/i.test(c.name) ? rect(cx0 + 30, cy0 + ch + 14, cw - 60, 70, 30, "") : ""),
    depth: lowProfile ? 16 : 30,
    tilt: { angle: -18, scale: layout === "full" ? 0.98 : 1.05, squash: 0.62 },
    focus: [focusX, focusY],
    zoom: layout === "full" ? 2.3 : 2,
  };
}
