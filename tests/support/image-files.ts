import { randomBytes } from "node:crypto";
import { createDeflate } from "node:zlib";
import sharp from "sharp";
import { expect } from "vitest";
import { word } from "./factories";

// Image files for the upload tests: real images of each accepted format, forgeries, and files too large in bytes or
// in pixels; and the multipart form that carries them.

export type FilePart = { bytes: Buffer; name: string; type: string };

export type Format = "jpeg" | "png" | "webp" | "gif";
const MIME: Record<Format, string> = {
  jpeg: "image/jpeg",
  png: "image/png",
  webp: "image/webp",
  gif: "image/gif",
};

/** a real image of that format, encoded by sharp */
export async function encode(format: Format, width = 1000, height = 750, color = "#cc3311"): Promise<Buffer> {
  const image = sharp({ create: { width, height, channels: 3, background: color } });
  switch (format) {
    case "jpeg":
      return image.jpeg().toBuffer();
    case "png":
      return image.png().toBuffer();
    case "webp":
      return image.webp().toBuffer();
    case "gif":
      return image.gif().toBuffer();
  }
}

export async function realFile(
  format: Format,
  options: { width?: number; height?: number; color?: string; name?: string } = {},
): Promise<FilePart> {
  const bytes = await encode(format, options.width, options.height, options.color);
  return { bytes, name: options.name ?? `real-${word()}.${format === "jpeg" ? "jpg" : format}`, type: MIME[format] };
}

function crc32(data: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of data) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? 0xedb88320 ^ (crc >>> 1) : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A decompression bomb: a complete, valid 20000×20000 greyscale PNG (400 megapixels, 400 MB once decoded) of a few
 * hundred KB, because every row is zeros and deflates to almost nothing.
 */
export async function pngBomb(width = 20_000, height = 20_000): Promise<Buffer> {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 0; // greyscale
  const deflate = createDeflate({ level: 9 });
  const parts: Buffer[] = [];
  deflate.on("data", (chunk: Buffer) => parts.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    deflate.once("end", () => resolve());
    deflate.once("error", reject);
  });
  const row = Buffer.alloc(width + 1); // filter byte 0 and a row of black pixels
  for (let y = 0; y < height; y++) {
    if (!deflate.write(row)) await new Promise<void>((resolve) => deflate.once("drain", () => resolve()));
  }
  deflate.end();
  await ended;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk("IHDR", header),
    pngChunk("IDAT", Buffer.concat(parts)),
    pngChunk("IEND", Buffer.alloc(0)),
  ]);
}

/** a real PNG of random pixels: about 6.3 MB, as PNG cannot compress noise */
export async function pngOver5MB(): Promise<Buffer> {
  const width = 1500;
  const height = 1400;
  return sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

export const textAsPng = (): FilePart => ({
  bytes: Buffer.from("Hello, I am a text file wearing a .png name.\n".repeat(20)),
  name: "holiday.png",
  type: "image/png",
});

export async function gifHeaderThenJunk(): Promise<FilePart> {
  const real = await encode("gif", 300, 200);
  // the signature, the logical screen and the start of the colour table of a real GIF, then junk
  const bytes = Buffer.concat([real.subarray(0, 20), Buffer.from("definitely not LZW image data ".repeat(40))]);
  expect(bytes.subarray(0, 6).toString("latin1")).toBe("GIF89a");
  return { bytes, name: "forged.gif", type: "image/gif" };
}

export function multipart(fields: Record<string, string>, files: Array<FilePart & { field?: string }>): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  for (const file of files)
    form.append(file.field ?? "files", new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  return form;
}
