// The key layouts of the keyboard drawings: full size, tenkeyless, 65% and 60%.

export interface Key {
  x: number;
  y: number;
  w: number;
  h: number;
  kind: "alpha" | "mod" | "accent";
}

export type KbLayout = "full" | "tkl" | "65" | "60";

export function keyboardLayout(layout: KbLayout): { keys: Key[]; width: number; height: number } {
  const keys: Key[] = [];
  const add = (x: number, y: number, w: number, kind: Key["kind"] = "alpha", h = 1) => keys.push({ x, y, w, h, kind });
  const hasF = layout === "full" || layout === "tkl";
  if (layout === "65") {
    // 65%: no F row, arrows and a right-hand navigation column
    for (let i = 0; i < 13; i++) add(i, 0, 1, i === 0 ? "accent" : "alpha");
    add(13, 0, 2, "mod");
    add(15, 0, 1, "mod");
    add(0, 1, 1.5, "mod");
    for (let i = 0; i < 12; i++) add(1.5 + i, 1, 1);
    add(13.5, 1, 1.5, "mod");
    add(15, 1, 1, "mod");
    add(0, 2, 1.75, "mod");
    for (let i = 0; i < 11; i++) add(1.75 + i, 2, 1);
    add(12.75, 2, 2.25, "accent");
    add(15, 2, 1, "mod");
    add(0, 3, 2.25, "mod");
    for (let i = 0; i < 10; i++) add(2.25 + i, 3, 1);
    add(12.25, 3, 1.75, "mod");
    add(14, 3, 1, "mod");
    add(15, 3, 1, "mod");
    const b65 = [1.25, 1.25, 1.25, 6.25, 1, 1, 1, 1, 1, 1];
    let x65 = 0;
    b65.forEach((w, i) => {
      add(x65, 4, w, i === 3 ? "alpha" : "mod");
      x65 += w;
    });
    return { keys, width: 16, height: 5 };
  }
  const y0 = hasF ? 1.5 : 0;
  if (hasF) {
    add(0, 0, 1, "accent");
    for (let i = 0; i < 4; i++) add(2 + i, 0, 1, "mod");
    for (let i = 0; i < 4; i++) add(6.5 + i, 0, 1);
    for (let i = 0; i < 4; i++) add(11 + i, 0, 1, "mod");
    for (let i = 0; i < 3; i++) add(15.5 + i, 0, 1, "mod");
  }
  // number row
  for (let i = 0; i < 13; i++) add(i, y0, 1, i === 0 && !hasF ? "accent" : "alpha");
  add(13, y0, 2, "mod");
  add(0, y0 + 1, 1.5, "mod");
  for (let i = 0; i < 12; i++) add(1.5 + i, y0 + 1, 1);
  add(13.5, y0 + 1, 1.5, "mod");
  add(0, y0 + 2, 1.75, "mod");
  for (let i = 0; i < 11; i++) add(1.75 + i, y0 + 2, 1);
  add(12.75, y0 + 2, 2.25, "accent");
  add(0, y0 + 3, 2.25, "mod");
  for (let i = 0; i < 10; i++) add(2.25 + i, y0 + 3, 1);
  add(12.25, y0 + 3, 2.75, "mod");
  const bottom = [1.25, 1.25, 1.25, 6.25, 1.25, 1.25, 1.25, 1.25];
  let bx = 0;
  bottom.forEach((w, i) => {
    add(bx, y0 + 4, w, i === 3 ? "alpha" : "mod");
    bx += w;
  });
  let width = 15;
  if (layout !== "60") {
    for (let r = 0; r < 2; r++) for (let i = 0; i < 3; i++) add(15.5 + i, y0 + r, 1, "mod");
    add(16.5, y0 + 3, 1, "mod");
    for (let i = 0; i < 3; i++) add(15.5 + i, y0 + 4, 1, "mod");
    width = 18.5;
  }
  if (layout === "full") {
    for (let i = 0; i < 4; i++) add(19 + i, y0, 1, "mod");
    for (let r = 0; r < 3; r++) for (let i = 0; i < 3; i++) add(19 + i, y0 + 1 + r, 1);
    add(22, y0 + 1, 1, "mod", 2);
    add(22, y0 + 3, 1, "mod", 2);
    add(19, y0 + 4, 2, "alpha");
    add(21, y0 + 4, 1, "alpha");
    width = 23;
  }
  return { keys, width, height: y0 + 5 };
}
