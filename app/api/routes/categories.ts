import { z } from "zod/v4";
import { CategorySchema } from "~/schemas/catalogue";
import { listCategories } from "~/services/catalogue.server";
import type { ApiRouter } from "../define";

export function registerCategoryRoutes(api: ApiRouter) {
  api.route(
    {
      method: "get",
      path: "/categories/all",
      tag: "categories",
      summary: "Every category, sorted by name",
      response: z.array(CategorySchema),
    },
    async () => ({ message: "Found", data: await listCategories() }),
  );
}
