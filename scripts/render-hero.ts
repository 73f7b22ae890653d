/**
 * Renders the four home-page hero banners (no text; the page overlays its own copy) to
 * public/hero/hero-N.webp (1600x640) and public/hero/hero-N-800.webp (800x320) for srcset.
 *
 *   npx tsx scripts/render-hero.ts
 */
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";
import { renderHeroSvg } from "../app/server/seed/illustrations";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const outDir = path.join(root, "public", "hero");
const MAX_BYTES = 120 * 1024;

async function encode(svg: string, width: number, height: number): Promise<Buffer> {
  const density = (72 * width) / 1600;
  // Start at quality 72 and step down only if a banner would exceed the size budget.
  for (let quality = 72; ; quality -= 6) {
    const buf = await sharp(Buffer.from(svg), { density })
      .resize(width, height)
      .removeAlpha()
      .webp({ quality, effort: 6, smartSubsample: true })
      .toBuffer();
    if (buf.length <= MAX_BYTES || quality <= 48) return buf;
  }
}

async function main(): Promise<void> {
  await mkdir(outDir, { recursive: true });
  for (const index of [0, 1, 2, 3] as const) {
    const svg = renderHeroSvg(index);
    const n = index + 1;
    for (const [width, height, suffix] of [
      [1600, 640, ""],
      [800, 320, "-800"],
    ] as const) {
      const buf = await encode(svg, width, height);
      const file = path.join(outDir, `hero-${n}${suffix}.webp`);
      await writeFile(file, buf);
      console.log(`${path.relative(root, file)}  ${width}x${height}  ${(buf.length / 1024).toFixed(1)} KB`);
    }
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
