import { describe, expect, it } from "vitest";
import { useApiServer } from "../support/api-server";
import { useCategory } from "../support/checkout";
import { DECLINED_CARD, INSUFFICIENT_FUNDS_CARD, orderHelpers, REAL_LOOKING_CARD } from "../support/orders";
import { json } from "../support/requests";
import { useTestDatabase } from "../support/test-db";

// Paying with the test provider's cards: POST /payments/test/confirm.

const database = useTestDatabase();
const api = useApiServer();
const { product } = useCategory(database);
const helpers = orderHelpers(api, database);
const { shopper, admin, add, intentFor, card, confirm, paidCart, paymentRow, testIntentRow } = helpers;

describe("POST /payments/test/confirm", () => {
  it("succeeds with 4242 4242 4242 4242 and records it", async () => {
    const user = await shopper();
    const p = await product({ inventory: 10 });
    await add(user, p.id, 1);
    const id = await intentFor(user);
    const response = await confirm(user, id, { cardNumber: "4242 4242 4242 4242" });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.data).toEqual({ paymentIntentId: id, status: "succeeded", error: null });
    expect((await paymentRow(id))!.status).toBe("succeeded");
    expect((await testIntentRow(id))!.status).toBe("succeeded");
  });

  it("declines 4000 0000 0000 0002 and leaves the payment open for another card", async () => {
    const user = await shopper();
    const p = await product({ inventory: 10 });
    await add(user, p.id, 1);
    const id = await intentFor(user);
    const declined = await confirm(user, id, { cardNumber: DECLINED_CARD });
    expect(declined.status).toBe(200);
    expect(declined.body.data).toEqual({
      paymentIntentId: id,
      status: "requires_payment_method",
      error: { message: "Your card was declined." },
    });
    expect(await paymentRow(id)).toMatchObject({
      status: "requires_payment_method",
      failureMessage: "Your card was declined.",
    });
    expect((await testIntentRow(id))!.status).toBe("requires_payment_method");

    const retry = await confirm(user, id);
    expect(retry.body.data).toEqual({ paymentIntentId: id, status: "succeeded", error: null });
    expect((await paymentRow(id))!.status).toBe("succeeded");
  });

  it("declines 4000 0000 0000 9995 for insufficient funds", async () => {
    const user = await shopper();
    const p = await product({ inventory: 10 });
    await add(user, p.id, 1);
    const id = await intentFor(user);
    const response = await confirm(user, id, { cardNumber: INSUFFICIENT_FUNDS_CARD });
    expect(response.body.data).toEqual({
      paymentIntentId: id,
      status: "requires_payment_method",
      error: { message: "Your card has insufficient funds." },
    });
    expect((await testIntentRow(id))!.status).toBe("requires_payment_method");
  });

  it("declines a valid card number that is not a test card", async () => {
    const user = await shopper();
    const p = await product({ inventory: 10 });
    await add(user, p.id, 1);
    const id = await intentFor(user);
    const response = await confirm(user, id, { cardNumber: REAL_LOOKING_CARD });
    expect(response.body.data.status).toBe("requires_payment_method");
    expect(response.body.data.error?.message).toContain("non test card");
    expect((await testIntentRow(id))!.status).toBe("requires_payment_method");
  });

  it("answers a malformed card with 422 and field errors, charging nothing", async () => {
    const user = await shopper();
    const p = await product({ inventory: 10 });
    await add(user, p.id, 1);
    const id = await intentFor(user);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ cardNumber: "4242424242424241" }, "cardNumber"], // fails Luhn's check
      [{ cardNumber: "4242" }, "cardNumber"],
      [{ cardNumber: "4242x42424242424" }, "cardNumber"],
      [{ expYear: 2020 }, "expYear"],
      [
        {
          expYear: new Date().getUTCFullYear(),
          expMonth: new Date().getUTCMonth() === 0 ? 0 : new Date().getUTCMonth(),
        },
        new Date().getUTCMonth() === 0 ? "expMonth" : "expYear",
      ],
      [{ expMonth: 13 }, "expMonth"],
      [{ cvc: "12" }, "cvc"],
      [{ cvc: "12a" }, "cvc"],
    ];
    for (const [overrides, field] of cases) {
      const response = await confirm(user, id, overrides);
      const label = `${JSON.stringify(overrides)} → ${response.status} ${JSON.stringify(response.body)}`;
      expect(response.status, label).toBe(422);
      expect(Object.keys(response.body.errors ?? {}), label).toContain(field);
    }
    expect((await testIntentRow(id))!.status).toBe("requires_payment_method");
    expect((await paymentRow(id))!.status).toBe("requires_payment_method");
  });

  it("refuses to confirm an already succeeded payment with 409", async () => {
    const user = await shopper();
    const p = await product({ inventory: 10 });
    const id = await paidCart(user, p.id, 1);
    const again = await confirm(user, id);
    expect(again.status).toBe(409);
    expect(again.body.data).toBeNull();
    expect((await testIntentRow(id))!.status).toBe("succeeded");
  });

  it("only the payment's owner may confirm it: someone else (even an admin) gets 404, anonymous 401", async () => {
    const owner = await shopper();
    const other = await shopper();
    const boss = await admin();
    const p = await product({ inventory: 10 });
    await add(owner, p.id, 1);
    const id = await intentFor(owner);
    for (const stranger of [other, boss]) {
      const response = await confirm(stranger, id);
      expect(response.status).toBe(404);
      expect(response.body.data).toBeNull();
    }
    expect((await api.json("/payments/test/confirm", json("POST", { paymentIntentId: id, ...card() }))).status).toBe(
      401,
    );
    expect((await confirm(owner, "pi_test_doesnotexist")).status).toBe(404);
    expect((await testIntentRow(id))!.status).toBe("requires_payment_method");
    expect((await paymentRow(id))!.status).toBe("requires_payment_method");
  });
});
