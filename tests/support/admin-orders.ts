import { asc, eq, sql } from "drizzle-orm";
import { beforeAll, expect } from "vitest";
import { orderItems, orders, payments, products, testPaymentIntents } from "~/db/schema";
import type { OrderDto, OrderStatus } from "~/schemas/orders";
import {
  addToCart,
  admin,
  payAndPlaceOrder,
  shopper,
  useCategory,
  type Api,
  type TestDatabase,
  type User,
} from "./checkout";
import { json, type Auth, type Envelope } from "./requests";

// The admin order API tests' helpers: orders made the way a shopper makes them (cart, test payment, place-order),
// and the admin's list and status changes.

export type AdminOrder = OrderDto & { customer: { email: string; name: string } };
export type AdminPage = {
  content: AdminOrder[];
  page: number;
  size: number;
  totalElements: number;
  totalPages: number;
};

export const STATUSES: OrderStatus[] = ["PENDING", "PROCESSING", "SHIPPED", "DELIVERED", "CANCELLED"];
/** The transitions the shop allows, written out here (not imported) so that a wrong table in the app is caught. */
export const ALLOWED: Record<OrderStatus, OrderStatus[]> = {
  PENDING: ["PROCESSING", "CANCELLED"],
  PROCESSING: ["SHIPPED", "CANCELLED"],
  SHIPPED: ["DELIVERED"],
  DELIVERED: [],
  CANCELLED: [],
};
/** how to reach each status from PENDING through the API */
export const PATH_TO: Record<OrderStatus, OrderStatus[]> = {
  PENDING: [],
  PROCESSING: ["PROCESSING"],
  SHIPPED: ["PROCESSING", "SHIPPED"],
  DELIVERED: ["PROCESSING", "SHIPPED", "DELIVERED"],
  CANCELLED: ["CANCELLED"],
};

/**
 * The test file's category of products and its admin (`boss`, signed in from beforeAll on), and the helpers, bound to
 * its API server and database.
 */
export function useAdminOrders(api: Api, database: TestDatabase) {
  const { product } = useCategory(database);
  const boss = {} as User;
  beforeAll(async () => {
    const { loginStatus: status, ...signedIn } = await admin(api, database.db);
    expect(status).toBe(200);
    Object.assign(boss, signedIn);
  });

  /** A real order: the lines go into the cart, are paid with the success test card, and the order is placed (201). */
  async function placedOrder(user: User, lines: Array<[productId: number, quantity: number]>) {
    for (const [productId, quantity] of lines) await addToCart(api, user.auth, productId, quantity);
    const { order, paymentIntentId } = await payAndPlaceOrder(api, user);
    expect(order.status).toBe("PENDING");
    return { order, paymentIntentId };
  }

  function setStatus(who: Auth | undefined, orderId: number, status: unknown) {
    return api.json<Envelope<OrderDto | null>>(`/orders/order/${orderId}/status`, json("PUT", { status }, who ?? {}));
  }

  function setStatusForm(who: Auth, orderId: number, body: URLSearchParams | FormData) {
    return api.json<Envelope<OrderDto | null>>(`/orders/order/${orderId}/status`, {
      method: "PUT",
      headers: who,
      body,
    });
  }

  /** moves an order along the given steps as the admin, each one answering 200 */
  async function advance(orderId: number, steps: OrderStatus[]) {
    for (const status of steps) {
      const response = await setStatus(boss.auth, orderId, status);
      expect(response.status, `${status}: ${JSON.stringify(response.body)}`).toBe(200);
      expect(response.body.data!.status).toBe(status);
    }
  }

  function listAll(query = "", who: Auth = boss.auth) {
    return api.json<Envelope<AdminPage>>(`/orders/all${query}`, { headers: who });
  }

  const inventoryOf = async (productId: number) =>
    (await database.db.select({ inventory: products.inventory }).from(products).where(eq(products.id, productId)))[0]
      ?.inventory;

  const orderRow = async (orderId: number) =>
    (await database.db.select().from(orders).where(eq(orders.id, orderId)))[0]!;

  const paymentRow = async (providerPaymentId: string) =>
    (await database.db.select().from(payments).where(eq(payments.providerPaymentId, providerPaymentId)))[0]!;

  const testIntentRow = async (id: string) =>
    (await database.db.select().from(testPaymentIntents).where(eq(testPaymentIntents.id, id)))[0]!;

  /** everything a status change may touch: the order row, its items, the stock of the given products, the payment */
  async function stateOf(orderId: number, paymentIntentId: string, productIds: number[]) {
    return {
      order: await orderRow(orderId),
      items: await database.db
        .select()
        .from(orderItems)
        .where(eq(orderItems.orderId, orderId))
        .orderBy(asc(orderItems.id)),
      stock: await Promise.all(productIds.map(inventoryOf)),
      payment: await paymentRow(paymentIntentId),
      intent: await testIntentRow(paymentIntentId),
    };
  }

  async function ownerView(user: User, orderId: number) {
    const response = await api.json<Envelope<OrderDto[]>>(`/orders/user/${user.id}/orders`, { headers: user.auth });
    expect(response.status).toBe(200);
    return response.body.data.find((o) => o.id === orderId);
  }

  const countOrders = async (status?: OrderStatus) =>
    Number(
      (
        await database.db
          .select({ n: sql<number>`count(*)` })
          .from(orders)
          .where(status ? eq(orders.status, status) : undefined)
      )[0]!.n,
    );

  return {
    boss,
    shopper: (overrides: Record<string, unknown> = {}) => shopper(api, overrides),
    product,
    placedOrder,
    setStatus,
    setStatusForm,
    advance,
    listAll,
    inventoryOf,
    orderRow,
    paymentRow,
    testIntentRow,
    stateOf,
    ownerView,
    countOrders,
  };
}
