import { z } from "zod/v4";
import {
  RelatedParamsSchema,
  RelatedSchema,
  SavedIdsSchema,
  SavedItemInputSchema,
  SavedItemParamsSchema,
  SavedListSchema,
} from "~/schemas/saved";
import {
  listSaved,
  moveSavedToCart,
  removeSaved,
  saveItem,
  savedProductIds,
} from "~/services/accounts/saved-items.server";
import { relatedToCart, relatedToProduct } from "~/services/catalogue/related.server";
import { defineRoute } from "../define";

const Done = z.object({ productId: z.number().int() });

/** Saved items (docs/decisions/0047-saved-items-and-related-products.md): the caller's own "Save for later" list. */
export const savedRoutes = {
  list: defineRoute(
    {
      method: "get",
      path: "/saved",
      tag: "saved",
      summary:
        "The caller's saved items, newest first, each with its product, the price when saved, and whether the price dropped since or it is back in stock",
      access: "user",
      response: SavedListSchema,
    },
    async ({ actor }) => ({ message: "Found", data: await listSaved({ actor }) }),
  ),

  ids: defineRoute(
    {
      method: "get",
      path: "/saved/ids",
      tag: "saved",
      summary: "The ids of the products the caller has saved (the pages' 'Saved' buttons)",
      access: "user",
      response: SavedIdsSchema,
    },
    async ({ actor }) => ({ message: "Found", data: { productIds: await savedProductIds({ actor }) } }),
  ),

  add: defineRoute(
    {
      method: "post",
      path: "/saved",
      tag: "saved",
      summary:
        "Save a product for later (saving it again changes nothing; 404 for a product that does not exist, 409 above 100 saved items)",
      access: "user",
      body: SavedItemInputSchema,
      bodyType: "json-or-form",
      response: Done,
      status: 201,
    },
    async ({ actor, body }) => {
      const { message } = await saveItem({ actor, productId: body.productId });
      return { message, data: { productId: body.productId }, status: 201 };
    },
  ),

  remove: defineRoute(
    {
      method: "delete",
      path: "/saved/{productId}",
      tag: "saved",
      summary: "Remove a product from the caller's saved items (404 when it is not one)",
      access: "user",
      params: SavedItemParamsSchema,
      response: Done,
    },
    async ({ actor, params }) => {
      const { message } = await removeSaved({ actor, productId: params.productId });
      return { message, data: { productId: params.productId } };
    },
  ),

  moveToCart: defineRoute(
    {
      method: "post",
      path: "/saved/{productId}/move-to-cart",
      tag: "saved",
      summary:
        "Put one of a saved product (its default variant) into the caller's cart and remove it from the saved items; sold out (409), it stays saved",
      access: "user",
      params: SavedItemParamsSchema,
      response: Done,
    },
    async ({ actor, params }) => {
      const { message } = await moveSavedToCart({ actor, productId: params.productId });
      return { message, data: { productId: params.productId } };
    },
  ),
};

/** "Goes well with": bought together, then the same category, then the same brand; never sold out. */
export const relatedRoutes = {
  product: defineRoute(
    {
      method: "get",
      path: "/products/product/{id}/related",
      tag: "related",
      summary:
        "Up to 4 products that go well with a product: bought with it in past orders, then of its category, then of its brand; never sold out, never itself",
      params: RelatedParamsSchema,
      response: RelatedSchema,
    },
    async ({ params }) => ({ message: "Found", data: { products: await relatedToProduct({ id: params.id }) } }),
  ),

  cart: defineRoute(
    {
      method: "get",
      path: "/cart/related",
      tag: "related",
      summary:
        "Up to 4 complements of what is in the caller's cart (the same rules over its products), none of what is in it; none for an empty cart",
      access: "user",
      response: RelatedSchema,
    },
    async ({ actor }) => ({ message: "Found", data: { products: await relatedToCart({ actor }) } }),
  ),
};
