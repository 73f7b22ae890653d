// Invoices and credit notes (docs/decisions/0042-invoices.md). A number is taken from its kind's counter row for the
// calendar year (UTC) in the transaction that creates the document: the row stays locked until that transaction ends,
// so two server instances take turns, and a transaction that rolls back gives its number back. Numbers are therefore
// gap-free and unique per year (a PostgreSQL sequence would leave gaps). The documents are read from what the order
// kept when it was placed (its lines, its price breakdown, its billing address, the seller then): never priced again.
import { and, asc, eq, isNotNull, sql } from "drizzle-orm";
import { getDb, type DbOrTx } from "~/db/client.server";
import { selectRows } from "~/db/query.server";
import {
  documentCounters,
  orderItems,
  orders,
  payments,
  refunds,
  returnLines,
  returns,
  shopSettings,
  users,
} from "~/db/schema";
import type { SellerSnapshot } from "~/db/schema";
import {
  documentNumber,
  type CreditNoteDto,
  type InvoiceDto,
  type SellerDto,
  type SellerSettingsInput,
} from "~/schemas/invoices";
import { centsToDollars } from "~/lib/money";
import { isStaff, requireActor, requireAdmin, type Actor } from "../access";
import { recordAudit } from "../audit/audit.server";
import { ForbiddenError, NotFoundError } from "../errors";
import { priceParts } from "./order-price";
import { creditedReturnParts, pricedLinesOfItems } from "./return-money";

type DocumentKind = "invoice" | "credit_note";

/**
 * The database's time of the transaction (its `now()`): a document is dated and its year taken from it, not from the
 * app's clock, so instances whose clocks disagree still number one year's documents in that year (decision 0042
 * addendum). The order's own date is the same `now()` (its column's default), so an invoice is dated as its order.
 */
export async function databaseNow(tx: DbOrTx): Promise<Date> {
  const [row] = await selectRows<{ ms: number | string }>(
    tx,
    sql`select (extract(epoch from now()) * 1000)::float8 as ms`,
  );
  return new Date(Math.floor(Number(row!.ms)));
}

/**
 * The next number of a kind in the year of `at` (UTC): the counter row is created at 1 or moved up by one, and stays
 * locked until the caller's transaction ends. Call it inside that transaction, as late as possible (it serializes
 * every other document of the kind behind it). `at` is the database's time (`databaseNow`) but where a test dates it.
 */
export async function takeDocumentNumber(tx: DbOrTx, kind: DocumentKind, at: Date) {
  const year = at.getUTCFullYear();
  const [row] = await tx
    .insert(documentCounters)
    .values({ kind, year, lastNumber: 1 })
    .onConflictDoUpdate({
      target: [documentCounters.kind, documentCounters.year],
      set: { lastNumber: sql`${documentCounters.lastNumber} + 1`, updatedAt: at },
    })
    .returning({ lastNumber: documentCounters.lastNumber });
  return { year, seq: row!.lastNumber };
}

// ---------------------------------------------------------------- the seller

const EMPTY_SELLER: SellerDto = { legalName: "", address: "", country: "", taxId: "", email: "" };

async function sellerSettings(db: DbOrTx): Promise<SellerDto> {
  const [row] = await db
    .select({
      legalName: shopSettings.sellerLegalName,
      address: shopSettings.sellerAddress,
      country: shopSettings.sellerCountry,
      taxId: shopSettings.sellerTaxId,
      email: shopSettings.sellerEmail,
    })
    .from(shopSettings)
    .where(eq(shopSettings.id, 1));
  return row ?? EMPTY_SELLER;
}

/** The seller and the withdrawal period (14 days without a settings row), as the seller page edits them. */
async function shopSellerSettings(db: DbOrTx) {
  const [row] = await db.select({ days: shopSettings.withdrawalDays }).from(shopSettings).where(eq(shopSettings.id, 1));
  return { ...(await sellerSettings(db)), withdrawalDays: row?.days ?? 14 };
}

/** GET /admin/settings/seller */
export async function getSeller({ actor, db = getDb() }: { actor: Actor | null; db?: DbOrTx }) {
  requireAdmin(actor);
  return shopSellerSettings(db);
}

/** PUT /admin/settings/seller: recorded as `settings.update` of the settings "seller", before and after. */
export async function saveSeller({
  actor,
  input,
  db = getDb(),
}: {
  actor: Actor | null;
  input: SellerSettingsInput;
  db?: DbOrTx;
}) {
  const who = requireAdmin(actor);
  const values = {
    sellerLegalName: input.legalName,
    sellerAddress: input.address,
    ...(input.country !== undefined ? { sellerCountry: input.country } : {}),
    sellerTaxId: input.taxId,
    sellerEmail: input.email,
    ...(input.withdrawalDays !== undefined ? { withdrawalDays: input.withdrawalDays } : {}),
  };
  return db.transaction(async (tx) => {
    // the settings row locked: two admins saving at once each record what they replaced
    await tx.select({ id: shopSettings.id }).from(shopSettings).where(eq(shopSettings.id, 1)).for("update");
    const before = await shopSellerSettings(tx);
    await tx
      .insert(shopSettings)
      .values({ id: 1, ...values })
      .onConflictDoUpdate({ target: shopSettings.id, set: { ...values, updatedAt: new Date() } });
    const after = await shopSellerSettings(tx);
    // invoices numbered while the shop had no seller take this one, once, in the save's transaction and under its
    // audit row (decision 0042 addendum)
    const seller = await sellerSettings(tx);
    if (known(seller)) {
      await tx
        .update(orders)
        .set({ invoiceSeller: seller })
        .where(and(isNotNull(orders.invoiceSeq), withoutSeller));
    }
    await recordAudit(tx, {
      actor: who,
      kind: "settings.update",
      entity: { type: "settings", id: "seller" },
      before,
      after,
    });
    return after;
  });
}

// ---------------------------------------------------------------- numbering

/** A seller is known once it has a legal name: before that, an invoice keeps none (decision 0042 addendum). */
const known = <T extends SellerSnapshot>(seller: T | null | undefined): seller is T =>
  Boolean(seller?.legalName.trim());

/**
 * The invoice columns of an order placed now (the database's time; a test may date it): its number and the seller as
 * the settings say now, or none while the seller is not set up (the document takes it when it is first read after).
 */
export async function numberInvoice(tx: DbOrTx, at?: Date) {
  const settings = await sellerSettings(tx);
  const seller: SellerSnapshot | null = known(settings) ? settings : null;
  const date = at ?? (await databaseNow(tx));
  const { year, seq } = await takeDocumentNumber(tx, "invoice", date);
  return { invoiceYear: year, invoiceSeq: seq, invoiceDate: date, invoiceSeller: seller };
}

/**
 * Numbers the credit note of a refund just recorded as succeeded, in that transaction, when the payment's order
 * exists (a payment that never became an order was never invoiced). It credits what the refund gave back: the
 * whole payment, or a return's part of it (decision 0044). Once only: a refund numbered already is left as it is.
 */
export async function numberCreditNote(tx: DbOrTx, refundId: number, at?: Date) {
  const [row] = await tx
    .select({
      seq: refunds.creditNoteSeq,
      amountCents: sql<number>`coalesce(${refunds.amountCents}, ${payments.amountCents})`,
      orderId: orders.id,
    })
    .from(refunds)
    .innerJoin(payments, eq(payments.id, refunds.paymentId))
    .leftJoin(orders, eq(orders.paymentId, payments.id))
    .where(eq(refunds.id, refundId));
  if (!row || row.seq !== null || row.orderId === null) return null;
  const date = at ?? (await databaseNow(tx));
  const { year, seq } = await takeDocumentNumber(tx, "credit_note", date);
  await tx
    .update(refunds)
    .set({ creditNoteYear: year, creditNoteSeq: seq, creditNoteDate: date, creditNoteCents: row.amountCents })
    .where(eq(refunds.id, refundId));
  return documentNumber(year, seq);
}

// ---------------------------------------------------------------- reading

type OrderRow = typeof orders.$inferSelect;

/**
 * The order behind a document, for its owner, staff or an admin (staff see every order on the shop floor, decision
 * 0038). Anyone else is refused (403) whether or not it exists; only staff and admins learn that it does not (404).
 */
async function documentOrder(actor: Actor | null, orderId: number, db: DbOrTx) {
  const who = requireActor(actor);
  const [row] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (row && (row.userId === who.id || isStaff(who))) return row;
  if (!row && isStaff(who)) throw new NotFoundError("Order not found");
  throw new ForbiddenError("You do not have permission to see this order.");
}

/** An order whose invoice keeps no seller (none, or one without a legal name). */
const withoutSeller = sql`(${orders.invoiceSeller} is null or coalesce(btrim(${orders.invoiceSeller}->>'legalName'), '') = '')`;

/**
 * The seller a document prints: the order's snapshot. An invoice numbered while the shop had no seller is given the
 * seller when an admin saves one (saveSeller), so a reading never writes; until then, the settings' seller as it is
 * (empty: the page says "Seller details not set").
 */
async function documentSeller(order: OrderRow, db: DbOrTx): Promise<SellerDto> {
  // a snapshot from before the shop kept the seller's country has none
  if (known(order.invoiceSeller)) return { ...EMPTY_SELLER, ...order.invoiceSeller };
  return sellerSettings(db);
}

async function documentParts(order: OrderRow, db: DbOrTx) {
  const [items, [owner], seller, [payment]] = await Promise.all([
    db.select().from(orderItems).where(eq(orderItems.orderId, order.id)).orderBy(asc(orderItems.id)),
    db
      .select({ email: users.email, firstName: users.firstName, lastName: users.lastName })
      .from(users)
      .where(eq(users.id, order.userId)),
    documentSeller(order, db),
    order.paymentId === null
      ? Promise.resolve([])
      : db.select({ currency: payments.currency }).from(payments).where(eq(payments.id, order.paymentId)),
  ]);
  const billing = order.billing ?? {};
  const name = [billing.firstName, billing.lastName].filter(Boolean).join(" ");
  const place = [billing.postalCode, billing.city].filter(Boolean).join(" ");
  return {
    currency: (payment?.currency ?? "usd").toUpperCase(),
    seller,
    buyer: {
      name: name || [owner?.firstName, owner?.lastName].filter(Boolean).join(" "),
      email: billing.email ?? owner?.email ?? "",
      address: [billing.street, place, billing.state, billing.country].filter((part): part is string => Boolean(part)),
    },
    lines: items.map((item) => ({
      productName: item.productName,
      productBrand: item.productBrand,
      variantLabel: item.variantLabel,
      quantity: item.quantity,
      unitPrice: centsToDollars(item.priceCents),
      total: centsToDollars(item.priceCents * item.quantity),
    })),
    ...priceParts(order),
  };
}

const creditNotesOf = (order: OrderRow, db: DbOrTx) =>
  order.paymentId === null
    ? Promise.resolve([])
    : db
        .select()
        .from(refunds)
        .where(and(eq(refunds.paymentId, order.paymentId), isNotNull(refunds.creditNoteSeq)))
        .orderBy(asc(refunds.creditNoteDate), asc(refunds.id));

/** GET /orders/order/{orderId}/invoice */
export async function getInvoice({
  actor,
  orderId,
  db = getDb(),
}: {
  actor: Actor | null;
  orderId: number;
  db?: DbOrTx;
}): Promise<InvoiceDto> {
  const order = await documentOrder(actor, orderId, db);
  if (order.invoiceSeq === null || order.invoiceYear === null || order.invoiceDate === null)
    throw new NotFoundError("This order has no invoice.");
  const [parts, notes] = await Promise.all([documentParts(order, db), creditNotesOf(order, db)]);
  return {
    number: documentNumber(order.invoiceYear, order.invoiceSeq),
    issuedAt: order.invoiceDate.toISOString(),
    orderId: order.id,
    orderDate: order.orderDate.toISOString(),
    ...parts,
    tax: centsToDollars(order.taxCents),
    total: centsToDollars(order.totalCents),
    creditNotes: notes.map((note) => ({
      id: note.id,
      number: documentNumber(note.creditNoteYear!, note.creditNoteSeq!),
      issuedAt: note.creditNoteDate!.toISOString(),
    })),
  };
}

/** GET /orders/order/{orderId}/credit-notes: the order's credit notes, oldest first (none: an empty list). */
export async function listCreditNotes({
  actor,
  orderId,
  db = getDb(),
}: {
  actor: Actor | null;
  orderId: number;
  db?: DbOrTx;
}): Promise<CreditNoteDto[]> {
  const order = await documentOrder(actor, orderId, db);
  const notes = await creditNotesOf(order, db);
  if (notes.length === 0) return [];
  const parts = await documentParts(order, db);
  const returned = notes.some((note) => note.returnId !== null) ? await returnedOfOrder(order, db) : null;
  const invoiceNumber =
    order.invoiceYear !== null && order.invoiceSeq !== null ? documentNumber(order.invoiceYear, order.invoiceSeq) : "";
  return notes.map((note) => ({
    id: note.id,
    number: documentNumber(note.creditNoteYear!, note.creditNoteSeq!),
    issuedAt: note.creditNoteDate!.toISOString(),
    invoiceNumber,
    orderId: order.id,
    reason: note.reason,
    ...(note.returnId !== null && returned ? returned.partsOf(note.id, note.returnId, parts) : parts),
    total: centsToDollars(note.creditNoteCents!),
  }));
}

/**
 * What a return's credit note credits (decision 0042 addendum): the returned pieces with their shares of discount and
 * tax, and the shipping when that refund gave it back; not the whole order. The pieces refunded before a return's are
 * those of returns refunded earlier (their refunds' ids are smaller), as when the refund was counted.
 */
async function returnedOfOrder(order: OrderRow, db: DbOrTx) {
  const [items, payment, rows] = await Promise.all([
    db.select().from(orderItems).where(eq(orderItems.orderId, order.id)).orderBy(asc(orderItems.id)),
    order.paymentId === null
      ? Promise.resolve([])
      : db.select({ snapshot: payments.cartSnapshot }).from(payments).where(eq(payments.id, order.paymentId)),
    db
      .select({
        returnId: returns.id,
        refundId: returns.refundId,
        refundShipping: returns.refundShipping,
        lineId: returnLines.id,
        orderItemId: returnLines.orderItemId,
        quantity: returnLines.quantity,
        refundCents: returnLines.refundCents,
      })
      .from(returnLines)
      .innerJoin(returns, eq(returns.id, returnLines.returnId))
      .where(and(eq(returns.orderId, order.id), isNotNull(returns.refundId), isNotNull(returnLines.refundCents)))
      .orderBy(asc(returnLines.id)),
  ]);
  const priced = pricedLinesOfItems(items, payment[0]?.snapshot ?? null, order.priceBreakdown);
  const itemOf = new Map(items.map((item) => [item.id, item]));
  return {
    partsOf(refundId: number, returnId: number, whole: Awaited<ReturnType<typeof documentParts>>) {
      const own = rows.filter((row) => row.returnId === returnId);
      const credited = creditedReturnParts(
        priced,
        order.priceBreakdown,
        order.taxIncluded,
        order.taxes,
        own.map((row) => ({
          orderItemId: row.orderItemId,
          units: row.quantity,
          before: rows
            .filter((other) => other.orderItemId === row.orderItemId && other.refundId! < refundId)
            .reduce((sum, other) => sum + other.quantity, 0),
          refundCents: row.refundCents!,
        })),
        own.some((row) => row.refundShipping),
      );
      return {
        ...whole,
        lines: credited.lines.map((line) => {
          const item = itemOf.get(line.orderItemId)!;
          return {
            productName: item.productName,
            productBrand: item.productBrand,
            variantLabel: item.variantLabel,
            quantity: line.quantity,
            unitPrice: centsToDollars(line.unitCents),
            total: centsToDollars(line.totalCents),
          };
        }),
        subtotal: centsToDollars(credited.subtotalCents),
        discount: centsToDollars(credited.discountCents),
        shipping: credited.shipping
          ? { method: credited.shipping.name, amount: centsToDollars(credited.shipping.cents) }
          : null,
        taxes: credited.taxes.map((tax) => ({
          name: tax.name,
          rate: tax.basisPoints / 100,
          amount: centsToDollars(tax.cents),
        })),
      };
    },
  };
}
