import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { orders, productVariants, userRoles } from "~/db/schema";
import { PASSWORD } from "../support/accounts";
import { createProduct, word } from "../support/factories";
import { useHostileShop } from "../support/hostile/shop";
import { send } from "../support/hostile/wire";

// A staff member (docs/decisions/0038-running-the-shop.md) moves orders forward and sets stock, and every other
// admin write is refused: through the API (403) and through the pages (/unauthorized, or the API's refusal shown).
const shop = useHostileShop({ pages: true });

const bearer = (token: string) => ({ authorization: `Bearer ${token}`, "content-type": "application/json" });

async function api(method: string, path: string, token: string, body?: unknown) {
  const answer = await send(shop.api.origin, {
    method,
    path: `/api/v1${path}`,
    headers: bearer(token),
    body: body === undefined ? undefined : Buffer.from(JSON.stringify(body)),
  });
  return {
    status: answer.status,
    body: answer.text ? (JSON.parse(answer.text) as { message: string; data: unknown }) : null,
  };
}

async function page(method: "GET" | "POST", path: string, cookie: string, form?: Record<string, string>) {
  return send(shop.pages.origin, {
    method,
    path,
    headers: {
      cookie,
      origin: shop.pages.origin,
      accept: "text/html",
      ...(form ? { "content-type": "application/x-www-form-urlencoded" } : {}),
    },
    body: form ? Buffer.from(new URLSearchParams(form).toString()) : undefined,
  });
}

const statusOf = async (orderId: number) =>
  (await shop.database.db.select().from(orders).where(eq(orders.id, orderId)))[0]!.status;

describe("a staff member", () => {
  it("sees the orders and moves one through Preparing, Shipped and Delivered, but cannot cancel or send it back", async () => {
    const staff = shop.fixture.actors.staff;
    const orderId = shop.fixture.actors.other.orderIds[0]!;
    const list = await api("GET", "/orders/all?size=50", staff.token);
    expect(list.status).toBe(200);
    expect(JSON.stringify(list.body)).toContain(`"id":${orderId}`);
    expect((await api("PUT", `/orders/order/${orderId}/status`, staff.token, { status: "CANCELLED" })).status).toBe(
      403,
    );
    for (const status of ["PROCESSING", "SHIPPED", "DELIVERED"]) {
      const moved = await api("PUT", `/orders/order/${orderId}/status`, staff.token, { status });
      expect(moved.status, moved.body?.message).toBe(200);
      expect(await statusOf(orderId)).toBe(status);
    }
  });

  it("cannot cancel an order through the orders page, and is offered no Cancel button", async () => {
    const staff = shop.fixture.actors.staff;
    const orderId = shop.fixture.actors.staff.orderIds[0]!;
    const before = await statusOf(orderId);
    const html = (await page("GET", "/admin/orders", staff.cookie)).text;
    expect(html).toContain("Start processing");
    expect(html).not.toContain("Cancel order");
    const posted = await page("POST", "/admin/orders", staff.cookie, { orderId: String(orderId), status: "CANCELLED" });
    expect(posted.status).toBeLessThan(500);
    expect(await statusOf(orderId)).toBe(before);
  });

  it("sets a variant's stock, through the API and the stock page, and nothing else of it", async () => {
    const staff = shop.fixture.actors.staff;
    const product = await createProduct(shop.database.db, { categoryId: shop.fixture.categoryId, inventory: 2 });
    const set = await api("PUT", `/products/${product.id}/stock`, staff.token, {
      variants: [{ id: product.variantId, inventory: 9 }],
    });
    expect(set.status, set.body?.message).toBe(200);
    const posted = await page("POST", `/admin/stock/${product.id}`, staff.cookie, {
      variantId: String(product.variantId),
      inventory: "11",
    });
    expect(posted.status).toBe(303);
    const [variant] = await shop.database.db
      .select()
      .from(productVariants)
      .where(eq(productVariants.id, product.variantId));
    expect(variant!.inventory).toBe(11);
    expect((await page("GET", "/admin/stock", staff.cookie)).status).toBe(200);
  });

  it("is refused every other admin write through the API", async () => {
    const staff = shop.fixture.actors.staff;
    const product = await createProduct(shop.database.db, { categoryId: shop.fixture.categoryId });
    const forbidden: Array<[string, string, unknown?]> = [
      // prices (a variant's and a product's), products, catalogue
      [
        "PUT",
        `/products/${product.id}/variants`,
        { variants: [{ id: product.variantId, sku: `S-${word()}`, price: 1, inventory: 1, weightGrams: null }] },
      ],
      [
        "PUT",
        `/products/product/${product.id}/update`,
        { name: "X", brand: "Acme", price: 1, inventory: 1, description: "x", category: { name: "Mice" } },
      ],
      ["DELETE", `/products/product/${product.id}/delete`],
      [
        "POST",
        "/products/add",
        { name: "X", brand: "Acme", price: 1, inventory: 1, description: "x", category: { name: "Mice" } },
      ],
      ["PUT", `/products/${product.id}/options`, { options: [] }],
      ["POST", "/categories/add", { name: `C ${word()}` }],
      // refunds, mail, reports
      ["GET", "/admin/refunds"],
      ["POST", "/admin/refunds/1/retry"],
      ["GET", "/admin/dashboard?days=7"],
      ["GET", "/mail/outbox"],
      ["POST", "/mail/test", { to: `${word()}@example.com` }],
      // accounts
      ["GET", "/admin/users"],
      ["POST", `/admin/users/${staff.id}/roles`, { role: "ROLE_ADMIN", grant: true }],
      ["POST", `/users/${shop.fixture.actors.user.id}/delete`, { currentPassword: PASSWORD }],
      ["GET", `/users/user/${shop.fixture.actors.user.id}/user`],
      ["GET", `/orders/order/${shop.fixture.actors.user.orderIds[0]}`],
    ];
    const wrong: string[] = [];
    for (const [method, path, body] of forbidden) {
      const answer = await api(method, path, staff.token, body);
      if (answer.status !== 403) wrong.push(`${method} ${path}: ${answer.status} ${answer.body?.message ?? ""}`);
    }
    expect(wrong).toEqual([]);
    const roles = await shop.database.db.select().from(userRoles).where(eq(userRoles.userId, staff.id));
    expect(roles).toHaveLength(2);
  });

  it("is sent to /unauthorized by every admin page but the orders and the stock", async () => {
    const staff = shop.fixture.actors.staff;
    const pages = [
      "/admin",
      "/add-product",
      "/admin/products",
      "/admin/catalogue",
      "/admin/refunds",
      "/admin/mail",
      "/admin/users",
      `/update-product/${shop.fixture.productIds[0]}/update`,
      `/update-product/${shop.fixture.productIds[0]}/variants`,
    ];
    const wrong: string[] = [];
    for (const path of pages) {
      for (const method of ["GET", "POST"] as const) {
        const answer = await page(method, path, staff.cookie, method === "POST" ? { intent: "x" } : undefined);
        const location = answer.headers.get("location") ?? "";
        if (!location.startsWith("/unauthorized") && answer.status !== 405)
          wrong.push(`${method} ${path}: ${answer.status} ${location}`);
      }
    }
    expect(wrong).toEqual([]);
    // the navigation offers only what staff may use
    const html = (await page("GET", "/admin/orders", staff.cookie)).text;
    expect(html).toContain('href="/admin/stock"');
    expect(html).not.toContain('href="/admin/users"');
    expect(html).not.toContain('href="/admin/refunds"');
  });
});

describe("the users page", () => {
  it("lets an admin find a person and grant and remove the staff role, but not remove their own admin role", async () => {
    const admin = shop.fixture.actors.admin;
    const other = shop.fixture.actors.other;
    const found = await api("GET", `/admin/users?q=${encodeURIComponent(other.email)}`, admin.token);
    expect(found.status).toBe(200);
    expect(found.body!.data).toMatchObject({ totalElements: 1, content: [{ id: other.id, email: other.email }] });
    const granted = await page("POST", "/admin/users", admin.cookie, {
      userId: String(other.id),
      change: "ROLE_STAFF:grant",
    });
    expect(granted.status).toBe(303);
    const after = await api("GET", `/admin/users?q=${encodeURIComponent(other.email)}`, admin.token);
    expect(JSON.stringify(after.body)).toContain("ROLE_STAFF");
    const removed = await api("POST", `/admin/users/${other.id}/roles`, admin.token, {
      role: "ROLE_STAFF",
      grant: false,
    });
    expect(removed.status).toBe(200);
    expect(removed.body!.data).toMatchObject({ roles: ["ROLE_USER"] });
    const self = await api("POST", `/admin/users/${admin.id}/roles`, admin.token, { role: "ROLE_ADMIN", grant: false });
    expect(self.status).toBe(409);
    const bad = await api("POST", `/admin/users/${other.id}/roles`, admin.token, { role: "ROLE_ROOT", grant: true });
    expect(bad.status).toBe(422);
    // the admin's own row: neither "Remove administrator" nor "Make staff" (an administrator has every staff right)
    const html = (await page("GET", `/admin/users?q=${encodeURIComponent(admin.email)}`, admin.cookie)).text;
    expect(html).not.toContain("Make staff");
    expect(html).not.toContain("Remove administrator");
    const shopperRow = (await page("GET", `/admin/users?q=${encodeURIComponent(other.email)}`, admin.cookie)).text;
    expect(shopperRow).toContain("Make staff");
    expect(shopperRow).toContain("Make administrator");
  });
});
