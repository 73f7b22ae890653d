// Saved items (docs/decisions/0047-saved-items-and-related-products.md): a signed-in shopper's "Save for later" list.
// Each row keeps the product's price and stock as they were when saved; the list says when the price dropped since or
// the product is back in stock. Personal: nothing here touches the catalogue's version or its cached pages.
import { and, count, desc, eq, inArray } from "drizzle-orm";
import { getDb, type DbOrTx } from "~/db/client.server";
import { products, savedItems } from "~/db/schema";
import { centsToDollars, dollarsToCents } from "~/lib/money";
import { SAVED_MAX, type SavedItemDto, type SavedList } from "~/schemas/saved";
import { requireActor, type Actor } from "../access";
import { getProductsByIds } from "../catalogue/catalogue.server";
import { ConflictError, NotFoundError } from "../errors";
import { addItem } from "../orders/cart.server";

/** The caller's saved items, newest first, each with its product as the API shows it. */
export async function listSaved({ actor, db = getDb() }: { actor: Actor | null; db?: DbOrTx }): Promise<SavedList> {
  const who = requireActor(actor);
  const rows = await db
    .select()
    .from(savedItems)
    .where(eq(savedItems.userId, who.id))
    .orderBy(desc(savedItems.createdAt), desc(savedItems.id))
    .limit(SAVED_MAX);
  const byId = new Map((await getProductsByIds({ ids: rows.map((r) => r.productId), db })).map((p) => [p.id, p]));
  const items = rows.flatMap((row): SavedItemDto[] => {
    const product = byId.get(row.productId);
    if (!product) return [];
    return [
      {
        productId: row.productId,
        savedAt: row.createdAt.toISOString(),
        savedPrice: centsToDollars(row.savedPriceCents),
        priceDropped: dollarsToCents(product.price) < row.savedPriceCents,
        backInStock: !row.savedInStock && product.inventory > 0,
        product,
      },
    ];
  });
  return { items };
}

/**
 * Which of `productIds` the caller has saved (a card's or the details page's button says "Saved"); every saved
 * product when no ids are given (bounded by SAVED_MAX).
 */
export async function savedProductIds({
  actor,
  productIds,
  db = getDb(),
}: {
  actor: Actor | null;
  productIds?: number[];
  db?: DbOrTx;
}): Promise<number[]> {
  const who = requireActor(actor);
  if (productIds && productIds.length === 0) return [];
  const rows = await db
    .select({ productId: savedItems.productId })
    .from(savedItems)
    .where(and(eq(savedItems.userId, who.id), productIds ? inArray(savedItems.productId, productIds) : undefined))
    .limit(SAVED_MAX);
  return rows.map((r) => r.productId);
}

/**
 * Saves a product for the caller, with its price and stock now. Saving it again changes nothing (the first price is
 * the one compared with); more than SAVED_MAX items is refused (409).
 */
export async function saveItem({
  actor,
  productId,
  db = getDb(),
}: {
  actor: Actor | null;
  productId: number;
  db?: DbOrTx;
}): Promise<{ message: string; saved: boolean }> {
  const who = requireActor(actor);
  const [product] = await db
    .select({ name: products.name, priceCents: products.priceCents, inventory: products.inventory })
    .from(products)
    .where(eq(products.id, productId));
  if (!product) throw new NotFoundError("Product not found");
  return db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ id: savedItems.id })
      .from(savedItems)
      .where(and(eq(savedItems.userId, who.id), eq(savedItems.productId, productId)));
    if (existing) return { message: `${product.name} is already saved`, saved: false };
    const [held] = await tx.select({ n: count() }).from(savedItems).where(eq(savedItems.userId, who.id));
    if ((held?.n ?? 0) >= SAVED_MAX) {
      throw new ConflictError(`You can keep up to ${SAVED_MAX} saved items. Remove some first.`);
    }
    const [inserted] = await tx
      .insert(savedItems)
      .values({
        userId: who.id,
        productId,
        savedPriceCents: product.priceCents,
        savedInStock: product.inventory > 0,
      })
      .onConflictDoNothing({ target: [savedItems.userId, savedItems.productId] })
      .returning({ id: savedItems.id });
    return inserted
      ? { message: `${product.name} saved for later`, saved: true }
      : { message: `${product.name} is already saved`, saved: false };
  });
}

/** Removes a product from the caller's saved items; one not saved is 404. */
export async function removeSaved({
  actor,
  productId,
  db = getDb(),
}: {
  actor: Actor | null;
  productId: number;
  db?: DbOrTx;
}): Promise<{ message: string }> {
  const who = requireActor(actor);
  const [removed] = await db
    .delete(savedItems)
    .where(and(eq(savedItems.userId, who.id), eq(savedItems.productId, productId)))
    .returning({ productId: savedItems.productId });
  if (!removed) throw new NotFoundError("This item is not in your saved items.");
  return { message: "Removed from your saved items" };
}

/**
 * Move to cart: one of the product goes into the caller's cart, then it leaves the saved items. When the cart refuses
 * it (sold out: 409), it stays saved. A product with options is refused (409): the shopper chooses the variant on its
 * page (the Saved page links there instead), never one picked for them.
 */
export async function moveSavedToCart({
  actor,
  productId,
  db = getDb(),
}: {
  actor: Actor | null;
  productId: number;
  db?: DbOrTx;
}): Promise<{ message: string }> {
  const who = requireActor(actor);
  const [row] = await db
    .select({ id: savedItems.id })
    .from(savedItems)
    .where(and(eq(savedItems.userId, who.id), eq(savedItems.productId, productId)));
  if (!row) throw new NotFoundError("This item is not in your saved items.");
  const [product] = await getProductsByIds({ ids: [productId], db });
  if (product && product.options.length > 0)
    throw new ConflictError(`${product.name} comes in several options: choose yours on its page.`);
  const added = await addItem({ actor: who, productId, quantity: 1, db });
  await db.delete(savedItems).where(eq(savedItems.id, row.id));
  return { message: `${added.message} (moved from your saved items)` };
}
