import { z } from "zod/v4";
import { blankToUndefined, IdSchema } from "./common";

/** The statuses staff may move an order to: Preparing, Shipped, Delivered (cancelling and sending back: admins). */
export const STAFF_ORDER_STATUSES: readonly string[] = ["PROCESSING", "SHIPPED", "DELIVERED"];

/** The roles an admin grants and removes on the users page (services/access.ts). */
export const GRANTABLE_ROLE_NAMES = ["ROLE_STAFF", "ROLE_ADMIN"] as const;
export type GrantableRole = (typeof GRANTABLE_ROLE_NAMES)[number];
export const ROLE_LABELS: Record<GrantableRole, string> = { ROLE_STAFF: "Staff", ROLE_ADMIN: "Administrator" };

const stock = z.preprocess(
  (v) => (typeof v === "string" && v.trim() !== "" ? Number(v) : v),
  z
    .number({ error: "Stock must be a number" })
    .int("Stock must be a whole number")
    .min(0, "Stock must be 0 or more")
    .max(1_000_000, "Stock is too large"),
);

/** PUT /products/{productId}/stock: the stock of some of a product's variants, nothing else (staff or admin). */
export const StockInputSchema = z.object({
  variants: z
    .array(z.object({ id: IdSchema, inventory: stock }))
    .min(1, "Give at least one variant")
    .max(500, "At most 500 variants")
    .refine((rows) => new Set(rows.map((r) => r.id)).size === rows.length, "Each variant once"),
});
export type StockInput = z.output<typeof StockInputSchema>;

/** The stock page's form: one variant's stock. */
export const StockFormSchema = z.object({ variantId: IdSchema, inventory: stock });

/** GET /admin/users: people found by e-mail or name, paged. */
export const AdminUsersQuerySchema = z.object({
  q: z.preprocess(blankToUndefined, z.string().trim().max(200).optional()),
  page: z.preprocess(blankToUndefined, z.coerce.number().int().min(1).max(100_000).default(1)),
  size: z.preprocess(blankToUndefined, z.coerce.number().int().min(1).max(100).default(25)),
});

export const AdminUserSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  roles: z.array(z.string()),
  createdAt: z.string(),
});
export type AdminUserDto = z.infer<typeof AdminUserSchema>;

export const AdminUserPageSchema = z.object({
  content: z.array(AdminUserSchema),
  page: z.number().int(),
  size: z.number().int(),
  totalElements: z.number().int(),
  totalPages: z.number().int(),
});

/** POST /admin/users/{userId}/roles, and the users page's buttons: grant or remove one role. */
export const RoleChangeSchema = z.object({
  role: z.enum(GRANTABLE_ROLE_NAMES, { error: "Choose Staff or Administrator" }),
  grant: z.preprocess(
    (v) => (v === "true" || v === "grant" ? true : v === "false" || v === "remove" ? false : v),
    z.boolean({ error: "Say whether to grant or remove the role" }),
  ),
});
export type RoleChange = z.output<typeof RoleChangeSchema>;

/** The users page's form: whose role changes, and how (its buttons send `change` = "ROLE_STAFF:grant"). */
export const RoleChangeFormSchema = z.preprocess(
  (value) => {
    if (typeof value !== "object" || value === null) return value;
    const { change, ...rest } = value as Record<string, unknown>;
    if (typeof change !== "string") return rest;
    const [role, how] = change.split(":");
    return { ...rest, role, grant: how };
  },
  RoleChangeSchema.extend({ userId: IdSchema }),
);
