import { IdSchema } from "~/schemas/common";
import { ApiError, api } from "~/services/api-client.server";

/** The role guard of the admin pages (spec.md §2). */
export const ADMIN_GUARD = { roles: ["ROLE_ADMIN"] };

/** A route's {productId}, or a 404 page. */
export function productIdParam(value: string | undefined): number {
  const id = IdSchema.safeParse(value);
  if (!id.success) throw new Response("No product", { status: 404 });
  return id.data;
}

/** The product of a route, or a 404 page. */
export function productOr404(id: number) {
  return api.products.byId(id).catch((error: unknown) => {
    if (error instanceof ApiError && error.status === 404) throw new Response("No product", { status: 404 });
    throw error;
  });
}
