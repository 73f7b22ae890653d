import { z } from "zod/v4";
import { CategorySchema } from "~/schemas/catalogue";
import { CategoryInputSchema } from "~/schemas/product-admin";
import { IdParamSchema } from "~/schemas/common";
import { addCategory, deleteCategory, updateCategory } from "~/services/catalogue/product-admin.server";
import { listCategoryUsage } from "~/services/catalogue/taxonomy.server";
import { listCategories } from "~/services/catalogue/catalogue.server";
import { CategoryListQuerySchema, CategoryUsageSchema } from "~/schemas/taxonomy";
import { defineRoute } from "../define";

/** Categories: anyone lists them; an admin adds, renames and deletes them. */
export const categoryRoutes = {
  all: defineRoute(
    {
      method: "get",
      path: "/categories/all",
      tag: "categories",
      summary: "Every category, sorted by name (withProducts=true: only those some product is in)",
      query: CategoryListQuerySchema,
      response: z.array(CategorySchema),
    },
    async ({ query }) => ({
      message: "Found",
      data: await listCategories({ withProducts: query.withProducts ?? false }),
    }),
  ),

  usage: defineRoute(
    {
      method: "get",
      path: "/categories/usage",
      tag: "categories",
      summary: "Every category with how many products it has, sorted by name",
      access: "admin",
      response: z.array(CategoryUsageSchema),
    },
    async ({ actor }) => ({ message: "Found", data: await listCategoryUsage({ actor }) }),
  ),

  add: defineRoute(
    {
      method: "post",
      path: "/categories/add",
      tag: "categories",
      summary: "Add a category (names are unique, case-insensitively)",
      access: "admin",
      body: CategoryInputSchema,
      response: CategorySchema,
      status: 201,
    },
    async ({ actor, body }) => ({
      message: "Category added",
      data: await addCategory({ actor, name: body.name }),
      status: 201,
    }),
  ),

  rename: defineRoute(
    {
      method: "put",
      path: "/categories/category/{id}/update",
      tag: "categories",
      summary: "Rename a category",
      access: "admin",
      params: IdParamSchema,
      body: CategoryInputSchema,
      response: CategorySchema,
    },
    async ({ actor, params, body }) => ({
      message: "Category updated",
      data: await updateCategory({ actor, id: params.id, name: body.name }),
    }),
  ),

  remove: defineRoute(
    {
      method: "delete",
      path: "/categories/category/{id}/delete",
      tag: "categories",
      summary: "Delete a category no product uses (409 otherwise)",
      access: "admin",
      params: IdParamSchema,
    },
    async ({ actor, params }) => {
      await deleteCategory({ actor, id: params.id });
      return { message: "Category deleted" };
    },
  ),
};
