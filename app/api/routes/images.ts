import { z } from "zod/v4";
import { ImageDownloadQuerySchema, ImageSchema } from "~/schemas/catalogue";
import { IdSchema } from "~/schemas/common";
import { IMAGE_UPLOAD_LIMITS, MAX_FILES_PER_UPLOAD, MAX_IMAGE_BYTES } from "~/schemas/constants";
import { deleteImage, getImageContent, replaceImage, uploadImages } from "~/services/catalogue/images.server";
import { defineRoute } from "../define";

const FileSchema = z.instanceof(File, { error: "Please select an image." });
const FilesSchema = z.preprocess((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]), z.array(FileSchema));
const ImageIdParams = z.object({ imageId: IdSchema });
const FORM_FIELDS_BYTES = 64 * 1024;

/** Product images: anyone downloads them; an admin uploads, replaces and deletes them. */
export const imageRoutes = {
  download: defineRoute(
    {
      method: "get",
      path: "/images/image/download/{imageId}",
      tag: "images",
      summary: "The image bytes; `w` picks the smallest WebP variant at least that wide",
      params: z.object({ imageId: IdSchema }),
      query: ImageDownloadQuerySchema,
      responseContentType: "image/*",
    },
    async ({ params, query, request }) => {
      const image = await getImageContent({ id: params.imageId, width: query.w });
      const headers = {
        "Content-Type": image.contentType,
        ETag: image.etag,
        // a versioned URL (?v=, as the pages use) never changes its bytes; a bare one is revalidated by ETag
        "Cache-Control": query.v ? "public, max-age=31536000, immutable" : "public, max-age=0, must-revalidate",
        "X-Request-Id": request.requestId,
      };
      const ifNoneMatch = request.header("if-none-match");
      if (ifNoneMatch && ifNoneMatch.split(",").some((tag) => tag.trim() === image.etag)) {
        return new Response(null, { status: 304, headers });
      }
      return new Response(new Uint8Array(image.data), {
        status: 200,
        headers: { ...headers, "Content-Length": String(image.data.length) },
      });
    },
  ),

  upload: defineRoute(
    {
      method: "post",
      path: "/images/upload",
      tag: "images",
      summary: `Upload images for a product (multipart: files, productId; at most ${MAX_FILES_PER_UPLOAD} files of 5 MB; JPEG, PNG, WebP or GIF by content)`,
      access: "admin",
      bodyType: "form",
      maxBodyBytes: MAX_FILES_PER_UPLOAD * MAX_IMAGE_BYTES + FORM_FIELDS_BYTES,
      files: { max: MAX_FILES_PER_UPLOAD, maxBytes: MAX_IMAGE_BYTES, tooMany: IMAGE_UPLOAD_LIMITS.tooManyFiles },
      body: z.object({ productId: IdSchema, files: FilesSchema }),
      response: z.array(ImageSchema),
      status: 201,
    },
    async ({ actor, body }) => {
      const stored = await uploadImages({ actor, productId: body.productId, files: body.files });
      return {
        message: stored.length === 1 ? "Image uploaded" : `${stored.length} images uploaded`,
        data: stored,
        status: 201,
      };
    },
  ),

  replace: defineRoute(
    {
      method: "put",
      path: "/images/image/{imageId}/update",
      tag: "images",
      summary: "Replace an image's file (multipart: file)",
      access: "admin",
      bodyType: "form",
      maxBodyBytes: MAX_IMAGE_BYTES + FORM_FIELDS_BYTES,
      files: { max: 1, maxBytes: MAX_IMAGE_BYTES, field: "file", tooMany: "Send one image." },
      params: ImageIdParams,
      body: z.object({ file: FileSchema }),
      response: ImageSchema,
    },
    async ({ actor, params, body }) => ({
      message: "Image updated",
      data: await replaceImage({ actor, imageId: params.imageId, file: body.file }),
    }),
  ),

  remove: defineRoute(
    {
      method: "delete",
      path: "/images/image/{imageId}/delete",
      tag: "images",
      summary: "Delete an image",
      access: "admin",
      params: ImageIdParams,
    },
    async ({ actor, params }) => {
      await deleteImage({ actor, imageId: params.imageId });
      return { message: "Image deleted" };
    },
  ),
};
