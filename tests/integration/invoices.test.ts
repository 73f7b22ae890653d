import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { auditLog, documentCounters, orders, refunds } from "~/db/schema";
import type { CreditNoteDto, InvoiceDto, SellerDto } from "~/schemas/invoices";
import type { OrderDto } from "~/schemas/orders";
import { databaseNow, numberInvoice, takeDocumentNumber } from "~/services/orders/invoices.server";
import { checkInvariants } from "~/services/orders/invariants.server";
import { processDueRefunds } from "~/services/orders/refunds.server";
import { bearer, loginAs } from "../support/accounts";
import { useAdminOrders } from "../support/admin-orders";
import { useApiServer } from "../support/api-server";
import { json, type Auth, type Envelope } from "../support/requests";
import { testDbKind, useTestDatabase } from "../support/test-db";
import { linksIn, mailsTo } from "../support/mail-outbox";

// Invoices and credit notes (decision 0042): every order placed gets the next invoice number of its year in the
// transaction that places it; a refund carried out gets the next credit note number; both documents are read from
// the order's snapshot, for the owner, staff and admins only; the seller's details are the admin's, audited.

const database = useTestDatabase();
const api = useApiServer();
const { boss, shopper, product, placedOrder } = useAdminOrders(api, database);

const invoiceOf = (who: Auth, orderId: number) =>
  api.json<Envelope<InvoiceDto>>(`/orders/order/${orderId}/invoice`, { headers: who });
const creditNotesOf = (who: Auth, orderId: number) =>
  api.json<Envelope<CreditNoteDto[]>>(`/orders/order/${orderId}/credit-notes`, { headers: who });
const saveSeller = (who: Auth, body: unknown) =>
  api.json<Envelope<SellerDto>>("/admin/settings/seller", json("PUT", body, who));

const NUMBER = /^(\d{4})-(\d{6})$/;
const seqOf = (number: string) => Number(NUMBER.exec(number)![2]);

const staff = { auth: {} as Auth };
beforeAll(async () => {
  const member = await shopper();
  const granted = await api.json(
    `/admin/users/${member.id}/roles`,
    json("POST", { role: "ROLE_STAFF", grant: true }, boss.auth),
  );
  expect(granted.status, JSON.stringify(granted.body)).toBe(200);
  staff.auth = bearer((await loginAs(api, member.email)).accessToken);
});

describe("invoice numbers", () => {
  it("gives each order placed the next number of the year, and the order names it", async () => {
    const user = await shopper();
    const p = await product({ priceCents: 1250, inventory: 10 });
    const { order: first } = await placedOrder(user, [[p.id, 1]]);
    const { order: second } = await placedOrder(user, [[p.id, 2]]);
    const year = new Date().getUTCFullYear();
    expect(first.invoiceNumber).toMatch(new RegExp(`^${year}-\\d{6}$`));
    expect(seqOf(second.invoiceNumber!)).toBe(seqOf(first.invoiceNumber!) + 1);
    const [counter] = await database.db
      .select()
      .from(documentCounters)
      .where(and(eq(documentCounters.kind, "invoice"), eq(documentCounters.year, year)));
    expect(counter!.lastNumber).toBeGreaterThanOrEqual(seqOf(second.invoiceNumber!));
    const listed = await api.json<Envelope<OrderDto[]>>(`/orders/user/${user.id}/orders`, { headers: user.auth });
    expect(listed.body.data.map((o) => o.invoiceNumber).sort()).toEqual(
      [first.invoiceNumber, second.invoiceNumber].sort(),
    );
  });

  it("gives a number back when the transaction that took it rolls back: the next one fills it", async () => {
    const at = new Date(Date.UTC(2031, 5, 1));
    const taken = await database.db.transaction((tx) => takeDocumentNumber(tx, "invoice", at));
    await expect(
      database.db.transaction(async (tx) => {
        await takeDocumentNumber(tx, "invoice", at);
        throw new Error("the order could not be placed");
      }),
    ).rejects.toThrow("could not be placed");
    const next = await database.db.transaction((tx) => takeDocumentNumber(tx, "invoice", at));
    expect(next).toEqual({ year: 2031, seq: taken.seq + 1 });
    // another year starts at 1
    expect(
      await database.db.transaction((tx) => takeDocumentNumber(tx, "invoice", new Date(Date.UTC(2032, 0, 1)))),
    ).toEqual({
      year: 2032,
      seq: 1,
    });
    // numbers taken without a document would break the invariant: this test's counters go
    await database.db.delete(documentCounters).where(sql`${documentCounters.year} in (2031, 2032)`);
  });
});

describe("the documents' date and year", () => {
  it("date an invoice as its order, both by the database's clock", async () => {
    const user = await shopper();
    const p = await product({ priceCents: 650, inventory: 5 });
    const { order } = await placedOrder(user, [[p.id, 1]]);
    const [row] = await database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row!.invoiceDate!.getTime()).toBe(row!.orderDate.getTime());
    expect(row!.invoiceYear).toBe(row!.orderDate.getUTCFullYear());
  });

  // PGlite runs in this process and reads its clock: only a database server has a clock of its own
  it.skipIf(testDbKind !== "postgres")(
    "come from the database's clock, not the app's: an app clock in another year numbers in the database's year",
    async () => {
      const dbYear = (await databaseNow(database.db)).getUTCFullYear();
      vi.useFakeTimers({ toFake: ["Date"], now: new Date(Date.UTC(dbYear + 3, 0, 1, 0, 0, 5)) });
      let numbered: Awaited<ReturnType<typeof numberInvoice>> | undefined;
      try {
        // in a transaction that rolls back: the number taken is given back
        await database.db
          .transaction(async (tx) => {
            numbered = await numberInvoice(tx);
            throw new Error("rolled back");
          })
          .catch(() => undefined);
      } finally {
        vi.useRealTimers();
      }
      expect(numbered!.invoiceYear).toBe(dbYear);
      expect(numbered!.invoiceDate.getUTCFullYear()).toBe(dbYear);
    },
  );
});

describe("GET /orders/order/{orderId}/invoice", () => {
  it("shows the owner the order as placed: number, buyer, lines with variant labels, totals", async () => {
    const user = await shopper();
    const p = await product({ priceCents: 1999, inventory: 5 });
    const { order } = await placedOrder(user, [[p.id, 3]]);
    const response = await invoiceOf(user.auth, order.id);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const invoice = response.body.data;
    expect(invoice).toMatchObject({
      number: order.invoiceNumber,
      orderId: order.id,
      total: order.totalAmount,
      subtotal: order.subtotal,
      discount: order.discount,
      tax: order.tax,
      taxIncluded: order.taxIncluded,
      creditNotes: [],
    });
    expect(invoice.lines).toEqual(
      order.items.map((item) => ({
        productName: item.productName,
        productBrand: item.productBrand,
        variantLabel: item.variantLabel,
        quantity: item.quantity,
        unitPrice: item.price,
        total: 59.97,
      })),
    );
    expect(invoice.buyer.email).toBeTruthy();
    // the confirmation e-mail, queued with the order, names the invoice and links to its page
    const [mail] = await mailsTo(database.db, user.email, "order-confirmation");
    expect(mail!.textBody).toContain(`Invoice number`);
    expect(mail!.textBody).toContain(order.invoiceNumber!);
    expect(linksIn(mail!).some((link) => link.endsWith(`/orders/${order.id}/invoice`))).toBe(true);
  });

  it("is the owner's, staff's and the admin's; another shopper gets 403 whether or not the order exists", async () => {
    const user = await shopper();
    const other = await shopper();
    const p = await product({ priceCents: 500, inventory: 5 });
    const { order } = await placedOrder(user, [[p.id, 1]]);
    expect((await invoiceOf(boss.auth, order.id)).status).toBe(200);
    expect((await invoiceOf(staff.auth, order.id)).status).toBe(200);
    expect((await invoiceOf(other.auth, order.id)).status).toBe(403);
    expect((await invoiceOf({}, order.id)).status).toBe(401);
    expect((await invoiceOf(other.auth, 2147483647)).status).toBe(403);
    expect((await invoiceOf(boss.auth, 2147483647)).status).toBe(404);
    expect((await invoiceOf(staff.auth, 2147483647)).status).toBe(404);
    expect((await creditNotesOf(other.auth, order.id)).status).toBe(403);
    expect((await creditNotesOf(boss.auth, 2147483647)).status).toBe(404);
    expect((await creditNotesOf(user.auth, order.id)).body.data).toEqual([]);
  });
});

describe("seller details", () => {
  it("are saved by the admin (audited), printed on invoices numbered after, and kept on those numbered before", async () => {
    const user = await shopper();
    const p = await product({ priceCents: 800, inventory: 5 });
    const first = {
      legalName: `GearHub ${Date.now()} GmbH`,
      address: "Hauptstr. 1\n10115 Berlin\nGermany",
      country: "DE",
      taxId: "DE123456789",
      email: "billing@gearhub.example",
    };
    const saved = await saveSeller(boss.auth, first);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    // the page's other setting, the withdrawal period (decision 0044), comes back with it
    expect(saved.body.data).toEqual({ ...first, withdrawalDays: expect.any(Number) });
    const { order: before } = await placedOrder(user, [[p.id, 1]]);

    // the admin page's form posts the same fields, urlencoded
    const form = await api.json<Envelope<SellerDto>>("/admin/settings/seller", {
      method: "PUT",
      headers: { ...boss.auth, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ ...first, legalName: "GearHub Two Ltd" }).toString(),
    });
    expect(form.status, JSON.stringify(form.body)).toBe(200);
    const { order: after } = await placedOrder(user, [[p.id, 1]]);

    expect((await invoiceOf(user.auth, before.id)).body.data.seller.legalName).toBe(first.legalName);
    expect((await invoiceOf(user.auth, after.id)).body.data.seller).toEqual({ ...first, legalName: "GearHub Two Ltd" });
    const rows = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.kind, "settings.update"), eq(auditLog.entityId, "seller")));
    expect(rows.at(-1)).toMatchObject({
      actorId: boss.id,
      entityType: "settings",
      after: { legalName: "GearHub Two Ltd" },
    });
  });

  it("an invoice numbered before the seller was set up takes the seller when it is saved, and keeps it", async () => {
    const user = await shopper();
    const p = await product({ priceCents: 700, inventory: 5 });
    // no seller yet (a new shop): the order is numbered, its invoice keeps no seller
    await saveSeller(boss.auth, { legalName: "", address: "", country: "", taxId: "", email: "" });
    const { order } = await placedOrder(user, [[p.id, 1]]);
    const sellerOf = async () =>
      (await database.db.select({ s: orders.invoiceSeller }).from(orders).where(eq(orders.id, order.id)))[0]!.s;
    expect(await sellerOf()).toBeNull();
    expect((await invoiceOf(user.auth, order.id)).body.data.seller.legalName).toBe("");
    expect(await sellerOf()).toBeNull();

    const seller = {
      legalName: `Late Seller ${Date.now()} Inc.`,
      address: "1 Main St\nPortland, OR",
      country: "US",
      taxId: "",
      email: "",
    };
    expect((await saveSeller(boss.auth, seller)).status).toBe(200);
    // saving the seller gives it to the invoice (no reading needed)
    expect(await sellerOf()).toEqual(seller);
    expect((await invoiceOf(user.auth, order.id)).body.data.seller).toEqual(seller);
    // a later change of the settings no longer changes that invoice
    expect((await saveSeller(boss.auth, { ...seller, legalName: "Renamed Inc." })).status).toBe(200);
    expect((await invoiceOf(user.auth, order.id)).body.data.seller.legalName).toBe(seller.legalName);
  });

  it("refuses a shopper and staff (403) and a malformed e-mail (422), and writes nothing then", async () => {
    const user = await shopper();
    const count = async () => (await database.db.select().from(auditLog).where(eq(auditLog.entityId, "seller"))).length;
    const rows = await count();
    expect((await saveSeller(user.auth, { legalName: "Mine" })).status).toBe(403);
    expect((await saveSeller(staff.auth, { legalName: "Mine" })).status).toBe(403);
    const bad = await saveSeller(boss.auth, { legalName: "X", email: "not an address" });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toHaveProperty("email");
    for (const country of ["XX", "Atlantis", "U"]) {
      const unknown = await saveSeller(boss.auth, { legalName: "X", country });
      expect(unknown.status, country).toBe(422);
      expect(unknown.body.errors).toEqual({ country: ["Choose a country from the list"] });
    }
    expect(await count()).toBe(rows);
  });

  it("keep the seller's country as a code, given as a code or an English name", async () => {
    for (const [given, code] of [
      ["de", "DE"],
      ["United States", "US"],
      ["FRA", "FR"],
      ["", ""],
    ]) {
      const saved = await saveSeller(boss.auth, { legalName: "Country Test Ltd", country: given });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      expect(saved.body.data.country, given).toBe(code);
    }
    // a client that does not send it (one from before the field) leaves it as it was
    expect((await saveSeller(boss.auth, { legalName: "Country Test Ltd", country: "DE" })).status).toBe(200);
    const without = await saveSeller(boss.auth, { legalName: "Country Test Ltd" });
    expect(without.body.data.country).toBe("DE");
  });

  it("on an invoice numbered before the shop kept the seller's country: printed without one", async () => {
    const user = await shopper();
    const p = await product({ priceCents: 600, inventory: 5 });
    const { order } = await placedOrder(user, [[p.id, 1]]);
    const old = { legalName: "Old Snapshot GmbH", address: "Hauptstr. 1\n10115 Berlin", taxId: "", email: "" };
    await database.db.update(orders).set({ invoiceSeller: old }).where(eq(orders.id, order.id));
    expect((await invoiceOf(user.auth, order.id)).body.data.seller).toEqual({ ...old, country: "" });
  });
});

describe("credit notes", () => {
  it("numbers the refund of a cancelled order when it is carried out, for the amount refunded", async () => {
    const user = await shopper();
    const p = await product({ priceCents: 4200, inventory: 5 });
    const { order } = await placedOrder(user, [[p.id, 2]]);
    const cancelled = await api.json(`/orders/order/${order.id}/cancel`, { method: "POST", headers: user.auth });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    await processDueRefunds(database.db, new Date(Date.now() + 3_600_000));
    const [row] = await database.db
      .select({ refund: refunds })
      .from(refunds)
      .innerJoin(orders, eq(orders.paymentId, refunds.paymentId))
      .where(eq(orders.id, order.id));
    expect(row!.refund.status).toBe("succeeded");
    expect(row!.refund.creditNoteCents).toBe(8400);

    const notes = await creditNotesOf(user.auth, order.id);
    expect(notes.status).toBe(200);
    expect(notes.body.data).toHaveLength(1);
    expect(notes.body.data[0]).toMatchObject({
      invoiceNumber: order.invoiceNumber,
      orderId: order.id,
      total: 84,
      lines: [{ quantity: 2, unitPrice: 42 }],
    });
    expect(notes.body.data[0]!.number).toMatch(NUMBER);
    const invoice = await invoiceOf(boss.auth, order.id);
    expect(invoice.body.data.creditNotes.map((n) => n.number)).toEqual([notes.body.data[0]!.number]);
  });
});

describe("check:invariants, rule (e)", () => {
  it("holds for what the tests made, and names an order without a number, a gap and a credit note beyond the refund", async () => {
    expect((await checkInvariants(database.db)).filter((v) => v.rule === "documents")).toEqual([]);
    const user = await shopper();
    const p = await product({ priceCents: 300, inventory: 5 });
    const { order } = await placedOrder(user, [[p.id, 1]]);
    const { order: refunded } = await placedOrder(user, [[p.id, 1]]);
    await api.json(`/orders/order/${refunded.id}/cancel`, { method: "POST", headers: user.auth });
    await processDueRefunds(database.db, new Date(Date.now() + 3_600_000));
    const broken = await database.db
      .transaction(async (tx) => {
        await tx
          .update(orders)
          .set({ invoiceYear: null, invoiceSeq: null, invoiceDate: null })
          .where(eq(orders.id, order.id));
        const [paid] = await tx.select().from(orders).where(eq(orders.id, refunded.id));
        await tx.update(refunds).set({ creditNoteCents: 99_999 }).where(eq(refunds.paymentId, paid!.paymentId!));
        const found = await checkInvariants(tx);
        throw Object.assign(new Error("rolled back"), { found });
      })
      .catch((error: { found?: Awaited<ReturnType<typeof checkInvariants>> }) => error.found ?? []);
    const kinds = broken.filter((v) => v.rule === "documents").map((v) => v.kind);
    expect(kinds).toContain("order-without-invoice");
    expect(kinds).toContain("numbers-with-gap");
    expect(kinds).toContain("credit-note-not-refunded-amount");
    expect(kinds).toContain("credit-note-beyond-paid");
    expect((await checkInvariants(database.db)).filter((v) => v.rule === "documents")).toEqual([]);
  });
});
