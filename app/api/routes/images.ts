import { ImageDownloadQuerySchema } from "~/schemas/catalogue";
import { IdSchema } from "~/schemas/common";
import { getImageContent } from "~/services/images.server";
import { z } from "zod/v4";
import type { ApiRouter } from "../define";

export function registerImageRoutes(api: ApiRouter) {
  api.route(
    {
      method: "get",
      path: "/images/image/download/{imageId}",
      tag: "images",
      summary: "The image bytes; `w` picks the smallest WebP variant at least that wide",
      params: z.object({ imageId: IdSchema }),
      query: ImageDownloadQuerySchema,
      responseContentType: "image/*",
    },
    async ({ c, params, query }) => {
      const image = await getImageContent({ id: params.imageId, width: query.w });
      const headers = {
        "Content-Type": image.contentType,
        ETag: image.etag,
        // a versioned URL (?v=, as the pages use) never changes its bytes; a bare one is revalidated by ETag
        "Cache-Control": query.v ? "public, max-age=31536000, immutable" : "public, max-age=0, must-revalidate",
        "X-Request-Id": c.get("requestId"),
      };
      const ifNoneMatch = c.req.header("if-none-match");
      if (ifNoneMatch && ifNoneMatch.split(",").some((tag) => tag.trim() === image.etag)) {
        return new Response(null, { status: 304, headers });
      }
      return new Response(new Uint8Array(image.data), {
        status: 200,
        headers: { ...headers, "Content-Length": String(image.data.length) },
      });
    },
  );
}
