import { createHash } from "node:crypto";
import { and, asc, eq, gte } from "drizzle-orm";
import type { Metadata } from "sharp";
import { getDb, type DbOrTx } from "~/db/client.server";
import { imageVariants, images, products } from "~/db/schema";
import type { ImageDto } from "~/schemas/catalogue";
import { MAX_FILES_PER_UPLOAD, MAX_IMAGE_BYTES } from "~/schemas/constants";
import type { Actor } from "../access";
import { requireAdmin } from "../access";
import { recordAudit } from "../audit/audit.server";
import { NotFoundError, PayloadTooLargeError, UnsupportedMediaTypeError, ValidationError } from "../errors";

/**
 * sharp, loaded on the first image an admin uploads: libvips costs a server about 25 MB that most never use (the
 * pages serve the stored variants; docs/decisions/0029-memory-and-in-process-api.md).
 */
export async function loadSharp() {
  return (await import("sharp")).default;
}

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
  const sharp = await loadSharp();
  let metadata: Metadata;
  try {
    // the header only (no pixels are decoded): the pixel limit is checked below with a clear answer
    metadata = await sharp(data, { limitInputPixels: false }).metadata();
  } catch {
    throw new UnsupportedMediaTypeError("The file is not an image we can read (JPEG, PNG, WebP or GIF).");
  }
  const contentType = metadata.format ? FORMAT_TYPES[metadata.format] : undefined;
  if (!contentType || !metadata.width || !metadata.height) {
    throw new UnsupportedMediaTypeError("Only JPEG, PNG, WebP and GIF images are accepted.");
  }
  if (metadata.width * metadata.height * (metadata.pages ?? 1) > MAX_INPUT_PIXELS) {
    throw new ValidationError("The image has too many pixels (at most 40 megapixels).", {
      file: ["The image has too many pixels (at most 40 megapixels)."],
    });
  }
  // decode once (applying the EXIF orientation), then encode every variant from the pixels
  const decoded = await sharp(data, { limitInputPixels: MAX_INPUT_PIXELS })
    .rotate()
    .raw()
    .toBuffer({ resolveWithObject: true })
    .catch(() => {
      throw new ValidationError("The image is damaged and cannot be read.", {
        file: ["The image is damaged and cannot be read."],
      });
    });
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

/** The columns of an image row for processed bytes. */
function imageColumns(processed: ProcessedImage) {
  return {
    contentType: processed.contentType,
    width: processed.width,
    height: processed.height,
    byteSize: processed.data.length,
    etag: processed.etag,
    data: processed.data,
  };
}

async function insertVariants(db: DbOrTx, imageId: number, variants: ProcessedImage["variants"]) {
  if (variants.length === 0) return;
  await db.insert(imageVariants).values(
    variants.map((v) => ({
      imageId,
      width: v.width,
      height: v.height,
      byteSize: v.data.length,
      etag: v.etag,
      data: v.data,
    })),
  );
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
    .values({ productId, fileName, ...imageColumns(processed) })
    .returning();
  await insertVariants(db, row!.id, processed.variants);
  return imageDto(row!);
}

export interface ImageContent {
  data: Buffer;
  contentType: string;
  etag: string;
}

/** The original, or for `width` the smallest WebP variant at least that wide (the original when none is). */
export async function getImageContent({
  id,
  width,
  db = getDb(),
}: {
  id: number;
  width?: number;
  db?: DbOrTx;
}): Promise<ImageContent> {
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

// ---------------------------------------------------------------- admin: upload, replace, delete

/** A file name safe to keep and show: the last path segment, printable, at most 200 characters. */
function cleanFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? "";
  const clean = base
    .replace(/[^\p{L}\p{N} ._()-]/gu, "_")
    .trim()
    .slice(-200);
  return clean || "image";
}

/** Checks and renders every file before anything is stored: one bad file stores none. */
async function processFiles(files: File[]): Promise<Array<{ fileName: string; processed: ProcessedImage }>> {
  const real = files.filter((file) => file.size > 0 || file.name !== "");
  if (real.length === 0) throw new ValidationError("Please select an image.", { files: ["Please select an image."] });
  if (real.length > MAX_FILES_PER_UPLOAD) {
    throw new ValidationError(`Upload at most ${MAX_FILES_PER_UPLOAD} images at once.`, {
      files: [`Upload at most ${MAX_FILES_PER_UPLOAD} images at once.`],
    });
  }
  for (const file of real) {
    if (file.size > MAX_IMAGE_BYTES) throw new PayloadTooLargeError(`${cleanFileName(file.name)} is larger than 5 MB.`);
  }
  const out = [];
  for (const file of real) {
    const fileName = cleanFileName(file.name);
    const processed = await processImage(Buffer.from(await file.arrayBuffer())).catch((error: unknown) => {
      if (error instanceof UnsupportedMediaTypeError)
        throw new UnsupportedMediaTypeError(`${fileName}: ${error.message}`);
      throw error;
    });
    out.push({ fileName, processed });
  }
  return out;
}

/** POST /images/upload: one or several images for a product, all or none. */
export async function uploadImages({
  actor,
  productId,
  files,
  db = getDb(),
}: {
  actor: Actor | null;
  productId: number;
  files: File[];
  db?: DbOrTx;
}): Promise<ImageDto[]> {
  const who = requireAdmin(actor);
  const [product] = await db.select({ id: products.id }).from(products).where(eq(products.id, productId));
  if (!product) throw new NotFoundError("Product not found", { productId: ["No such product"] });
  const ready = await processFiles(files);
  return db.transaction(async (tx) => {
    const stored: ImageDto[] = [];
    for (const { fileName, processed } of ready)
      stored.push(await storeImage({ productId, fileName, processed, db: tx }));
    await recordAudit(tx, {
      actor: who,
      kind: "image.upload",
      entity: { type: "product", id: productId },
      after: stored,
    });
    return stored;
  });
}

/** PUT /images/image/{imageId}/update: new bytes (and variants) for an image, keeping its id. */
export async function replaceImage({
  actor,
  imageId,
  file,
  db = getDb(),
}: {
  actor: Actor | null;
  imageId: number;
  file: File;
  db?: DbOrTx;
}): Promise<ImageDto> {
  const who = requireAdmin(actor);
  const [existing] = await db.select().from(images).where(eq(images.id, imageId));
  if (!existing) throw new NotFoundError("Image not found");
  const [{ fileName, processed }] = (await processFiles([file])) as [{ fileName: string; processed: ProcessedImage }];
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(images)
      .set({ fileName, ...imageColumns(processed) })
      .where(eq(images.id, imageId))
      .returning();
    await tx.delete(imageVariants).where(eq(imageVariants.imageId, imageId));
    await insertVariants(tx, imageId, processed.variants);
    await recordAudit(tx, {
      actor: who,
      kind: "image.replace",
      entity: { type: "product", id: existing.productId },
      before: imageDto(existing),
      after: imageDto(row!),
    });
    return imageDto(row!);
  });
}

export async function deleteImage({
  actor,
  imageId,
  db = getDb(),
}: {
  actor: Actor | null;
  imageId: number;
  db?: DbOrTx;
}) {
  const who = requireAdmin(actor);
  await db.transaction(async (tx) => {
    const [row] = await tx.delete(images).where(eq(images.id, imageId)).returning();
    if (!row) throw new NotFoundError("Image not found");
    await recordAudit(tx, {
      actor: who,
      kind: "image.delete",
      entity: { type: "product", id: row.productId },
      before: imageDto(row),
    });
  });
}
