import { eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { cartItems, carts, imageVariants, orderItems, orders } from "~/db/schema";
import type { CartDto } from "~/schemas/cart";
import type { OrderDto } from "~/schemas/orders";
import { useAdminCatalogue } from "../support/admin-catalogue";
import { useApiServer } from "../support/api-server";
import { addToCart as addToCartOf, payAndPlaceOrder, shopper as newShopper, type User } from "../support/checkout";
import { createProduct } from "../support/factories";
import { realFile } from "../support/image-files";
import type { Auth, Envelope } from "../support/requests";
import { useTestDatabase } from "../support/test-db";

// The admin deletes a product: its images and cart lines go, past orders keep their snapshot.

const database = useTestDatabase();
const api = useApiServer();
const { adminAuth, catalogue, upload, download, imagesOf, productRow } = useAdminCatalogue(api, database);

let categoryId: number;
beforeAll(() => {
  categoryId = catalogue.categoryId;
});

describe("DELETE /products/product/{id}/delete", () => {
  const shopper = () => newShopper(api);
  const addToCart = (auth: Auth, productId: number, quantity: number) => addToCartOf(api, auth, productId, quantity);
  /** pays for the shopper's cart with the test provider's success card and places the order */
  const order = async (user: User) => (await payAndPlaceOrder(api, user)).order;

  it("deletes the product with its images and cart lines; past orders keep their snapshot with productId null", async () => {
    const product = await createProduct(database.db, { categoryId, priceCents: 2550, inventory: 20 });
    const kept = await createProduct(database.db, { categoryId, priceCents: 1000, inventory: 20 });
    const uploaded = (await upload(adminAuth, product.id, [await realFile("png"), await realFile("webp")])).body.data;
    expect(uploaded).toHaveLength(2);
    const imageIds = uploaded.map((i) => i.id);

    const buyer = await shopper();
    await addToCart(buyer.auth, product.id, 2);
    await addToCart(buyer.auth, kept.id, 1);
    const placed = await order(buyer);
    expect(placed.items.find((i) => i.productId === product.id)).toMatchObject({
      productName: product.name,
      productBrand: product.brand,
      quantity: 2,
      price: 25.5,
    });

    // afterwards: the product in two carts again
    await addToCart(buyer.auth, product.id, 1);
    await addToCart(buyer.auth, kept.id, 3);
    const other = await shopper();
    await addToCart(other.auth, product.id, 4);
    expect(await database.db.$count(cartItems, eq(cartItems.productId, product.id))).toBe(2);

    const response = await api.json(`/products/product/${product.id}/delete`, { method: "DELETE", headers: adminAuth });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.data).toBe(product.id);

    // the product and its images are gone
    expect(await productRow(product.id)).toBeUndefined();
    expect((await api.json(`/products/product/${product.id}/product`)).status).toBe(404);
    expect(await imagesOf(product.id)).toEqual([]);
    expect(await database.db.$count(imageVariants, inArray(imageVariants.imageId, imageIds))).toBe(0);
    for (const image of uploaded) expect((await download(image.downloadUrl)).status).toBe(404);

    // its cart lines are gone, the other lines stay
    expect(await database.db.$count(cartItems, eq(cartItems.productId, product.id))).toBe(0);
    const cart = await api.json<Envelope<CartDto>>(`/carts/user/${buyer.id}/cart`, { headers: buyer.auth });
    expect(cart.status).toBe(200);
    expect(cart.body.data.items.map((i) => [i.product.id, i.quantity])).toEqual([[kept.id, 3]]);
    expect(cart.body.data.totalAmount).toBe(30);
    const otherCart = await api.json<Envelope<CartDto>>(`/carts/user/${other.id}/cart`, { headers: other.auth });
    expect(otherCart.body.data.items).toEqual([]);
    const [otherCartRow] = await database.db.select().from(carts).where(eq(carts.userId, other.id));
    expect(otherCartRow).toBeDefined();

    // the order keeps its snapshot
    const rows = await database.db
      .select()
      .from(orderItems)
      .where(eq(orderItems.orderId, placed.id))
      .orderBy(orderItems.id);
    expect(
      rows.map((r) => ({
        productId: r.productId,
        name: r.productName,
        brand: r.productBrand,
        quantity: r.quantity,
        priceCents: r.priceCents,
      })),
    ).toEqual(
      expect.arrayContaining([
        { productId: null, name: product.name, brand: product.brand, quantity: 2, priceCents: 2550 },
        { productId: kept.id, name: kept.name, brand: kept.brand, quantity: 1, priceCents: 1000 },
      ]),
    );
    expect(rows).toHaveLength(2);
    const [orderRow] = await database.db.select().from(orders).where(eq(orders.id, placed.id));
    expect(orderRow!.totalCents).toBe(6100);
    const history = await api.json<Envelope<OrderDto[]>>(`/orders/user/${buyer.id}/orders`, { headers: buyer.auth });
    expect(history.status).toBe(200);
    const past = history.body.data.find((o) => o.id === placed.id)!;
    expect(past.totalAmount).toBe(61);
    expect(past.items).toContainEqual({
      productId: null,
      // its variant went with it: the line keeps the variant's label (none for a product without options)
      variantId: null,
      variantLabel: "",
      productName: product.name,
      productBrand: product.brand,
      quantity: 2,
      price: 25.5,
    });

    // a second delete: 404
    expect(
      (await api.json(`/products/product/${product.id}/delete`, { method: "DELETE", headers: adminAuth })).status,
    ).toBe(404);
  });
});
