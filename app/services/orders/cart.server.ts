import { and, asc, eq, sql } from "drizzle-orm";
import type { Actor } from "../access";
import { getDb, type DbOrTx } from "~/db/client.server";
import { cartItems, carts, products } from "~/db/schema";
import type { CartDto, CartItemDto } from "~/schemas/orders";
import type { ProductDto } from "~/schemas/catalogue";
import { centsToDollars } from "~/lib/money";
import { assertOwnerOrAdmin, ownRowOrRefuse, requireActor } from "../access";
import { getProductsByIds } from "../catalogue/catalogue.server";
import { requireUserExists } from "../accounts/users.server";
import { NotFoundError, OutOfStockError } from "../errors";

/** The user's cart id, creating the (empty) cart on first use; concurrent first uses agree on one cart. */
export async function ensureCartId(userId: number, db: DbOrTx = getDb()): Promise<number> {
  const [created] = await db
    .insert(carts)
    .values({ userId })
    .onConflictDoNothing({ target: carts.userId })
    .returning({ id: carts.id });
  if (created) return created.id;
  const [existing] = await db.select({ id: carts.id }).from(carts).where(eq(carts.userId, userId));
  return existing!.id;
}

function itemDto(product: ProductDto, priceCents: number, quantity: number): CartItemDto {
  return {
    itemId: product.id,
    quantity,
    unitPrice: centsToDollars(priceCents),
    totalPrice: centsToDollars(priceCents * quantity),
    product,
  };
}

async function cartDto(cartId: number, db: DbOrTx): Promise<CartDto> {
  const lines = await db
    .select({ productId: cartItems.productId, quantity: cartItems.quantity, priceCents: products.priceCents })
    .from(cartItems)
    .innerJoin(products, eq(products.id, cartItems.productId))
    .where(eq(cartItems.cartId, cartId))
    .orderBy(asc(cartItems.id));
  const byId = new Map((await getProductsByIds({ ids: lines.map((l) => l.productId), db })).map((p) => [p.id, p]));
  const priced = lines.filter((line) => byId.has(line.productId));
  const items = priced.map((line) => itemDto(byId.get(line.productId)!, line.priceCents, line.quantity));
  const totalCents = priced.reduce((sum, line) => sum + line.priceCents * line.quantity, 0);
  return { cartId, items, totalAmount: centsToDollars(totalCents) };
}

/** GET /carts/user/{userId}/cart: the cart, empty when the user has not added anything yet. */
export async function getCart({
  userId,
  actor,
  db = getDb(),
}: {
  userId: number;
  actor: Actor | null;
  db?: DbOrTx;
}): Promise<CartDto> {
  assertOwnerOrAdmin(actor, userId);
  await requireUserExists(userId, db);
  return cartDto(await ensureCartId(userId, db), db);
}

/** How many pieces the cart holds (the navigation badge). */
export async function countCartItems({
  userId,
  actor,
  db = getDb(),
}: {
  userId: number;
  actor: Actor | null;
  db?: DbOrTx;
}): Promise<number> {
  assertOwnerOrAdmin(actor, userId);
  const [row] = await db
    .select({ count: sql<number>`coalesce(sum(${cartItems.quantity}), 0)::int` })
    .from(cartItems)
    .innerJoin(carts, eq(carts.id, cartItems.cartId))
    .where(eq(carts.userId, userId));
  return row?.count ?? 0;
}

export function stockMessage(name: string, inventory: number, inCart = 0) {
  if (inventory <= 0) return `Sorry, ${name} is out of stock.`;
  const have = inCart > 0 ? ` You already have ${inCart} in your cart.` : "";
  return `Only ${inventory} of ${name} ${inventory === 1 ? "is" : "are"} in stock.${have}`;
}

async function requireProduct(productId: number, db: DbOrTx) {
  const [product] = await db
    .select({ id: products.id, name: products.name, inventory: products.inventory, priceCents: products.priceCents })
    .from(products)
    .where(eq(products.id, productId));
  if (!product) throw new NotFoundError("Product not found");
  return product;
}

/** POST /cartItems/item/add: adds to the caller's own cart; the line's total quantity never exceeds the stock. */
export async function addItem({
  actor,
  productId,
  quantity,
  db = getDb(),
}: {
  actor: Actor | null;
  productId: number;
  quantity: number;
  db?: DbOrTx;
}): Promise<{ item: CartItemDto; message: string }> {
  const who = requireActor(actor);
  const product = await requireProduct(productId, db);
  const total = await db.transaction(async (tx) => {
    const cartId = await ensureCartId(who.id, tx);
    const [line] = await tx
      .insert(cartItems)
      .values({ cartId, productId, quantity })
      .onConflictDoUpdate({
        target: [cartItems.cartId, cartItems.productId],
        set: { quantity: sql`${cartItems.quantity} + excluded.quantity` },
      })
      .returning({ quantity: cartItems.quantity });
    if (line!.quantity > product.inventory) {
      throw new OutOfStockError(stockMessage(product.name, product.inventory, line!.quantity - quantity));
    }
    await tx.update(carts).set({ updatedAt: new Date() }).where(eq(carts.id, cartId));
    return line!.quantity;
  });
  const [full] = await getProductsByIds({ ids: [productId], db });
  const item = itemDto(full!, product.priceCents, total);
  const message = quantity === 1 ? `${product.name} added to cart` : `${quantity} × ${product.name} added to cart`;
  return { item, message };
}

/** A cart the actor may change: their own, or any for an admin; a stranger learns nothing. */
async function ownedCart(cartId: number, actor: Actor | null, db: DbOrTx) {
  const who = requireActor(actor);
  const [cart] = await db.select({ id: carts.id, userId: carts.userId }).from(carts).where(eq(carts.id, cartId));
  return ownRowOrRefuse(who, cart, { notFound: "Cart not found" });
}

/** PUT …/item/{itemId}/update?quantity=n: sets a line's quantity (at least 1, at most the stock). */
export async function updateItemQuantity({
  actor,
  cartId,
  productId,
  quantity,
  db = getDb(),
}: {
  actor: Actor | null;
  cartId: number;
  productId: number;
  quantity: number;
  db?: DbOrTx;
}): Promise<CartItemDto> {
  await ownedCart(cartId, actor, db);
  const product = await requireProduct(productId, db);
  if (quantity > product.inventory) throw new OutOfStockError(stockMessage(product.name, product.inventory));
  const [line] = await db
    .update(cartItems)
    .set({ quantity })
    .where(and(eq(cartItems.cartId, cartId), eq(cartItems.productId, productId)))
    .returning({ quantity: cartItems.quantity });
  if (!line) throw new NotFoundError("This item is not in the cart.");
  const [full] = await getProductsByIds({ ids: [productId], db });
  return itemDto(full!, product.priceCents, line.quantity);
}

/** DELETE …/item/{itemId}/remove: idempotent, so a repeated click is not an error. */
export async function removeItem({
  actor,
  cartId,
  productId,
  db = getDb(),
}: {
  actor: Actor | null;
  cartId: number;
  productId: number;
  db?: DbOrTx;
}) {
  await ownedCart(cartId, actor, db);
  await db.delete(cartItems).where(and(eq(cartItems.cartId, cartId), eq(cartItems.productId, productId)));
}

export async function clearCart({ actor, cartId, db = getDb() }: { actor: Actor | null; cartId: number; db?: DbOrTx }) {
  await ownedCart(cartId, actor, db);
  await db.delete(cartItems).where(eq(cartItems.cartId, cartId));
}

/** The lines of a user's cart with current prices and stock, for pricing a payment (no images). */
export async function cartLinesForCheckout(userId: number, db: DbOrTx = getDb()) {
  return db
    .select({
      productId: cartItems.productId,
      quantity: cartItems.quantity,
      name: products.name,
      brand: products.brand,
      priceCents: products.priceCents,
      inventory: products.inventory,
    })
    .from(cartItems)
    .innerJoin(carts, eq(carts.id, cartItems.cartId))
    .innerJoin(products, eq(products.id, cartItems.productId))
    .where(eq(carts.userId, userId))
    .orderBy(asc(cartItems.productId));
}
