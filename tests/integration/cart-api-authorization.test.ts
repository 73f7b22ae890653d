import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { cartItems } from "~/db/schema";
import type { CartDto } from "~/schemas/cart";
import { useApiServer } from "../support/api-server";
import { cartHelpers } from "../support/cart";
import { useCategory } from "../support/checkout";
import type { Envelope } from "../support/requests";
import { useTestDatabase } from "../support/test-db";

// Whose cart a caller may read and change: the owner and an admin, nobody else.

const database = useTestDatabase();
const api = useApiServer();
const { product } = useCategory(database);
const { shopper, admin, add, cartOf, linesInDb } = cartHelpers(api, database);

describe("authorization of the cart endpoints", () => {
  type Actor = "anonymous" | "other" | "admin" | "owner";
  let owner: Awaited<ReturnType<typeof shopper>>;
  let other: Awaited<ReturnType<typeof shopper>>;
  let boss: Awaited<ReturnType<typeof admin>>;
  let ownerCartId: number;
  let p: Awaited<ReturnType<typeof product>>;

  beforeAll(async () => {
    owner = await shopper();
    other = await shopper();
    boss = await admin();
    p = await product({ inventory: 50 });
    ownerCartId = (await cartOf(owner)).cartId;
  });

  const headersOf = (actor: Actor) => (actor === "anonymous" ? {} : { owner, other, admin: boss }[actor].auth);

  /** puts the owner's line back to 2 pieces of p */
  async function seed() {
    await database.db
      .insert(cartItems)
      .values({ cartId: ownerCartId, productId: p.id, variantId: p.variantId, quantity: 2 })
      .onConflictDoUpdate({ target: [cartItems.cartId, cartItems.variantId], set: { quantity: 2 } });
  }

  const ownerLine = async () => (await linesInDb(owner.id))[p.id];

  const endpoints: Array<{
    name: string;
    method: string;
    path: () => string;
    after: Record<"owner" | "admin", number | undefined>;
  }> = [
    {
      name: "GET /carts/user/{userId}/cart",
      method: "GET",
      path: () => `/carts/user/${owner.id}/cart`,
      after: { owner: 2, admin: 2 },
    },
    {
      name: "GET /carts/user/{userId}/count",
      method: "GET",
      path: () => `/carts/user/${owner.id}/count`,
      after: { owner: 2, admin: 2 },
    },
    {
      name: "PUT /cartItems/cart/{cartId}/item/{itemId}/update",
      method: "PUT",
      path: () => `/cartItems/cart/${ownerCartId}/item/${p.id}/update?quantity=5`,
      after: { owner: 5, admin: 5 },
    },
    {
      name: "DELETE /cartItems/cart/{cartId}/item/{itemId}/remove",
      method: "DELETE",
      path: () => `/cartItems/cart/${ownerCartId}/item/${p.id}/remove`,
      after: { owner: undefined, admin: undefined },
    },
    {
      name: "DELETE /carts/cart/{cartId}/clear",
      method: "DELETE",
      path: () => `/carts/cart/${ownerCartId}/clear`,
      after: { owner: undefined, admin: undefined },
    },
  ];

  for (const endpoint of endpoints) {
    it(`${endpoint.name}: anonymous 401 and another user 403 change nothing; the owner and an admin may`, async () => {
      for (const actor of ["anonymous", "other", "admin", "owner"] as Actor[]) {
        await seed();
        const response = await api.json(endpoint.path(), { method: endpoint.method, headers: headersOf(actor) });
        const label = `${actor} → ${response.status} ${JSON.stringify(response.body)}`;
        if (actor === "anonymous") expect(response.status, label).toBe(401);
        else if (actor === "other") expect(response.status, label).toBe(403);
        else expect(response.status, label).toBe(200);
        expect(response.body.message, label).toEqual(expect.any(String));
        if (actor === "anonymous" || actor === "other") {
          expect(response.body.data, label).toBeNull();
          expect(JSON.stringify(response.body), label).not.toContain(p.name);
          expect(await ownerLine(), label).toBe(2);
        } else {
          expect(await ownerLine(), label).toBe(endpoint.after[actor]);
        }
      }
    });
  }

  it("an admin sees the owner's cart and count; another user's cart or count is 403 and reveals nothing", async () => {
    await seed();
    const asAdmin = await api.json<Envelope<CartDto>>(`/carts/user/${owner.id}/cart`, { headers: boss.auth });
    expect(asAdmin.body.data).toMatchObject({
      cartId: ownerCartId,
      items: [expect.objectContaining({ itemId: p.id, quantity: 2 })],
    });
    const count = await api.json<Envelope<{ count: number }>>(`/carts/user/${owner.id}/count`, { headers: boss.auth });
    expect(count.body.data).toEqual({ count: 2 });
    const asOther = await api.json(`/carts/user/${owner.id}/cart`, { headers: other.auth });
    expect(asOther.status).toBe(403);
    expect(asOther.body).toEqual({ message: expect.any(String), data: null });
  });

  it("adding to the cart always adds to the caller's own cart", async () => {
    await seed();
    const response = await add(other.auth, p.id, 1);
    expect(response.status).toBe(200);
    expect(await ownerLine()).toBe(2);
    expect(await linesInDb(other.id)).toEqual({ [p.id]: 1 });
  });

  it("a cart that does not exist is 404 for an admin and 403 for a user", async () => {
    for (const [method, path] of [
      ["PUT", `/cartItems/cart/987654/item/${p.id}/update?quantity=1`],
      ["DELETE", `/cartItems/cart/987654/item/${p.id}/remove`],
      ["DELETE", `/carts/cart/987654/clear`],
    ] as const) {
      expect((await api.json(path, { method, headers: boss.auth })).status, `admin ${method} ${path}`).toBe(404);
      expect((await api.json(path, { method, headers: other.auth })).status, `user ${method} ${path}`).toBe(403);
      expect((await api.json(path, { method })).status, `anonymous ${method} ${path}`).toBe(401);
    }
  });

  it("a user cannot reach another user's line through their own cart id", async () => {
    await seed();
    const otherCartId = (await cartOf(other)).cartId;
    // p is in the other user's cart from an earlier test or not: the owner's line must stay untouched either way
    await api.json(`/cartItems/cart/${otherCartId}/item/${p.id}/remove`, { method: "DELETE", headers: other.auth });
    expect(await ownerLine()).toBe(2);
    const rows = await database.db
      .select()
      .from(cartItems)
      .where(and(eq(cartItems.cartId, ownerCartId), eq(cartItems.productId, p.id)));
    expect(rows).toHaveLength(1);
  });
});
