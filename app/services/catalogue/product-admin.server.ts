import { and, asc, eq, ilike, lte, or, sql } from "drizzle-orm";
import type { Actor } from "../access";
import { getDb, type DbOrTx } from "~/db/client.server";
import { categories, products, productVariants } from "~/db/schema";
import type { Category, ProductDto } from "~/schemas/catalogue";
import type { ProductInput } from "~/schemas/product-admin";
import { centsToDollars, dollarsToCents } from "~/lib/money";
import { requireAdmin, requireStaff } from "../access";
import { getProduct } from "./catalogue.server";
import { compareAtColumn } from "./variants.server";
import { recordAudit } from "../audit/audit.server";
import { ConflictError, constraintOf, NotFoundError, refuseDuplicate, ValidationError } from "../errors";

const categoryTaken = (name: string) =>
  new ConflictError(`A category named ${name} already exists.`, {
    name: ["A category with this name already exists."],
  });

export async function addCategory({
  actor,
  name,
  db = getDb(),
}: {
  actor: Actor | null;
  name: string;
  db?: DbOrTx;
}): Promise<Category> {
  const who = requireAdmin(actor);
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(categories)
        .values({ name })
        .returning({ id: categories.id, name: categories.name });
      await recordAudit(tx, {
        actor: who,
        kind: "category.create",
        entity: { type: "category", id: row!.id },
        after: row,
      });
      return row!;
    });
  } catch (error) {
    refuseDuplicate(error, "categories_name_lower_key", () => categoryTaken(name));
  }
}

export async function updateCategory({
  actor,
  id,
  name,
  db = getDb(),
}: {
  actor: Actor | null;
  id: number;
  name: string;
  db?: DbOrTx;
}): Promise<Category> {
  const who = requireAdmin(actor);
  try {
    return await db.transaction(async (tx) => {
      const [before] = await tx
        .select({ id: categories.id, name: categories.name })
        .from(categories)
        .where(eq(categories.id, id))
        .for("update");
      if (!before) throw new NotFoundError("Category not found");
      const [row] = await tx
        .update(categories)
        .set({ name })
        .where(eq(categories.id, id))
        .returning({ id: categories.id, name: categories.name });
      await recordAudit(tx, {
        actor: who,
        kind: "category.update",
        entity: { type: "category", id },
        before,
        after: row,
      });
      return row!;
    });
  } catch (error) {
    refuseDuplicate(error, "categories_name_lower_key", () => categoryTaken(name));
  }
}

export async function deleteCategory({ actor, id, db = getDb() }: { actor: Actor | null; id: number; db?: DbOrTx }) {
  const who = requireAdmin(actor);
  const [category] = await db.select({ name: categories.name }).from(categories).where(eq(categories.id, id));
  if (!category) throw new NotFoundError("Category not found");
  const inUse = await db.$count(products, eq(products.categoryId, id));
  if (inUse > 0) {
    throw new ConflictError(
      `${category.name} still has ${inUse} product${inUse === 1 ? "" : "s"}; move or delete them before deleting the category.`,
    );
  }
  try {
    await db.transaction(async (tx) => {
      await tx.delete(categories).where(eq(categories.id, id));
      await recordAudit(tx, {
        actor: who,
        kind: "category.delete",
        entity: { type: "category", id },
        before: { id, name: category.name },
      });
    });
  } catch (error) {
    // a product added meanwhile: the foreign key refuses
    if (constraintOf(error)?.includes("category")) throw new ConflictError(`${category.name} is still in use.`);
    throw error;
  }
}

/** The category's id for a product: by id (must exist) or by name (found case-insensitively, or created). */
async function resolveCategory(ref: ProductInput["category"], db: DbOrTx): Promise<number> {
  if ("id" in ref) {
    const [row] = await db.select({ id: categories.id }).from(categories).where(eq(categories.id, ref.id));
    if (!row) throw new NotFoundError("Category not found", { category: ["Choose an existing category"] });
    return row.id;
  }
  await db.insert(categories).values({ name: ref.name }).onConflictDoNothing();
  const [row] = await db
    .select({ id: categories.id })
    .from(categories)
    .where(sql`lower(${categories.name}) = lower(${ref.name})`);
  return row!.id;
}

const productTaken = (input: ProductInput) =>
  new ConflictError(`${input.brand} ${input.name} already exists.`, {
    name: ["A product with this name and brand already exists."],
  });

function productValues(input: ProductInput, categoryId: number) {
  return {
    name: input.name,
    brand: input.brand,
    priceCents: dollarsToCents(input.price),
    inventory: input.inventory,
    description: input.description,
    categoryId,
  };
}

export async function addProduct({
  actor,
  input,
  db = getDb(),
}: {
  actor: Actor | null;
  input: ProductInput;
  db?: DbOrTx;
}): Promise<ProductDto> {
  const who = requireAdmin(actor);
  try {
    const id = await db.transaction(async (tx) => {
      const categoryId = await resolveCategory(input.category, tx);
      const [row] = await tx.insert(products).values(productValues(input, categoryId)).returning();
      // its default variant was made by a trigger; the compare-at price is that variant's
      await writeCompareAt(row!.id, input, tx);
      await recordAudit(tx, {
        actor: who,
        kind: "product.create",
        entity: { type: "product", id: row!.id },
        after: { ...row, compareAtPrice: input.compareAtPrice ?? null },
      });
      return row!.id;
    });
    return getProduct({ id, db });
  } catch (error) {
    refuseDuplicate(error, "products_name_brand_lower_key", () => productTaken(input));
  }
}

export async function updateProduct({
  actor,
  id,
  input,
  db = getDb(),
}: {
  actor: Actor | null;
  id: number;
  input: ProductInput;
  db?: DbOrTx;
}): Promise<ProductDto> {
  const who = requireAdmin(actor);
  try {
    await db.transaction(async (tx) => {
      const categoryId = await resolveCategory(input.category, tx);
      await refuseFiguresOfVariants(id, input, tx);
      const [before] = await tx.select().from(products).where(eq(products.id, id));
      const [row] = await tx
        .update(products)
        .set({ ...productValues(input, categoryId), updatedAt: new Date() })
        .where(eq(products.id, id))
        .returning();
      if (!row) throw new NotFoundError("Product not found");
      const compareAtBefore = await writeCompareAt(id, input, tx);
      await recordAudit(tx, {
        actor: who,
        kind: "product.update",
        entity: { type: "product", id },
        before: compareAtBefore === undefined ? before : { ...before, compareAtPrice: compareAtBefore },
        after: input.compareAtPrice === undefined ? row : { ...row, compareAtPrice: input.compareAtPrice },
      });
    });
    return getProduct({ id, db });
  } catch (error) {
    refuseDuplicate(error, "products_name_brand_lower_key", () => productTaken(input));
  }
}

/**
 * A product with several variants has the price and stock of its variants (the lowest, the sum): the product form
 * may send them back unchanged, but a new figure belongs on a variant.
 */
async function refuseFiguresOfVariants(id: number, input: ProductInput, tx: DbOrTx) {
  const [row] = await tx
    .select({ priceCents: products.priceCents, inventory: products.inventory })
    .from(products)
    .where(eq(products.id, id))
    .for("update");
  if (!row || (await tx.$count(productVariants, eq(productVariants.productId, id))) <= 1) return;
  const fieldErrors: Record<string, string[]> = {};
  if (dollarsToCents(input.price) !== row.priceCents) fieldErrors.price = ["Set the price of each variant instead"];
  if (input.inventory !== row.inventory) fieldErrors.inventory = ["Set the stock of each variant instead"];
  if (input.compareAtPrice !== undefined && input.compareAtPrice !== null) {
    fieldErrors.compareAtPrice = ["Set the compare-at price of each variant instead"];
  }
  if (Object.keys(fieldErrors).length > 0) {
    throw new ValidationError(
      "This product has variants: its price and stock are those of its variants, set on each variant.",
      fieldErrors,
    );
  }
}

/**
 * The compare-at price of a product sold in one form is its variant's (refuseFiguresOfVariants has refused one for a
 * product with several; null for such a product changes nothing). Gives the one it had, in dollars, when it wrote one.
 */
async function writeCompareAt(id: number, input: ProductInput, tx: DbOrTx): Promise<number | null | undefined> {
  if (input.compareAtPrice === undefined) return undefined;
  const variants = await tx
    .select({ id: productVariants.id, compareAtCents: productVariants.compareAtCents })
    .from(productVariants)
    .where(eq(productVariants.productId, id));
  if (variants.length !== 1) return undefined;
  await tx
    .update(productVariants)
    .set({ ...compareAtColumn(input.compareAtPrice), updatedAt: new Date() })
    .where(eq(productVariants.id, variants[0]!.id));
  const was = variants[0]!.compareAtCents;
  return was === null ? null : centsToDollars(was);
}

/** Deletes a product: its images and cart lines go with it; past orders keep their item snapshot. */
export async function deleteProduct({
  actor,
  id,
  db = getDb(),
}: {
  actor: Actor | null;
  id: number;
  db?: DbOrTx;
}): Promise<number> {
  const who = requireAdmin(actor);
  return db.transaction(async (tx) => {
    const [row] = await tx.delete(products).where(eq(products.id, id)).returning();
    if (!row) throw new NotFoundError("Product not found");
    await recordAudit(tx, { actor: who, kind: "product.delete", entity: { type: "product", id }, before: row });
    return row.id;
  });
}

/** At or below this many pieces a product shows in the admin's low-stock view. */
export const LOW_STOCK = 5;

/** The admin's product table: a name/brand filter, a low-stock view (fewest first), pages of `size`. */
export async function listInventory({
  actor,
  q,
  lowStock,
  page,
  size,
  db = getDb(),
}: {
  actor: Actor | null;
  q?: string;
  lowStock?: boolean;
  page: number;
  size: number;
  db?: DbOrTx;
}) {
  requireStaff(actor);
  const pattern = q ? `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
  const where = and(
    pattern ? or(ilike(products.name, pattern), ilike(products.brand, pattern)) : undefined,
    lowStock ? lte(products.inventory, LOW_STOCK) : undefined,
  );
  const [rows, total] = await Promise.all([
    db
      .select({
        id: products.id,
        name: products.name,
        brand: products.brand,
        category: categories.name,
        priceCents: products.priceCents,
        inventory: products.inventory,
      })
      .from(products)
      .innerJoin(categories, eq(categories.id, products.categoryId))
      .where(where)
      .orderBy(...(lowStock ? [asc(products.inventory), asc(products.id)] : [asc(products.id)]))
      .limit(size)
      .offset((page - 1) * size),
    db.$count(products, where),
  ]);
  return {
    content: rows.map(({ priceCents, ...r }) => ({ ...r, price: centsToDollars(priceCents) })),
    page,
    size,
    totalElements: total,
    totalPages: Math.max(1, Math.ceil(total / size)),
  };
}
