import { z } from "zod/v4";
import { ProductInputSchema, type ProductInput } from "./catalogue";

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
