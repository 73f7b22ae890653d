import { createHash } from "node:crypto";
import { and, asc, eq, gte } from "drizzle-orm";
import sharp, { type Metadata } from "sharp";
import { getDb, type DbOrTx } from "~/db/client.server";
import { imageVariants, images } from "~/db/schema";
import type { ImageDto } from "~/schemas/catalogue";
import { NotFoundError, UnsupportedMediaTypeError } from "./errors";

/** Widths of the WebP renditions kept for every image (srcset candidates). */
export const VARIANT_WIDTHS = [200, 400, 800] as const;

/** Refuse images whose pixel count would exhaust memory when decoded (decompression bombs). */
export const MAX_INPUT_PIXELS = 40_000_000;

const FORMAT_TYPES: Record<string, string> = {
  jpeg: "image/jpeg",
  png: "image/png",
  webp: "image/webp",
  gif: "image/gif",
};

export function imageUrl(id: number, width?: number): string {
  return `/api/v1/images/image/download/${id}${width ? `?w=${width}` : ""}`;
}

export function imageDto(row: {
  id: number;
  fileName: string;
  contentType: string;
  width: number;
  height: number;
  etag: string;
}): ImageDto {
  const url = imageUrl(row.id);
  return {
    id: row.id,
    fileName: row.fileName,
    fileType: row.contentType,
    downloadUrl: url,
    imageUrl: url,
    width: row.width,
    height: row.height,
    version: row.etag.replace(/"/g, "").slice(0, 12),
  };
}

function etagOf(data: Buffer): string {
  return `"${createHash("sha256").update(data).digest("base64url").slice(0, 32)}"`;
}

export interface ProcessedImage {
  contentType: string;
  width: number;
  height: number;
  data: Buffer;
  etag: string;
  variants: Array<{ width: number; height: number; data: Buffer; etag: string }>;
}

/**
 * Reads an image by its content (never by its name or declared type) and renders the WebP variants.
 * Throws UnsupportedMediaTypeError for anything that is not a JPEG, PNG, WebP or GIF.
 */
export async function processImage(data: Buffer): Promise<ProcessedImage> {
  let metadata: Metadata;
  try {
    metadata = await sharp(data, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
  } catch {
    throw new UnsupportedMediaTypeError("The file is not an image we can read (JPEG, PNG, WebP or GIF).");
  }
  const contentType = metadata.format ? FORMAT_TYPES[metadata.format] : undefined;
  if (!contentType || !metadata.width || !metadata.height) {
    throw new UnsupportedMediaTypeError("Only JPEG, PNG, WebP and GIF images are accepted.");
  }
  // decode once (applying the EXIF orientation), then encode every variant from the pixels
  const decoded = await sharp(data, { limitInputPixels: MAX_INPUT_PIXELS }).rotate().raw().toBuffer({ resolveWithObject: true });
  const { width, height, channels } = decoded.info;
  const variants = await Promise.all(
    VARIANT_WIDTHS.filter((w) => w < width).map(async (w) => {
      const { data: bytes, info } = await sharp(decoded.data, { raw: { width, height, channels } })
        .resize({ width: w })
        .webp({ quality: 78, effort: 2 })
        .toBuffer({ resolveWithObject: true });
      return { width: info.width, height: info.height, data: bytes, etag: etagOf(bytes) };
    }),
  );
  return { contentType, width, height, data, etag: etagOf(data), variants };
}

export async function storeImage({
  productId,
  fileName,
  processed,
  db = getDb(),
}: {
  productId: number;
  fileName: string;
  processed: ProcessedImage;
  db?: DbOrTx;
}): Promise<ImageDto> {
  const [row] = await db
    .insert(images)
    .values({
      productId,
      fileName,
      contentType: processed.contentType,
      width: processed.width,
      height: processed.height,
      byteSize: processed.data.length,
      etag: processed.etag,
      data: processed.data,
    })
    .returning();
  if (processed.variants.length > 0) {
    await db.insert(imageVariants).values(
      processed.variants.map((variant) => ({
        imageId: row!.id,
        width: variant.width,
        height: variant.height,
        byteSize: variant.data.length,
        etag: variant.etag,
        data: variant.data,
      })),
    );
  }
  return imageDto(row!);
}

export interface ImageContent {
  data: Buffer;
  contentType: string;
  etag: string;
}

/** The original, or for `width` the smallest WebP variant at least that wide (the original when none is). */
export async function getImageContent({ id, width, db = getDb() }: { id: number; width?: number; db?: DbOrTx }): Promise<ImageContent> {
  if (width !== undefined) {
    const [variant] = await db
      .select({ data: imageVariants.data, etag: imageVariants.etag })
      .from(imageVariants)
      .where(and(eq(imageVariants.imageId, id), gte(imageVariants.width, width)))
      .orderBy(asc(imageVariants.width))
      .limit(1);
    if (variant) return { data: variant.data, contentType: "image/webp", etag: variant.etag };
  }
  const [image] = await db
    .select({ data: images.data, contentType: images.contentType, etag: images.etag })
    .from(images)
    .where(eq(images.id, id));
  if (!image) throw new NotFoundError("Image not found");
  return image;
}
