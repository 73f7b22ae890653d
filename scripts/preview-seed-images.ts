/**
 * Dev helper: renders a contact sheet of the seed product illustrations to /tmp/seed-preview.png
 * (three views per product, every kind covered) and times rendering the whole catalogue to WebP
 * the way the seed should do it: rasterise once at 1200 px, encode the original (WebP q80, effort 2)
 * and a 400 px thumbnail from the same pixels.
 *
 *   npx tsx scripts/preview-seed-images.ts            # contact sheet + timing
 *   npx tsx scripts/preview-seed-images.ts --all      # contact sheet of every product
 *   npx tsx scripts/preview-seed-images.ts --no-time  # contact sheet only
 *   npx tsx scripts/preview-seed-images.ts --compare  # also time 1200px at effort 4 and 800px originals
 */
import os from "node:os";
import sharp, { type OverlayOptions } from "sharp";
import { seedProducts, type SeedProduct } from "../app/server/seed/catalogue";
import { renderProductSvg } from "../app/server/seed/illustrations";

const TILE = Number(process.env.PREVIEW_TILE ?? 240);
const GAP = 8;
const OUT = process.env.PREVIEW_OUT ?? "/tmp/seed-preview.png";

function pickProducts(all: boolean): SeedProduct[] {
  if (all) return seedProducts;
  // every kind at least once, then a few extra variants, ~16 products in total
  const picked: SeedProduct[] = [];
  const kinds = new Set<string>();
  for (const p of seedProducts) {
    if (!kinds.has(p.kind)) {
      kinds.add(p.kind);
      picked.push(p);
    }
  }
  const extras = [
    "Featherstrike Ultralight",
    "Strata 65 Wireless Mechanical",
    "Spectra 34 Curved Ultrawide",
    "Resonate 2.1 Speaker System",
  ];
  for (const name of extras) {
    const p = seedProducts.find((x) => x.name === name);
    if (p && !picked.includes(p)) picked.push(p);
  }
  return picked;
}

async function contactSheet(products: SeedProduct[]): Promise<void> {
  const cols = 3;
  const perRow = cols * 2; // two products side by side
  const rowsCount = Math.ceil(products.length / 2);
  const width = perRow * (TILE + GAP) + GAP + GAP * 2;
  const height = rowsCount * (TILE + GAP) + GAP;
  const composites: OverlayOptions[] = [];
  await Promise.all(
    products.map(async (p, i) => {
      const row = Math.floor(i / 2);
      const half = i % 2;
      for (const view of [0, 1, 2] as const) {
        const svg = renderProductSvg(p, view);
        const tile = await sharp(Buffer.from(svg)).resize(TILE, TILE).png().toBuffer();
        composites.push({
          input: tile,
          left: GAP + half * (cols * (TILE + GAP) + GAP * 2) + view * (TILE + GAP),
          top: GAP + row * (TILE + GAP),
        });
      }
    }),
  );
  await sharp({ create: { width, height, channels: 3, background: "#30333a" } })
    .composite(composites)
    .png()
    .toFile(OUT);
  console.log(`contact sheet: ${OUT} (${products.length} products, ${width}x${height})`);
}

interface TimingOptions {
  size: number;
  effort: number;
}

/** Renders every product x imageCount like the seed does: original WebP at `size` + a 400 px WebP. */
async function timeFullRender({ size, effort }: TimingOptions): Promise<void> {
  const jobs: Array<{ p: SeedProduct; view: 0 | 1 | 2 }> = [];
  for (const p of seedProducts) for (let v = 0; v < p.imageCount; v++) jobs.push({ p, view: v as 0 | 1 | 2 });
  const concurrency = Math.max(1, os.availableParallelism?.() ?? os.cpus().length);
  let svgMs = 0;
  let bytes = 0;
  let bytesThumb = 0;
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  let next = 0;
  async function worker() {
    while (next < jobs.length) {
      const job = jobs[next++]!;
      const s0 = performance.now();
      const svg = renderProductSvg(job.p, job.view);
      svgMs += performance.now() - s0;
      // Rasterise once (density scales the vector rendering itself, so an 800 px original is drawn
      // at 800 px), then encode the original and the 400 px thumbnail from the same pixels.
      const raw = await sharp(Buffer.from(svg), { density: (72 * size) / 1200 })
        .removeAlpha()
        .raw()
        .toBuffer({ resolveWithObject: true });
      const input = { raw: raw.info } as const;
      const [original, thumb] = await Promise.all([
        sharp(raw.data, input).webp({ quality: 80, effort }).toBuffer(),
        sharp(raw.data, input).resize(400, 400).webp({ quality: 78, effort }).toBuffer(),
      ]);
      bytes += original.length;
      bytesThumb += thumb.length;
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker));
  const wall = (performance.now() - t0) / 1000;
  const cpu = process.cpuUsage(cpu0);
  const cpuSec = (cpu.user + cpu.system) / 1e6;
  console.log(
    `${size}px + 400px WebP (effort ${effort}): ${jobs.length} images of ${seedProducts.length} products in ${wall.toFixed(1)} s wall, ` +
      `${cpuSec.toFixed(1)} s CPU (= ${(cpuSec / concurrency).toFixed(1)} s on ${concurrency} idle cores); SVG strings ${svgMs.toFixed(0)} ms; ` +
      `avg original ${(bytes / jobs.length / 1024).toFixed(1)} KB, avg 400px ${(bytesThumb / jobs.length / 1024).toFixed(1)} KB`,
  );
}

const args = new Set(process.argv.slice(2));
await contactSheet(pickProducts(args.has("--all")));
if (!args.has("--no-time")) {
  await timeFullRender({ size: 1200, effort: 2 });
  if (args.has("--compare")) {
    await timeFullRender({ size: 1200, effort: 4 });
    await timeFullRender({ size: 800, effort: 4 });
  }
}
