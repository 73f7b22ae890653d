import { z } from "zod/v4";
import { ProductSchema } from "~/schemas/catalogue";
import { IdSchema } from "~/schemas/common";
import {
  AdminUserPageSchema,
  AdminUserSchema,
  AdminUsersQuerySchema,
  RoleChangeSchema,
  StockInputSchema,
} from "~/schemas/staff";
import { changeUserRole, listUsersWithRoles } from "~/services/accounts/staff-roles.server";
import { setStock } from "~/services/catalogue/stock.server";
import { defineRoute } from "../define";

/** Running the shop: the staff's stock writes, and the admin's users page (who is staff, who is admin). */
export const staffRoutes = {
  setStock: defineRoute(
    {
      method: "put",
      path: "/products/{productId}/stock",
      tag: "products",
      summary: "Set the stock of some of a product's variants, nothing else (staff or admin)",
      access: "staff",
      params: z.object({ productId: IdSchema }),
      body: StockInputSchema,
      response: ProductSchema,
    },
    async ({ actor, params, body }) => ({
      message: "Stock saved",
      data: await setStock({ actor, productId: params.productId, input: body }),
    }),
  ),

  users: defineRoute(
    {
      method: "get",
      path: "/admin/users",
      tag: "users",
      summary: "Accounts found by e-mail or name, with their roles, paged (admin)",
      access: "admin",
      query: AdminUsersQuerySchema,
      response: AdminUserPageSchema,
    },
    async ({ actor, query }) => ({ message: "Found", data: await listUsersWithRoles({ actor, ...query }) }),
  ),

  changeRole: defineRoute(
    {
      method: "post",
      path: "/admin/users/{userId}/roles",
      tag: "users",
      summary:
        "Grant or remove the staff or admin role (admin); an admin cannot remove their own admin role (409). Shows in the user's next access token",
      access: "admin",
      params: z.object({ userId: IdSchema }),
      body: RoleChangeSchema,
      bodyType: "json-or-form",
      response: AdminUserSchema,
    },
    async ({ actor, params, body }) => {
      const { user, changed } = await changeUserRole({ actor, userId: params.userId, change: body });
      const what = body.role === "ROLE_ADMIN" ? "administrator" : "staff";
      const message = !changed
        ? `${user.email} already ${body.grant ? "had" : "did not have"} the ${what} role.`
        : body.grant
          ? `${user.email} is now ${what}.`
          : `${user.email} is no longer ${what}.`;
      return { message, data: user };
    },
  ),
};
