import { z } from "zod/v4";
import { IdSchema, blankToUndefined } from "./common";

/** GET /products/product/{productId}/offer-terms: which variant (the default one when none is named). */
export const OfferTermsQuerySchema = z.object({
  variantId: z.preprocess(blankToUndefined, IdSchema.optional()),
});

/** One shipping zone as an offer states it: where, and each method that can carry one unit, at its cost. */
export const OfferShippingSchema = z.object({
  zone: z.string(),
  /** ISO country codes, each with the subdivisions the zone covers (empty: the whole country) */
  regions: z.array(z.object({ country: z.string(), subdivisions: z.array(z.string()) })),
  methods: z.array(
    z.object({
      name: z.string(),
      /** in dollars, for one unit of the variant (free over the method's threshold when the price is above it) */
      amount: z.number(),
      /** the shop's words ("2–4 business days") */
      deliveryTime: z.string(),
      /** the business days read from those words, when they say them ("2–4 business days": 2 and 4) */
      transitDays: z.object({ min: z.number().int(), max: z.number().int() }).nullable(),
    }),
  ),
});

export const OfferTermsSchema = z.object({
  /** empty: the shop has no shipping zones (shipping is not priced) */
  shipping: z.array(OfferShippingSchema),
  /** the days after delivery in which a buyer may withdraw and return (shop settings) */
  returnDays: z.number().int(),
  /** the seller's country (ISO code, read from the last line of its address on /admin/seller); null when unknown */
  sellerCountry: z.string().nullable(),
});
export type OfferTermsDto = z.infer<typeof OfferTermsSchema>;
