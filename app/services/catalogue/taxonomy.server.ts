import { sql } from "drizzle-orm";
import type { Actor } from "../access";
import { getDb, type DbOrTx } from "~/db/client.server";
import { selectRows } from "~/db/query.server";
import { products } from "~/db/schema";
import type { BrandUsage, CategoryUsage } from "~/schemas/taxonomy";
import { requireAdmin } from "../access";
import { recordAudit } from "../audit/audit.server";
import { ConflictError, NotFoundError, refuseDuplicate } from "../errors";

// Brands and categories as the admin manages them. A category is a row of its own; a brand is the text of the
// products' brand column, compared case-insensitively (as the listing's brand list and filter do): it exists while a
// product has it, so renaming one rewrites its products and deleting one is refused while any product has it.

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? "" : "s"}`;

/** Every category with how many products it has, sorted by name. */
export async function listCategoryUsage({
  actor,
  db = getDb(),
}: {
  actor: Actor | null;
  db?: DbOrTx;
}): Promise<CategoryUsage[]> {
  requireAdmin(actor);
  return selectRows<CategoryUsage>(
    db,
    sql`SELECT c.id, c.name, (SELECT count(*) FROM products p WHERE p.category_id = c.id)::int AS products
        FROM categories c ORDER BY lower(c.name), c.id`,
  );
}

/** Every brand (spelled as the product form's brand list spells it) with how many products it has, sorted. */
export async function listBrandUsage({
  actor,
  db = getDb(),
}: {
  actor: Actor | null;
  db?: DbOrTx;
}): Promise<BrandUsage[]> {
  requireAdmin(actor);
  return selectRows<BrandUsage>(
    db,
    sql`SELECT min(brand) AS name, count(*)::int AS products FROM products GROUP BY lower(brand) ORDER BY lower(min(brand))`,
  );
}

async function brandProducts(db: DbOrTx, brand: string) {
  const [row] = await selectRows<{ name: string | null; products: number }>(
    db,
    sql`SELECT min(brand) AS name, count(*)::int AS products FROM products WHERE lower(brand) = lower(${brand})`,
  );
  if (!row?.name) throw new NotFoundError(`No product has the brand ${brand}.`);
  return { name: row.name, products: row.products };
}

/**
 * Renames a brand: every product of it (any spelling) takes the new name, in one statement. The new name may be
 * another brand's (the products move into it) unless that gives two products of the same name and brand: refused
 * with 409, naming one, and nothing changes.
 */
export async function renameBrand({
  actor,
  brand,
  name,
  db = getDb(),
}: {
  actor: Actor | null;
  brand: string;
  name: string;
  db?: DbOrTx;
}): Promise<BrandUsage> {
  const who = requireAdmin(actor);
  const clash = (product?: string) =>
    new ConflictError(
      `${name} already has a product named ${product ?? "as one of these"}: rename or move one of the two first.`,
      { name: [`${name} already has a product named ${product ?? "as one of these"}.`] },
    );
  try {
    return await db.transaction(async (tx) => {
      const before = await brandProducts(tx, brand);
      const [taken] = await selectRows<{ name: string }>(
        tx,
        sql`SELECT p.name FROM products p
            WHERE lower(p.brand) = lower(${brand})
              AND EXISTS (SELECT 1 FROM products o
                          WHERE lower(o.brand) = lower(${name}) AND lower(o.brand) <> lower(${brand})
                            AND lower(o.name) = lower(p.name))
            ORDER BY p.id LIMIT 1`,
      );
      if (taken) throw clash(taken.name);
      await tx
        .update(products)
        .set({ brand: name, updatedAt: new Date() })
        .where(sql`lower(${products.brand}) = lower(${brand})`);
      const after = await brandProducts(tx, name);
      await recordAudit(tx, {
        actor: who,
        kind: "brand.rename",
        entity: { type: "brand", id: before.name },
        before,
        after,
      });
      return after;
    });
  } catch (error) {
    // a product of that name added to the new brand meanwhile: the unique index refuses
    refuseDuplicate(error, "products_name_brand_lower_key", () => clash());
  }
}

/** A brand is deleted with its last product: while any product has it, it is refused (409, with the count). */
export async function deleteBrand({ actor, brand, db = getDb() }: { actor: Actor | null; brand: string; db?: DbOrTx }) {
  requireAdmin(actor);
  const current = await brandProducts(db, brand);
  throw new ConflictError(
    `${current.name} still has ${plural(current.products, "product")}: move them to another brand (rename it into one) or delete them first.`,
  );
}
