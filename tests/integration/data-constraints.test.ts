import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { cartItems, carts, categories, orderItems, orders, products, users } from "~/db/schema";
import { createCategory, createProduct, word } from "../support/factories";
import { useTestDatabase } from "../support/test-db";

const database = useTestDatabase();

/** The constraint a failed statement broke (drizzle wraps the driver's error in `cause`). */
async function violation(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    const cause =
      (error as { cause?: { constraint?: string; message?: string } }).cause ??
      (error as { constraint?: string; message?: string });
    return cause.constraint ?? cause.message ?? String(error);
  }
  throw new Error("expected the statement to fail");
}

async function createUser(email = `${word()}@example.com`) {
  const [user] = await database.db
    .insert(users)
    .values({ firstName: "Test", lastName: "User", email, passwordHash: "x" })
    .returning();
  return user!;
}

describe("data constraints", () => {
  it("keeps e-mail addresses unique whatever their case", async () => {
    const email = `${word()}@Example.com`;
    await createUser(email);
    expect(await violation(createUser(email.toUpperCase()))).toBe("users_email_lower_key");
  });

  it("keeps category names unique whatever their case, and not blank", async () => {
    const name = `Cat ${word()}`;
    await createCategory(database.db, name);
    expect(await violation(createCategory(database.db, name.toLowerCase()))).toBe("categories_name_lower_key");
    expect(await violation(createCategory(database.db, "   "))).toBe("categories_name_not_blank");
  });

  it("keeps a product name unique per brand, but allows it under another brand", async () => {
    const category = await createCategory(database.db);
    const name = `Name ${word()}`;
    await createProduct(database.db, { categoryId: category.id, name, brand: "Alpha" });
    expect(
      await violation(
        createProduct(database.db, { categoryId: category.id, name: name.toUpperCase(), brand: "alpha" }),
      ),
    ).toBe("products_name_brand_lower_key");
    await expect(createProduct(database.db, { categoryId: category.id, name, brand: "Beta" })).resolves.toBeDefined();
  });

  it("never lets inventory or a price go below zero", async () => {
    const category = await createCategory(database.db);
    expect(await violation(createProduct(database.db, { categoryId: category.id, inventory: -1 }))).toBe(
      "products_inventory_not_negative",
    );
    expect(await violation(createProduct(database.db, { categoryId: category.id, priceCents: -1 }))).toBe(
      "products_price_not_negative",
    );
    const product = await createProduct(database.db, { categoryId: category.id, inventory: 2 });
    expect(
      await violation(
        database.db
          .update(products)
          .set({ inventory: sql`${products.inventory} - 3` })
          .where(eq(products.id, product.id)),
      ),
    ).toBe("products_inventory_not_negative");
  });

  it("needs a quantity of at least 1 on cart lines and order lines", async () => {
    const user = await createUser();
    const category = await createCategory(database.db);
    const product = await createProduct(database.db, { categoryId: category.id });
    const [cart] = await database.db.insert(carts).values({ userId: user.id }).returning();
    expect(
      await violation(
        database.db
          .insert(cartItems)
          .values({ cartId: cart!.id, productId: product.id, variantId: product.variantId, quantity: 0 }),
      ),
    ).toBe("cart_items_quantity_positive");
    const [order] = await database.db.insert(orders).values({ userId: user.id, totalCents: 100 }).returning();
    expect(
      await violation(
        database.db.insert(orderItems).values({
          orderId: order!.id,
          productId: product.id,
          productName: "x",
          productBrand: "y",
          quantity: 0,
          priceCents: 100,
        }),
      ),
    ).toBe("order_items_quantity_positive");
    // an order without a payment is only this test's: the shop's invariants allow none
    await database.db.delete(orders).where(eq(orders.id, order!.id));
  });

  it("refuses to delete a category in use; deleting a product empties it from carts and keeps order snapshots", async () => {
    const user = await createUser();
    const category = await createCategory(database.db);
    const product = await createProduct(database.db, {
      categoryId: category.id,
      name: "Snapshot mouse",
      brand: "Snap",
    });
    expect(await violation(database.db.delete(categories).where(eq(categories.id, category.id)))).toMatch(
      /foreign key|products_category_id/,
    );

    const [cart] = await database.db.insert(carts).values({ userId: user.id }).returning();
    await database.db
      .insert(cartItems)
      .values({ cartId: cart!.id, productId: product.id, variantId: product.variantId, quantity: 2 });
    const [order] = await database.db.insert(orders).values({ userId: user.id, totalCents: 200 }).returning();
    await database.db.insert(orderItems).values({
      orderId: order!.id,
      productId: product.id,
      productName: "Snapshot mouse",
      productBrand: "Snap",
      quantity: 2,
      priceCents: 100,
    });

    await database.db.delete(products).where(eq(products.id, product.id));
    expect(await database.db.select().from(cartItems).where(eq(cartItems.cartId, cart!.id))).toEqual([]);
    const [line] = await database.db.select().from(orderItems).where(eq(orderItems.orderId, order!.id));
    expect(line).toMatchObject({
      productId: null,
      productName: "Snapshot mouse",
      productBrand: "Snap",
      quantity: 2,
      priceCents: 100,
    });
    await database.db.delete(orders).where(eq(orders.id, order!.id));
  });

  it("keeps one cart per user", async () => {
    const user = await createUser();
    await database.db.insert(carts).values({ userId: user.id });
    expect(await violation(database.db.insert(carts).values({ userId: user.id }))).toBe("carts_user_id_unique");
  });

  it("keeps the search vector in step with renamed categories", async () => {
    const tag = word();
    const category = await createCategory(database.db, `Old ${word()}`);
    const product = await createProduct(database.db, { categoryId: category.id });
    await database.db
      .update(categories)
      .set({ name: `Renamed ${tag}` })
      .where(eq(categories.id, category.id));
    const rows = await database.db
      .select({ id: products.id })
      .from(products)
      .where(sql`${products.searchVector} @@ to_tsquery('simple', ${tag})`);
    expect(rows.map((r) => r.id)).toEqual([product.id]);
  });
});
