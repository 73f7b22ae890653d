import { IdParamSchema } from "~/schemas/common";
import { OfferTermsQuerySchema, OfferTermsSchema } from "~/schemas/offer-terms";
import { offerTerms } from "~/services/catalogue/offer-terms.server";
import { defineRoute } from "../define";

/** What a product's offer says besides its price: shipping and returns (the details page's JSON-LD). */
export const offerTermsRoutes = {
  get: defineRoute(
    {
      method: "get",
      path: "/products/product/{id}/offer-terms",
      tag: "products",
      summary:
        "Where a product ships, by which methods at what cost for one unit of the variant (the default one unless named), and the shop's return window in days",
      params: IdParamSchema,
      query: OfferTermsQuerySchema,
      response: OfferTermsSchema,
    },
    async ({ params, query }) => ({
      message: "Found",
      data: await offerTerms({ productId: params.id, variantId: query.variantId }),
    }),
  ),
};
