import { z } from "zod/v4";
import { compareAtAbovePrice, ProductInputSchema, type ProductInput } from "./product-admin";
import { MAX_ID } from "./common";

/** The select's value that reveals the text input for a new brand or category. */
export const NEW_OPTION = "__new__";
/** A category added in the form (not yet in the database) travels as "name:<name>". */
export const NEW_CATEGORY_PREFIX = "name:";

const optionalText = z.string().trim().max(200).optional().default("");

/** The product form's fields, as posted (with or without JavaScript). */
export const ProductFormFieldsSchema = z.object({
  name: ProductInputSchema.shape.name,
  brand: optionalText,
  newBrand: optionalText,
  price: ProductInputSchema.shape.price,
  /** only on the form of a product sold in one form; absent leaves it as it is */
  compareAtPrice: ProductInputSchema.shape.compareAtPrice,
  inventory: ProductInputSchema.shape.inventory,
  description: ProductInputSchema.shape.description,
  category: optionalText,
  newCategory: optionalText,
});

type FormFields = z.output<typeof ProductFormFieldsSchema>;
type Choice = Pick<FormFields, "brand" | "newBrand" | "category" | "newCategory">;

/** A typed new brand wins over the select (without JavaScript the text input is always there); "" when none. */
function chosenBrand(form: Choice): string {
  return form.newBrand || (form.brand === NEW_OPTION ? "" : form.brand);
}

function chosenCategory(form: Choice): ProductInput["category"] | null {
  if (form.newCategory) return { name: form.newCategory };
  if (/^\d+$/.test(form.category)) return { id: Number(form.category) };
  if (form.category.startsWith(NEW_CATEGORY_PREFIX) && form.category.length > NEW_CATEGORY_PREFIX.length) {
    return { name: form.category.slice(NEW_CATEGORY_PREFIX.length) };
  }
  return null;
}

/** The choice fields as they are, even when a field failed to parse (then it counts as blank). */
function choiceOf(value: unknown): Choice {
  const record = (typeof value === "object" && value !== null ? value : {}) as Record<string, unknown>;
  const text = (key: keyof Choice) => (typeof record[key] === "string" ? record[key] : "");
  return {
    brand: text("brand"),
    newBrand: text("newBrand"),
    category: text("category"),
    newCategory: text("newCategory"),
  };
}

/**
 * "Brand is required" (or Category) under the select, or under its text input when 'Add New …' is chosen. zod skips
 * a plain refinement once any field failed its type (a blank price), so these say when they run: always, so the
 * error shows together with the other fields' errors.
 */
function requiredChoice(select: "brand" | "category", text: "newBrand" | "newCategory", message: string) {
  const chosen = (form: Choice) => (select === "brand" ? chosenBrand(form) !== "" : chosenCategory(form) !== null);
  const on = (path: typeof select | typeof text, newChosen: boolean) =>
    z.refine<FormFields>((form) => chosen(choiceOf(form)), {
      message,
      path: [path],
      when: (payload) => (choiceOf(payload.value)[select] === NEW_OPTION) === newChosen,
    });
  return [on(select, false), on(text, true)];
}

/** The form as the API's product input; with JavaScript a new brand or category was already added to the select. */
export const ProductFormSchema = ProductFormFieldsSchema.check(
  compareAtAbovePrice,
  ...requiredChoice("brand", "newBrand", "Brand is required"),
  ...requiredChoice("category", "newCategory", "Category is required"),
).transform((form, ctx): ProductInput => {
  const category = chosenCategory(form);
  if (!category) {
    // the refinements above have refused the form already: the transform runs only on a valid one
    ctx.addIssue({ code: "custom", path: ["category"], message: "Category is required" });
    return z.NEVER;
  }
  return {
    name: form.name,
    brand: chosenBrand(form),
    price: form.price,
    ...(form.compareAtPrice === undefined ? {} : { compareAtPrice: form.compareAtPrice }),
    inventory: form.inventory,
    description: form.description,
    category,
  };
});

/** The product form's values as the browser posts them (every field a string). */
export type ProductFormValues = Record<keyof z.input<typeof ProductFormFieldsSchema>, string>;

/** The message for an upload without a file (docs/product.md#add-product). */
export const NO_IMAGE = "Please select an image.";

/** An <input type=file>'s files: the empty part a browser sends when none was chosen is no file. */
const ChosenFilesSchema = z.preprocess(
  (value) =>
    (Array.isArray(value) ? value : value === undefined ? [] : [value]).filter(
      (file) => file instanceof File && (file.size > 0 || file.name !== ""),
    ),
  z.array(z.instanceof(File)).min(1, NO_IMAGE),
);

/** An id posted by a form, with the form's own message when it is missing or not one. */
const idField = (message: string) =>
  z
    .string({ error: message })
    .regex(/^\d{1,10}$/, message)
    .transform(Number)
    .pipe(z.number().int().positive(message).max(MAX_ID, message));

const PICK_AN_ACTION = { error: "Please choose what to do." };

/** Add New Product: step 1 saves the product (its fields are ProductFormSchema's), step 2 uploads its images. */
export const AddProductIntentSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("save") }),
    z.object({
      intent: z.literal("upload"),
      productId: idField("Save the product first."),
      files: ChosenFilesSchema,
    }),
  ],
  PICK_AN_ACTION,
);

/** Update Product: the product's fields (ProductFormSchema), and its images added, replaced or deleted. */
export const UpdateProductIntentSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("update") }),
    z.object({ intent: z.literal("add-image"), files: ChosenFilesSchema }),
    z.object({ intent: z.literal("replace-image"), imageId: idField("Choose an image."), files: ChosenFilesSchema }),
    z.object({ intent: z.literal("delete-image"), imageId: idField("Choose an image.") }),
  ],
  PICK_AN_ACTION,
);
export type UpdateProductIntent = z.infer<typeof UpdateProductIntentSchema>;
