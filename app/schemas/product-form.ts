import { z } from "zod/v4";
import { ProductInputSchema, type ProductInput } from "./catalogue";
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
  inventory: ProductInputSchema.shape.inventory,
  description: ProductInputSchema.shape.description,
  category: optionalText,
  newCategory: optionalText,
});

/**
 * The form as the API's product input: a typed new brand or category wins over the select (without JavaScript the
 * text inputs are always there); with JavaScript the new value was already added to the select.
 */
export const ProductFormSchema = ProductFormFieldsSchema.transform((form, ctx): ProductInput => {
  const brand = form.newBrand || (form.brand === NEW_OPTION ? "" : form.brand);
  if (!brand)
    ctx.addIssue({
      code: "custom",
      path: [form.brand === NEW_OPTION ? "newBrand" : "brand"],
      message: "Brand is required",
    });
  let category: ProductInput["category"] | null = null;
  if (form.newCategory) category = { name: form.newCategory };
  else if (/^\d+$/.test(form.category)) category = { id: Number(form.category) };
  else if (form.category.startsWith(NEW_CATEGORY_PREFIX) && form.category.length > NEW_CATEGORY_PREFIX.length) {
    category = { name: form.category.slice(NEW_CATEGORY_PREFIX.length) };
  }
  if (!category)
    ctx.addIssue({
      code: "custom",
      path: [form.category === NEW_OPTION ? "newCategory" : "category"],
      message: "Category is required",
    });
  if (!brand || !category) return z.NEVER;
  return {
    name: form.name,
    brand,
    price: form.price,
    inventory: form.inventory,
    description: form.description,
    category,
  };
});

/** The product form's values as the browser posts them (every field a string). */
export type ProductFormValues = Record<keyof z.input<typeof ProductFormFieldsSchema>, string>;

/** The spec's message for an upload without a file. */
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
