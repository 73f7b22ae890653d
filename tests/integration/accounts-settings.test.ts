import { createHash } from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";
import { describe, expect, it, onTestFinished } from "vitest";
import {
  addresses,
  carts,
  mailOutbox,
  orderItems,
  orders,
  payments,
  rateLimits,
  refreshTokens,
  userRoles,
  users,
  userTokens,
} from "~/db/schema";
import { getConfig, setConfig, type RateLimitConfig } from "~/lib/env.server";
import { bearer, loginAs, PASSWORD, register } from "../support/accounts";
import { useApiServer } from "../support/api-server";
import { addToCart, admin as makeAdmin, payAndPlaceOrder, useCategory } from "../support/checkout";
import { mailsTo, tokenIn } from "../support/mail-outbox";
import { json, type Auth } from "../support/requests";
import { useTestDatabase } from "../support/test-db";
import type { AccountExportDto } from "~/schemas/data-export";

// Account settings over real HTTP (decision 0019): a new e-mail address only once the link sent to it is opened, a new
// password that ends the other sessions, a deleted account whose personal data is erased and whose orders stay;
// every change needs the caller's current password, which cannot be guessed through these endpoints either.

const database = useTestDatabase();
const api = useApiServer();
const shop = useCategory(database);
const NEW_PASSWORD = "another fine passphrase";

const sha256 = (token: string) => createHash("sha256").update(token).digest("base64url");
const me = (id: number, token: string) => api.request(`/users/user/${id}/user`, { headers: bearer(token) });
const refreshWith = (cookie: string) => api.request("/auth/refresh-token", { method: "POST", headers: { cookie } });
const freshEmail = (tag: string) => `${tag}.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.com`;

/** A registered shopper, signed in once (more sessions: loginAs again). */
async function signedIn() {
  const user = await register(api);
  const session = await loginAs(api, user.email);
  return { ...user, session, auth: bearer(session.accessToken) };
}

const changeEmail = (userId: number, auth: Auth, newEmail: string, currentPassword = PASSWORD) =>
  api.json(`/users/${userId}/email`, json("POST", { newEmail, currentPassword }, auth));
const confirmEmail = (token: string) => api.json("/users/confirm-email", json("POST", { token }));
const changePassword = (userId: number, auth: Auth, currentPassword: string, newPassword = NEW_PASSWORD) =>
  api.json(`/users/${userId}/password`, json("PUT", { currentPassword, newPassword }, auth));
const deleteAccount = (userId: number, auth: Auth, currentPassword = PASSWORD) =>
  api.json(`/users/${userId}/delete`, json("POST", { currentPassword }, auth));

function limits(overrides: Partial<RateLimitConfig>) {
  const config = getConfig();
  setConfig({ ...config, rateLimits: { ...config.rateLimits, ...overrides } });
  onTestFinished(() => setConfig(undefined));
}

async function emailOf(userId: number) {
  const [row] = await database.db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return row!.email;
}

describe("changing the e-mail address", () => {
  it("changes nothing until the link mailed to the new address is opened; then the old address is told", async () => {
    const user = await signedIn();
    const newEmail = freshEmail("moved");
    const asked = await changeEmail(user.id, user.auth, newEmail.toUpperCase());
    expect(asked.status).toBe(202);
    expect(asked.body.message).toBe(
      `We have sent a confirmation link to ${newEmail}. Your e-mail address changes when you open it (within 24 hours).`,
    );
    expect(await emailOf(user.id)).toBe(user.email);
    expect((await loginAs(api, newEmail)).status).toBe(401);

    const [mail] = await mailsTo(database.db, newEmail, "email-change");
    const token = tokenIn(mail!, "/confirm-email");
    const [row] = await database.db.select().from(userTokens).where(eq(userTokens.userId, user.id));
    expect(row).toMatchObject({ purpose: "email_change", tokenHash: sha256(token), newEmail, usedAt: null });
    expect(await mailsTo(database.db, user.email, "email-changed")).toEqual([]);
    // the owner hears of the request at once, at the address that is theirs now, with the way to stop it
    const [heads] = await mailsTo(database.db, user.email, "email-change-requested");
    expect(heads?.textBody).toContain(newEmail);
    expect(heads?.textBody).toContain("/forgot-password");

    // the page the link opens names the address, and that spends nothing
    const check = () => api.json("/users/confirm-email/check", json("POST", { token }));
    expect((await check()).body).toEqual({ message: "This link can be used.", data: { email: newEmail } });
    expect(await emailOf(user.id)).toBe(user.email);

    const confirmed = await confirmEmail(token);
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toEqual({
      message: `Your e-mail address is now ${newEmail}.`,
      data: { userId: user.id, email: newEmail },
    });
    expect(await emailOf(user.id)).toBe(newEmail);
    expect((await loginAs(api, newEmail)).status).toBe(200);
    expect((await loginAs(api, user.email)).status).toBe(401);
    const [notice] = await mailsTo(database.db, user.email, "email-changed");
    expect(notice?.textBody).toContain(newEmail);
    // the session that asked goes on
    expect((await me(user.id, user.session.accessToken)).status).toBe(200);

    const again = await confirmEmail(token);
    expect(again.status).toBe(410);
    expect((await check()).status).toBe(410);
  });

  it("refuses a wrong current password, the same address and a taken one, each on its field", async () => {
    const user = await signedIn();
    const other = await register(api);
    const wrong = await changeEmail(user.id, user.auth, freshEmail("x"), "not my password");
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors).toEqual({ currentPassword: ["Your current password is not right."] });
    const same = await changeEmail(user.id, user.auth, user.email.toUpperCase());
    expect(same.status).toBe(422);
    expect(same.body.errors).toEqual({ newEmail: ["This is already your e-mail address."] });
    const taken = await changeEmail(user.id, user.auth, other.email);
    expect(taken.status).toBe(409);
    expect(taken.body.errors).toEqual({ newEmail: ["An account with this email already exists."] });
    expect(await mailsTo(database.db, other.email, "email-change")).toEqual([]);
  });

  it("checks the address again when the link is opened: taken meanwhile, nothing changes and nothing is mailed", async () => {
    const user = await signedIn();
    const newEmail = freshEmail("contested");
    expect((await changeEmail(user.id, user.auth, newEmail)).status).toBe(202);
    const token = tokenIn((await mailsTo(database.db, newEmail, "email-change"))[0]!, "/confirm-email");
    const squatter = await register(api, { email: newEmail });
    const refused = await confirmEmail(token);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/Another account/);
    expect(await emailOf(user.id)).toBe(user.email);
    expect(await mailsTo(database.db, user.email, "email-changed")).toEqual([]);
    // the refusal rolled back: the link was not spent, and works once the address is free again
    await database.db
      .update(users)
      .set({ email: freshEmail("elsewhere") })
      .where(eq(users.id, squatter.id));
    expect((await confirmEmail(token)).status).toBe(200);
    expect(await emailOf(user.id)).toBe(newEmail);
  });

  it("a password change in the meantime cancels a pending change (asked for with the old password)", async () => {
    const user = await signedIn();
    const thief = freshEmail("thief");
    expect((await changeEmail(user.id, user.auth, thief)).status).toBe(202);
    const token = tokenIn((await mailsTo(database.db, thief, "email-change"))[0]!, "/confirm-email");
    expect((await changePassword(user.id, user.auth, PASSWORD)).status).toBe(200);
    expect((await confirmEmail(token)).status).toBe(410);
    expect(await emailOf(user.id)).toBe(user.email);
  });

  it("a newer request spends the older link", async () => {
    const user = await signedIn();
    const first = freshEmail("first");
    const second = freshEmail("second");
    await changeEmail(user.id, user.auth, first);
    await changeEmail(user.id, user.auth, second);
    const older = tokenIn((await mailsTo(database.db, first, "email-change"))[0]!, "/confirm-email");
    const newer = tokenIn((await mailsTo(database.db, second, "email-change"))[0]!, "/confirm-email");
    expect((await confirmEmail(older)).status).toBe(410);
    expect((await confirmEmail(newer)).status).toBe(200);
    expect(await emailOf(user.id)).toBe(second);
  });

  it("is limited per user and per new address (EMAIL_CHANGES_PER_HOUR)", async () => {
    limits({ emailChangesPerHour: 2 });
    const user = await signedIn();
    expect((await changeEmail(user.id, user.auth, freshEmail("a"))).status).toBe(202);
    expect((await changeEmail(user.id, user.auth, freshEmail("b"))).status).toBe(202);
    const refused = await changeEmail(user.id, user.auth, freshEmail("c"));
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    // many accounts cannot fill one stranger's mailbox either
    const victim = freshEmail("victim");
    const statuses = [];
    for (let i = 0; i < 3; i++) {
      const someone = await signedIn();
      statuses.push((await changeEmail(someone.id, someone.auth, victim)).status);
    }
    expect(statuses).toEqual([202, 202, 429]);
    expect(await mailsTo(database.db, victim)).toHaveLength(2);
  });
});

describe("changing the password", () => {
  it("keeps the caller's session, ends every other at once, spends reset links and mails a notice", async () => {
    const user = await signedIn();
    const other = await loginAs(api, user.email);
    expect((await api.request("/auth/forgot-password", json("POST", { email: user.email }))).status).toBe(202);
    const resetToken = tokenIn((await mailsTo(database.db, user.email, "password-reset"))[0]!, "/reset-password");

    const changed = await changePassword(user.id, user.auth, PASSWORD);
    expect(changed.status).toBe(200);
    expect(changed.body.message).toBe("Your password has been changed. Your other devices have been signed out.");

    expect((await me(user.id, user.session.accessToken)).status).toBe(200);
    expect((await refreshWith(user.session.refreshCookie)).status).toBe(200);
    expect((await me(user.id, other.accessToken)).status).toBe(401);
    expect((await refreshWith(other.refreshCookie)).status).toBe(401);
    expect((await loginAs(api, user.email, PASSWORD)).status).toBe(401);
    expect((await loginAs(api, user.email, NEW_PASSWORD)).status).toBe(200);
    expect(await mailsTo(database.db, user.email, "password-changed")).toHaveLength(1);
    const reset = await api.json("/auth/reset-password", json("POST", { token: resetToken, password: "x".repeat(12) }));
    expect(reset.status).toBe(410);
  });

  it("refuses a wrong current password, the same password and a weak one, each on its field", async () => {
    const user = await signedIn();
    const wrong = await changePassword(user.id, user.auth, "not my password");
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors).toEqual({ currentPassword: ["Your current password is not right."] });
    const same = await changePassword(user.id, user.auth, PASSWORD, PASSWORD);
    expect(same.status).toBe(422);
    expect(same.body.errors).toEqual({ newPassword: ["Choose a password different from your current one."] });
    const weak = await changePassword(user.id, user.auth, PASSWORD, "short");
    expect(weak.status).toBe(422);
    expect(weak.body.errors?.newPassword).toEqual(["Password must be at least 8 characters"]);
    expect((await loginAs(api, user.email, PASSWORD)).status).toBe(200);
  });

  it("is no password oracle: parallel wrong guesses let exactly the free attempts through, then 429", async () => {
    limits({ loginFreeAttempts: 3 });
    const user = await signedIn();
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => changePassword(user.id, user.auth, `guess number ${i}`)),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 422)).toHaveLength(3);
    expect(statuses.filter((s) => s === 429)).toHaveLength(9);
    // the wait after the third failure is one second, which the three checks above can outlast on a busy machine:
    // hold it longer, to see that every setting's check shares it
    await database.db
      .update(rateLimits)
      .set({ blockedUntil: new Date(Date.now() + 60_000) })
      .where(eq(rateLimits.key, `reauth:user:${user.id}`));
    // even the right password waits now, and so does the same check behind the other settings
    expect((await changePassword(user.id, user.auth, PASSWORD)).status).toBe(429);
    expect((await deleteAccount(user.id, user.auth)).status).toBe(429);
    expect((await changeEmail(user.id, user.auth, freshEmail("z"))).status).toBe(429);
  });
});

describe("who may change what", () => {
  it("another user gets 403 everywhere; an admin gets 403 for another user's e-mail and password", async () => {
    const user = await signedIn();
    const stranger = await signedIn();
    const admin = await makeAdmin(api, database.db);
    for (const caller of [stranger.auth, admin.auth]) {
      const email = await changeEmail(user.id, caller, freshEmail("hijack"));
      const password = await changePassword(user.id, caller, PASSWORD);
      expect([email.status, password.status]).toEqual([403, 403]);
    }
    expect((await changeEmail(user.id, admin.auth, freshEmail("h"))).body.message).toBe(
      "Only the account's owner can change its e-mail address, from their own account settings.",
    );
    expect((await deleteAccount(user.id, stranger.auth)).status).toBe(403);
    expect((await api.request(`/users/${user.id}/delete`, json("POST", { currentPassword: PASSWORD }))).status).toBe(
      401,
    );
    expect(await emailOf(user.id)).toBe(user.email);
  });
});

describe("deleting the account", () => {
  /** A shopper with an address, a cart line, a reset link and two orders (one to ship, one delivered). */
  async function shopperWithHistory() {
    const user = await signedIn();
    const product = await shop.product({ inventory: 50 });
    await addToCart(api, user.auth, product.id, 1);
    const { order: toShip } = await payAndPlaceOrder(api, user);
    await addToCart(api, user.auth, product.id, 2);
    const { order: delivered } = await payAndPlaceOrder(api, user);
    const address = { name: "Ada Lovelace", street: "1 Main St", city: "Austin", state: "TX", country: "US" };
    const billing = { firstName: "Ada", lastName: "Lovelace", email: user.email };
    const snapshot = { ...address, postalCode: "78701", mobileNumber: "+1 512 555 0100" };
    for (const [id, status] of [
      [toShip.id, "PROCESSING"],
      [delivered.id, "DELIVERED"],
    ] as const) {
      const [row] = await database.db
        .update(orders)
        .set({ status, billing, shippingAddress: snapshot })
        .where(eq(orders.id, id))
        .returning();
      await database.db
        .update(payments)
        .set({ billing, shippingAddress: snapshot })
        .where(eq(payments.id, row!.paymentId!));
    }
    await addToCart(api, user.auth, product.id, 1);
    await api.request("/auth/forgot-password", json("POST", { email: user.email }));
    return { ...user, toShip, delivered };
  }

  it("erases the personal data, keeps the orders (with the address of one still to ship) and signs out", async () => {
    const user = await shopperWithHistory();
    const other = await loginAs(api, user.email);
    const wrong = await deleteAccount(user.id, user.auth, "not my password");
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors).toEqual({ currentPassword: ["Your current password is not right."] });
    expect(await emailOf(user.id)).toBe(user.email);

    // the receipts went out already; the reset link asked for has not
    await database.db
      .update(mailOutbox)
      .set({ status: "sent", sentAt: new Date() })
      .where(and(eq(mailOutbox.recipient, user.email), eq(mailOutbox.kind, "order-confirmation")));
    const deleted = await deleteAccount(user.id, user.auth);
    expect(deleted.status).toBe(200);
    expect(deleted.body.message).toBe("Your account has been deleted.");

    const [row] = await database.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({
      firstName: "Deleted",
      lastName: "account",
      email: `deleted-${user.id}@deleted.invalid`,
      photoUrl: null,
    });
    expect(row!.passwordHash.startsWith("$argon2")).toBe(false);
    expect(row!.deletedAt).toBeInstanceOf(Date);
    for (const table of [addresses, carts, refreshTokens, userTokens, userRoles]) {
      expect(await database.db.select().from(table).where(eq(table.userId, user.id)), "rows left").toEqual([]);
    }
    // nobody can sign in to it, and its sessions are over
    expect((await loginAs(api, user.email)).status).toBe(401);
    expect((await loginAs(api, `deleted-${user.id}@deleted.invalid`, "!deleted")).status).toBe(401);
    for (const session of [user.session, other]) {
      expect((await me(user.id, session.accessToken)).status).toBe(401);
      expect((await refreshWith(session.refreshCookie)).status).toBe(401);
    }

    const kept = await database.db.select().from(orders).where(eq(orders.userId, user.id));
    expect(kept.map((o) => o.id).sort()).toEqual([user.toShip.id, user.delivered.id].sort());
    const toShip = kept.find((o) => o.id === user.toShip.id)!;
    const delivered = kept.find((o) => o.id === user.delivered.id)!;
    expect(toShip).toMatchObject({ billing: null, totalCents: Math.round(user.toShip.totalAmount * 100) });
    expect(toShip.shippingAddress).toMatchObject({ street: "1 Main St" });
    expect(delivered).toMatchObject({ billing: null, shippingAddress: null });
    const lines = await database.db
      .select()
      .from(orderItems)
      .where(inArray(orderItems.orderId, [toShip.id, delivered.id]));
    expect(lines.length).toBe(user.toShip.items.length + user.delivered.items.length);
    const paid = await database.db.select().from(payments).where(eq(payments.userId, user.id));
    expect(paid.every((p) => p.billing === null)).toBe(true);
    expect(paid.find((p) => p.id === toShip.paymentId)!.shippingAddress).toMatchObject({ street: "1 Main St" });
    expect(paid.find((p) => p.id === delivered.paymentId)!.shippingAddress).toBeNull();

    // the last message went to the old address, queued in the same transaction as the erasure; the earlier ones
    // (the receipts, a reset link not sent yet) are gone or kept without content
    const toOld = await mailsTo(database.db, user.email);
    expect(toOld.map((m) => m.kind)).toEqual(["account-deleted"]);
    const [notice] = toOld;
    expect(notice?.subject).toBe("Your GearHub account was deleted");
    expect(notice!.createdAt.getTime()).toBe(row!.deletedAt!.getTime());
    const erasedMail = await mailsTo(database.db, `deleted-${user.id}@deleted.invalid`);
    expect(erasedMail.length).toBeGreaterThan(0);
    for (const mail of erasedMail) {
      expect(mail.textBody).toBe("(Erased when the account was deleted.)");
      expect(mail.status).not.toBe("pending");
    }

    // the address kept for the parcel still to go goes once it has shipped
    const boss = await makeAdmin(api, database.db);
    for (const status of toShip.status === "PENDING" ? ["PROCESSING", "SHIPPED"] : ["SHIPPED"]) {
      const moved = await api.json(`/orders/order/${toShip.id}/status`, json("PUT", { status }, boss.auth));
      expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    }
    const [shippedRow] = await database.db.select().from(orders).where(eq(orders.id, toShip.id));
    expect(shippedRow!.shippingAddress).toBeNull();
    const [shippedPayment] = await database.db.select().from(payments).where(eq(payments.id, toShip.paymentId!));
    expect(shippedPayment!.shippingAddress).toBeNull();
    // and no status e-mail went to the erased address
    expect(await mailsTo(database.db, `deleted-${user.id}@deleted.invalid`, "order-status")).toEqual([]);

    // the address is free for a new account; the deleted one is gone for good
    expect((await register(api, { email: user.email })).id).not.toBe(user.id);
    expect((await deleteAccount(user.id, boss.auth)).status).toBe(404);
  });

  it("an admin deletes another user's account with the admin's own password, not the user's", async () => {
    const user = await signedIn();
    const admin = await makeAdmin(api, database.db);
    // the admin's password differs from the user's, so the test tells them apart
    expect((await changePassword(admin.id, admin.auth, PASSWORD, "the admin's own passphrase")).status).toBe(200);
    const withUsersPassword = await deleteAccount(user.id, admin.auth, PASSWORD);
    expect(withUsersPassword.status).toBe(422);
    const done = await deleteAccount(user.id, admin.auth, "the admin's own passphrase");
    expect(done.status).toBe(200);
    expect(done.body.message).toBe("The account has been deleted.");
    expect((await me(user.id, user.session.accessToken)).status).toBe(401);
    const seen = await api.json<{ data: { firstName: string; email: string; addressList: unknown[] } }>(
      `/users/user/${user.id}/user`,
      { headers: admin.auth },
    );
    expect(seen.body.data).toMatchObject({ firstName: "Deleted", email: `deleted-${user.id}@deleted.invalid` });
    expect(seen.body.data.addressList).toEqual([]);
    expect(await mailsTo(database.db, user.email, "account-deleted")).toHaveLength(1);
  });
});

describe("downloading one's data", () => {
  it("gives the owner every record of theirs, nobody else's and no secret; another shopper and an admin get 403", async () => {
    const owner = await signedIn();
    const other = await signedIn();
    const product = await shop.product({ inventory: 20, priceCents: 2599 });
    await addToCart(api, owner.auth, product.id, 2);
    const { order } = await payAndPlaceOrder(api, owner);
    await addToCart(api, owner.auth, product.id, 1);
    await addToCart(api, other.auth, product.id, 3);

    // a billing e-mail typed at checkout is anyone's: another shopper's mail never comes with it
    await database.db
      .update(orders)
      .set({ billing: { email: other.email } })
      .where(eq(orders.id, order.id));
    await database.db.insert(mailOutbox).values({
      messageId: `<others-${Date.now()}@test>`,
      kind: "password-reset",
      recipient: other.email,
      subject: "Reset your GearHub password",
      textBody: "t",
      htmlBody: "h",
    });
    const answer = await api.json<{ data: AccountExportDto }>(`/users/${owner.id}/export`, { headers: owner.auth });
    expect(answer.status).toBe(200);
    const mine = answer.body.data;
    expect(mine.format).toBe("gearhub-account-export/1");
    expect(mine.account).toMatchObject({ id: owner.id, email: owner.email });
    expect(mine.orders.map((o) => o.id)).toEqual([order.id]);
    expect(mine.cart.items.map((item) => [item.product.id, item.quantity])).toEqual([[product.id, 1]]);
    expect(mine.payments).toEqual([expect.objectContaining({ amount: 51.98, status: "succeeded" })]);
    // the order confirmation went to the owner's address
    expect(mine.mail.map((m) => m.to.toLowerCase())).toContain(owner.email.toLowerCase());
    expect(mine.mail.every((m) => m.to.toLowerCase() === owner.email.toLowerCase())).toBe(true);
    const text = JSON.stringify(mine);
    expect(text).not.toContain(other.email);
    const [stored] = await database.db.select().from(users).where(eq(users.id, owner.id));
    expect(text).not.toContain(stored!.passwordHash);
    expect(text).not.toContain(owner.session.accessToken);
    expect(text).not.toMatch(/passwordHash|password_hash/);

    expect((await api.request(`/users/${owner.id}/export`, { headers: other.auth })).status).toBe(403);
    const boss = await makeAdmin(api, database.db);
    expect((await api.request(`/users/${owner.id}/export`, { headers: boss.auth })).status).toBe(403);
    expect((await api.request(`/users/${owner.id}/export`)).status).toBe(401);
  });
});
