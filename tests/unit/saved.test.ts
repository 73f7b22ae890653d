import { describe, expect, it } from "vitest";
import { ReviewMailPreferenceSchema } from "~/schemas/reviews";
import { SAVE_INTENT, SavedIntentSchema, SavedItemInputSchema } from "~/schemas/saved";

// Saved items and the review e-mails' checkbox (docs/decisions/0047-saved-items-and-related-products.md): the schemas
// the forms and the API share.

describe("the review e-mails' checkbox", () => {
  it("reads a ticked box as on, an absent one as off, and JSON booleans as they are", () => {
    const read = (value: unknown) => ReviewMailPreferenceSchema.safeParse({ reviewMail: value });
    expect(read("on").data).toEqual({ reviewMail: true });
    expect(read(undefined).data).toEqual({ reviewMail: false });
    expect(read(true).data).toEqual({ reviewMail: true });
    expect(read(false).data).toEqual({ reviewMail: false });
    expect(read("off").data).toEqual({ reviewMail: false });
    expect(read("maybe").success).toBe(false);
    expect(read(3).success).toBe(false);
  });
});

describe("the saved items' schemas", () => {
  it("take a product id from a form (text) or JSON, and refuse what is not one", () => {
    expect(SavedItemInputSchema.parse({ productId: "7" })).toEqual({ productId: 7 });
    expect(SavedItemInputSchema.safeParse({ productId: "x" }).success).toBe(false);
    expect(SavedItemInputSchema.safeParse({ productId: 0 }).success).toBe(false);
    expect(SavedIntentSchema.parse({ intent: SAVE_INTENT, productId: "3" })).toEqual({
      intent: "saved-add",
      productId: 3,
    });
    expect(SavedIntentSchema.safeParse({ intent: "delete-everything", productId: "3" }).success).toBe(false);
  });
});
