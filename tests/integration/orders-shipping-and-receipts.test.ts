import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { addresses, payments, testPaymentIntents } from "~/db/schema";
import type { OrderDto } from "~/schemas/orders";
import { reconcile } from "~/services/orders/reconciler.server";
import { useApiServer } from "../support/api-server";
import { useCategory } from "../support/checkout";
import { orderHelpers } from "../support/orders";
import { mailsTo } from "../support/mail-outbox";
import { json, type Envelope } from "../support/requests";
import { useTestDatabase } from "../support/test-db";

// Where an order goes and what the shopper is told: the address chosen at checkout is copied onto the payment and
// the order (later edits of the address book do not move it), GET /orders/order/{id} shows it to its owner and
// admins only, and the confirmation e-mail is queued with the order, once.

const database = useTestDatabase();
const api = useApiServer();
const { product } = useCategory(database);
const { shopper, admin, add, card, createIntent, confirm, placeOrder } = orderHelpers(api, database);
type User = Awaited<ReturnType<typeof shopper>>;

const billing = {
  firstName: "Grace",
  lastName: "Hopper",
  email: "grace@example.com",
  street: "9 Billing Road",
  city: "Arlington",
  state: "VA",
  country: "US",
  postalCode: "22201",
};

async function newAddress(user: User, overrides: Record<string, string> = {}) {
  const response = await api.json<Envelope<Array<{ id: number }>>>(
    `/addresses/${user.id}/new`,
    json(
      "POST",
      [
        {
          street: "42 Harbour Street",
          city: "Portsmouth",
          state: "",
          country: "GB",
          postalCode: "PO1 3AX",
          mobileNumber: "+44 23 9200 0000",
          addressType: "SHIPPING",
          ...overrides,
        },
      ],
      user.auth,
    ),
  );
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.data[0]!.id;
}

function checkout(user: User, body: Record<string, unknown>) {
  return api.json<Envelope<{ order: OrderDto; created: boolean }>>(
    `/orders/user/${user.id}/checkout`,
    json("POST", { billing, card: card(), ...body }, user.auth),
  );
}

const getOrder = (auth: User["auth"], orderId: number) =>
  api.json<Envelope<OrderDto>>(`/orders/order/${orderId}`, json("GET", undefined, auth));

const HARBOUR = {
  name: "Grace Hopper",
  street: "42 Harbour Street",
  city: "Portsmouth",
  state: "",
  country: "GB",
  postalCode: "PO1 3AX",
  mobileNumber: "+44 23 9200 0000",
};

describe("the shipping address of an order", () => {
  it("is the saved address chosen at checkout, named after the billing details, and stays when the book changes", async () => {
    const user = await shopper();
    const addressId = await newAddress(user);
    const item = await product({ priceCents: 4999, inventory: 5 });
    await add(user, item.id, 1);

    const placed = await checkout(user, { shippingAddressId: addressId });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const order = placed.body.data.order;
    expect(order.shippingAddress).toEqual(HARBOUR);
    expect(order.statusLabel).toBe("Paid");

    // the address book moves on; the parcel does not
    await database.db.update(addresses).set({ street: "1 Elsewhere" }).where(eq(addresses.id, addressId));
    await api.json(`/addresses/${addressId}/delete`, json("DELETE", undefined, user.auth));
    const seen = await getOrder(user.auth, order.id);
    expect(seen.status).toBe(200);
    expect(seen.body.data).toEqual(order);
    const listed = await api.json<Envelope<OrderDto[]>>(
      `/orders/user/${user.id}/orders`,
      json("GET", undefined, user.auth),
    );
    expect(listed.body.data[0]!.shippingAddress).toEqual(HARBOUR);
  });

  it("is the billing address when the client chooses none (the reference client's checkout)", async () => {
    const user = await shopper();
    const item = await product({ inventory: 5 });
    await add(user, item.id, 1);
    const placed = await checkout(user, {});
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    expect(placed.body.data.order.shippingAddress).toEqual({
      name: "Grace Hopper",
      street: "9 Billing Road",
      city: "Arlington",
      state: "VA",
      country: "US",
      postalCode: "22201",
      mobileNumber: "",
    });
  });

  it("refuses another user's address (422 on the field) before anything is charged", async () => {
    const user = await shopper();
    const stranger = await shopper();
    const theirs = await newAddress(stranger);
    const item = await product({ inventory: 5 });
    await add(user, item.id, 1);

    for (const shippingAddressId of [theirs, 2_000_000_000]) {
      const refused = await checkout(user, { shippingAddressId });
      expect(refused.status, JSON.stringify(refused.body)).toBe(422);
      expect(refused.body.errors?.shippingAddressId?.[0]).toMatch(/Choose one of your saved addresses/);
    }
    const charged = await database.db.select().from(payments).where(eq(payments.userId, user.id));
    expect(charged).toEqual([]);
    const malformed = await checkout(user, { shippingAddressId: "home" });
    expect(malformed.status).toBe(422);
  });

  it("is kept with a payment made for the card box and used by place-order, or by the reconciler", async () => {
    // the browser comes back: place-order finds the address on the payment
    const user = await shopper();
    const addressId = await newAddress(user);
    const item = await product({ priceCents: 1500, inventory: 5 });
    await add(user, item.id, 2);
    const intent = await createIntent(user, { shippingAddressId: addressId });
    expect(intent.status, JSON.stringify(intent.body)).toBe(200);
    const paymentIntentId = intent.body.data.paymentIntentId;
    expect((await confirm(user, paymentIntentId)).body.data.status).toBe("succeeded");
    const placed = await placeOrder(user, user.id, { paymentIntentId });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    expect(placed.body.data.shippingAddress).toEqual({ ...HARBOUR, name: "Ada Lovelace" });

    // the browser never comes back: the reconciler's order ships to the same place
    const other = await shopper();
    const otherAddress = await newAddress(other, { street: "7 Quay Lane" });
    await add(other, item.id, 1);
    const otherIntent = await createIntent(other, { shippingAddressId: otherAddress });
    await confirm(other, otherIntent.body.data.paymentIntentId);
    await reconcile({ settleMs: 0, now: new Date(Date.now() + 60_000), db: database.db });
    const listed = await api.json<Envelope<OrderDto[]>>(
      `/orders/user/${other.id}/orders`,
      json("GET", undefined, other.auth),
    );
    expect(listed.body.data).toHaveLength(1);
    expect(listed.body.data[0]!.shippingAddress?.street).toBe("7 Quay Lane");

    // an address that is not the caller's is refused when the payment is made
    await add(user, item.id, 1);
    const refused = await createIntent(user, { shippingAddressId: otherAddress });
    expect(refused.status, JSON.stringify(refused.body)).toBe(422);
    expect(refused.body.errors?.shippingAddressId).toBeDefined();
  });

  it("follows the latest choice of a payment made again (a declined card, then the billing address chosen)", async () => {
    // one call per attempt (test payments): a decline, then the same attempt paid with another choice
    const user = await shopper();
    const addressId = await newAddress(user);
    const item = await product({ inventory: 5 });
    await add(user, item.id, 1);
    const declined = await checkout(user, {
      shippingAddressId: addressId,
      card: card({ cardNumber: "4000000000000002" }),
    });
    expect(declined.status).toBe(402);
    const paid = await checkout(user, {});
    expect(paid.status, JSON.stringify(paid.body)).toBe(201);
    expect(paid.body.data.order.shippingAddress?.street).toBe("9 Billing Road");

    // the card box's payment, asked for again with the billing address, and placed by the reconciler alone
    const other = await shopper();
    const otherAddress = await newAddress(other);
    await add(other, item.id, 1);
    const first = await createIntent(other, { shippingAddressId: otherAddress, billing });
    const again = await createIntent(other, { billing });
    expect(again.body.data.paymentIntentId).toBe(first.body.data.paymentIntentId);
    await confirm(other, again.body.data.paymentIntentId);
    await reconcile({ settleMs: 0, now: new Date(Date.now() + 60_000), db: database.db });
    const [order] = (
      await api.json<Envelope<OrderDto[]>>(`/orders/user/${other.id}/orders`, json("GET", undefined, other.auth))
    ).body.data;
    expect(order?.shippingAddress?.street).toBe("9 Billing Road");
    const [payment] = await database.db.select().from(payments).where(eq(payments.userId, other.id));
    expect(payment?.billing).toMatchObject({ firstName: "Grace", street: "9 Billing Road" });
  });
});

describe("GET /orders/order/{orderId}", () => {
  it("shows an order to its owner and to admins; anyone else gets 403 whether or not it exists", async () => {
    const user = await shopper();
    const stranger = await shopper();
    const boss = await admin();
    const item = await product({ inventory: 5 });
    await add(user, item.id, 1);
    const order = (await checkout(user, {})).body.data.order;

    expect((await getOrder(user.auth, order.id)).body.data).toEqual(order);
    expect((await getOrder(boss.auth, order.id)).body.data).toEqual(order);
    const foreign = await getOrder(stranger.auth, order.id);
    expect(foreign.status).toBe(403);
    expect(JSON.stringify(foreign.body)).not.toContain(item.name);
    expect((await getOrder(stranger.auth, 2_000_000_000)).status).toBe(403);
    expect((await getOrder(boss.auth, 2_000_000_000)).status).toBe(404);
    const anonymous = await api.json(`/orders/order/${order.id}`, json("GET", undefined));
    expect(anonymous.status).toBe(401);
    expect((await getOrder(user.auth, 0)).status).toBe(400);
  });
});

describe("the order confirmation e-mail", () => {
  it("is queued with the order, once, with the number, the lines, the total and the address", async () => {
    const user = await shopper();
    const addressId = await newAddress(user);
    const item = await product({ priceCents: 12999, inventory: 5 });
    await add(user, item.id, 2);
    const attempt = (
      await api.json<Envelope<{ attempt: string }>>(
        `/orders/user/${user.id}/checkout-attempt`,
        json("GET", undefined, user.auth),
      )
    ).body.data.attempt;

    const placed = await checkout(user, { shippingAddressId: addressId, attempt });
    expect(placed.status).toBe(201);
    // the same post again (a double click): the same order, no second receipt
    const again = await checkout(user, { shippingAddressId: addressId, attempt });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body.data.order.id).toBe(placed.body.data.order.id);

    const mails = await mailsTo(database.db, user.email, "order-confirmation");
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    const orderId = placed.body.data.order.id;
    expect(mail!.subject).toBe(`Your GearHub order #${orderId} is confirmed`);
    expect(mail!.textBody).toContain("$259.98");
    expect(mail!.textBody).toContain(item.name);
    expect(mail!.textBody).toContain("42 Harbour Street");
    expect(mail!.textBody).toContain("United Kingdom");
    expect(mail!.textBody).toContain(`/orders/${orderId}`);
    expect(mail!.htmlBody).toContain(`href="http://localhost:`);
    expect(mail!.status).toBe("pending");
  });

  it("is not queued when no order is placed (a declined card)", async () => {
    const user = await shopper();
    const item = await product({ inventory: 5 });
    await add(user, item.id, 1);
    const declined = await checkout(user, { card: card({ cardNumber: "4000000000000002" }) });
    expect(declined.status).toBe(402);
    expect(await mailsTo(database.db, user.email)).toEqual([]);
    const intents = await database.db.select().from(testPaymentIntents);
    expect(intents.length).toBeGreaterThan(0);
  });
});
