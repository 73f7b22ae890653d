import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Actor } from "../access";
import { getDb, type DbOrTx } from "~/db/client.server";
import { cartItems, carts, productOptions, products, productVariants } from "~/db/schema";
import type { CartDto, CartItemDto } from "~/schemas/cart";
import type { ProductDto, ProductOption, VariantDto } from "~/schemas/catalogue";
import { centsToDollars } from "~/lib/money";
import { assertOwnerOrAdmin, ownRowOrRefuse, requireActor } from "../access";
import { getProductsByIds, productDetailsOf } from "../catalogue/catalogue.server";
import { requireUserExists } from "../accounts/users.server";
import { NotFoundError, OutOfStockError, ValidationError } from "../errors";
import { resolveVariant, variantLabel } from "../catalogue/variants.server";
import { wasPrice } from "~/lib/sale";

/**
 * The user's cart id, creating the (empty) cart on first use; concurrent first uses agree on one cart. Read first: a
 * cart exists on every visit but the first, and an insert that meets it would still be a write (and spend a value of
 * the ids' sequence) on every view of the cart.
 */
export async function ensureCartId(userId: number, db: DbOrTx = getDb()): Promise<number> {
  const existing = () => db.select({ id: carts.id }).from(carts).where(eq(carts.userId, userId));
  const [found] = await existing();
  if (found) return found.id;
  const [created] = await db
    .insert(carts)
    .values({ userId })
    .onConflictDoNothing({ target: carts.userId })
    .returning({ id: carts.id });
  if (created) return created.id;
  // another request made it between the read and the insert
  const [made] = await existing();
  return made!.id;
}

/** A product's name with its variant's label, as messages say it: "Keyboard (Switch: Brown)". */
export function nameWithVariant(name: string, label: string) {
  return label ? `${name} (${label})` : name;
}

function itemDto(product: ProductDto, variant: VariantDto, quantity: number): CartItemDto {
  return {
    itemId: product.id,
    variantId: variant.id,
    variantLabel: variant.label,
    sku: variant.sku,
    inventory: variant.inventory,
    quantity,
    unitPrice: variant.price,
    compareAtPrice: wasPrice(variant),
    totalPrice: centsToDollars(Math.round(variant.price * 100) * quantity),
    product,
  };
}

async function cartDto(cartId: number, db: DbOrTx): Promise<CartDto> {
  const lines = await db
    .select({ productId: cartItems.productId, variantId: cartItems.variantId, quantity: cartItems.quantity })
    .from(cartItems)
    .where(eq(cartItems.cartId, cartId))
    .orderBy(asc(cartItems.id));
  // the products as the catalogue shows them now, kept per catalogue version (their stock too: decision 0050)
  const byId = new Map((await productDetailsOf([...new Set(lines.map((l) => l.productId))], db)).map((p) => [p.id, p]));
  const items = lines.flatMap((line) => {
    const product = byId.get(line.productId);
    const variant = product?.variants.find((v) => v.id === line.variantId);
    return product && variant ? [itemDto(product, variant, line.quantity)] : [];
  });
  const totalCents = items.reduce((sum, item) => sum + Math.round(item.unitPrice * 100) * item.quantity, 0);
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
    .select({ id: products.id, name: products.name })
    .from(products)
    .where(eq(products.id, productId));
  if (!product) throw new NotFoundError("Product not found");
  return product;
}

/** A cart line's item: the product as the API shows it, with the line's variant. */
async function lineItem(productId: number, variantId: number, quantity: number, db: DbOrTx) {
  const [full] = await getProductsByIds({ ids: [productId], db });
  const variant = full?.variants.find((v) => v.id === variantId);
  if (!full || !variant) throw new NotFoundError("Product not found");
  return itemDto(full, variant, quantity);
}

/**
 * POST /cartItems/item/add: adds a variant (the product's default one when none is named) to the caller's own cart;
 * the line's total quantity never exceeds the variant's stock.
 */
export async function addItem({
  actor,
  productId,
  variantId,
  quantity,
  db = getDb(),
}: {
  actor: Actor | null;
  productId: number;
  variantId?: number;
  quantity: number;
  db?: DbOrTx;
}): Promise<{ item: CartItemDto; message: string }> {
  const who = requireActor(actor);
  const product = await requireProduct(productId, db);
  const variant = await resolveVariant({ productId, variantId, db });
  const name = nameWithVariant(product.name, variant.label);
  const total = await db.transaction(async (tx) => {
    const cartId = await ensureCartId(who.id, tx);
    const [line] = await tx
      .insert(cartItems)
      .values({ cartId, productId, variantId: variant.id, quantity })
      .onConflictDoUpdate({
        target: [cartItems.cartId, cartItems.variantId],
        set: { quantity: sql`${cartItems.quantity} + excluded.quantity` },
      })
      .returning({ quantity: cartItems.quantity });
    if (line!.quantity > variant.inventory) {
      throw new OutOfStockError(stockMessage(name, variant.inventory, line!.quantity - quantity));
    }
    await tx.update(carts).set({ updatedAt: new Date() }).where(eq(carts.id, cartId));
    return line!.quantity;
  });
  const item = await lineItem(productId, variant.id, total, db);
  const message = quantity === 1 ? `${name} added to cart` : `${quantity} × ${name} added to cart`;
  return { item, message };
}

/**
 * The cart's line of a product: the named variant's, or the product's only line (itemId is the product id, as the
 * reference backend has it; a product with several variants in the cart needs `variantId`).
 */
async function lineOf(cartId: number, productId: number, variantId: number | undefined, db: DbOrTx) {
  const lines = await db
    .select({ variantId: cartItems.variantId })
    .from(cartItems)
    .where(
      and(
        eq(cartItems.cartId, cartId),
        eq(cartItems.productId, productId),
        variantId === undefined ? undefined : eq(cartItems.variantId, variantId),
      ),
    );
  if (lines.length === 0) throw new NotFoundError("This item is not in the cart.");
  if (lines.length > 1) {
    throw new ValidationError("This product is in the cart in several variants: say which one with variantId.", {
      variantId: ["Choose the variant of this line"],
    });
  }
  return lines[0]!.variantId;
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
  variantId,
  quantity,
  db = getDb(),
}: {
  actor: Actor | null;
  cartId: number;
  productId: number;
  variantId?: number;
  quantity: number;
  db?: DbOrTx;
}): Promise<CartItemDto> {
  await ownedCart(cartId, actor, db);
  const product = await requireProduct(productId, db);
  const lineVariant = await lineOf(cartId, productId, variantId, db);
  const variant = await resolveVariant({ productId, variantId: lineVariant, db });
  if (quantity > variant.inventory) {
    throw new OutOfStockError(stockMessage(nameWithVariant(product.name, variant.label), variant.inventory));
  }
  const [line] = await db
    .update(cartItems)
    .set({ quantity })
    .where(and(eq(cartItems.cartId, cartId), eq(cartItems.variantId, lineVariant)))
    .returning({ quantity: cartItems.quantity });
  if (!line) throw new NotFoundError("This item is not in the cart.");
  return lineItem(productId, lineVariant, line.quantity, db);
}

/**
 * DELETE …/item/{itemId}/remove: the product's line of the named variant, or every line of the product when none is
 * named; idempotent, so a repeated click is not an error.
 */
export async function removeItem({
  actor,
  cartId,
  productId,
  variantId,
  db = getDb(),
}: {
  actor: Actor | null;
  cartId: number;
  productId: number;
  variantId?: number;
  db?: DbOrTx;
}) {
  await ownedCart(cartId, actor, db);
  await db
    .delete(cartItems)
    .where(
      and(
        eq(cartItems.cartId, cartId),
        eq(cartItems.productId, productId),
        variantId === undefined ? undefined : eq(cartItems.variantId, variantId),
      ),
    );
}

export async function clearCart({ actor, cartId, db = getDb() }: { actor: Actor | null; cartId: number; db?: DbOrTx }) {
  await ownedCart(cartId, actor, db);
  await db.delete(cartItems).where(eq(cartItems.cartId, cartId));
}

/** The lines of a user's cart with their variants' current prices and stock, for pricing a payment (no images). */
export async function cartLinesForCheckout(userId: number, db: DbOrTx = getDb()) {
  const lines = await db
    .select({
      productId: cartItems.productId,
      variantId: cartItems.variantId,
      quantity: cartItems.quantity,
      name: products.name,
      brand: products.brand,
      priceCents: productVariants.priceCents,
      inventory: productVariants.inventory,
      weightGrams: productVariants.weightGrams,
      categoryId: products.categoryId,
      option1: productVariants.option1,
      option2: productVariants.option2,
      option3: productVariants.option3,
    })
    .from(cartItems)
    .innerJoin(carts, eq(carts.id, cartItems.cartId))
    .innerJoin(products, eq(products.id, cartItems.productId))
    .innerJoin(productVariants, eq(productVariants.id, cartItems.variantId))
    .where(eq(carts.userId, userId))
    .orderBy(asc(cartItems.productId), asc(cartItems.variantId));
  const options = await optionsByProduct(
    lines.map((l) => l.productId),
    db,
  );
  return lines.map(({ option1, option2, option3, ...line }) => ({
    ...line,
    variantLabel: variantLabel(options.get(line.productId) ?? [], { option1, option2, option3 }),
  }));
}

async function optionsByProduct(ids: number[], db: DbOrTx) {
  const byProduct = new Map<number, ProductOption[]>();
  if (ids.length === 0) return byProduct;
  const rows = await db
    .select({ productId: productOptions.productId, name: productOptions.name, values: productOptions.values })
    .from(productOptions)
    .where(inArray(productOptions.productId, [...new Set(ids)]))
    .orderBy(asc(productOptions.productId), asc(productOptions.position));
  for (const { productId, ...option } of rows) byProduct.set(productId, [...(byProduct.get(productId) ?? []), option]);
  return byProduct;
}
