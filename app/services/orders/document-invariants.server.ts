// Rule (e) of the shop's invariants (decision 0042): invoices and credit notes. Reads only.
import { sql } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { selectRows } from "~/db/query.server";
import { formatCents } from "~/lib/money";
import { documentNumber } from "~/schemas/invoices";
import type { Violation } from "./invariants.server";

type Numbering = { kind: "invoice" | "credit_note"; year: number; count: number; distinct: number; max: number };

/** Each kind's numbers per year: 1 … n, once each, and its counter at n (a counter beyond n has skipped numbers). */
async function numberingViolations(db: DbOrTx): Promise<Violation[]> {
  const rows = await selectRows<Numbering & { counter: number | null }>(
    db,
    sql`
      with numbers as (
        select 'invoice' as kind, invoice_year as year, invoice_seq as seq from orders where invoice_seq is not null
        union all
        select 'credit_note', credit_note_year, credit_note_seq from refunds where credit_note_seq is not null
      ), years as (
        select kind, year, count(*)::int as count, count(distinct seq)::int as distinct, max(seq)::int as max,
          min(seq)::int as min
        from numbers group by kind, year
      )
      select coalesce(y.kind, c.kind) as kind, coalesce(y.year, c.year) as year, coalesce(y.count, 0) as count,
        coalesce(y.distinct, 0) as distinct, coalesce(y.max, 0) as max, c.last_number as counter
      from years y full join document_counters c on c.kind = y.kind and c.year = y.year
      order by 1, 2`,
  );
  const found: Violation[] = [];
  for (const row of rows) {
    const what = `${row.kind === "invoice" ? "invoice" : "credit note"} numbers of ${row.year}`;
    if (row.distinct !== row.count)
      found.push({
        rule: "documents",
        kind: "number-used-twice",
        message: `${what}: ${row.count - row.distinct} given twice`,
        details: { ...row },
      });
    if (row.distinct !== row.max)
      found.push({
        rule: "documents",
        kind: "numbers-with-gap",
        message: `${what}: ${row.distinct} numbers given up to ${documentNumber(row.year, row.max)}, so ${row.max - row.distinct} missing`,
        details: { ...row },
      });
    if (row.counter !== row.max)
      found.push({
        rule: "documents",
        kind: "counter-not-at-last-number",
        message: `${what}: the counter stands at ${row.counter ?? "nothing"}, the last number given is ${row.max}`,
        details: { ...row },
      });
  }
  return found;
}

type OrderDocuments = {
  orderId: number;
  invoiceSeq: number | null;
  totalCents: number;
  paymentId: number | null;
  paymentCents: number | null;
  refundId: number | null;
  refundStatus: string | null;
  creditNoteSeq: number | null;
  creditNoteCents: number | null;
};

/** Every order has its invoice; every refund carried out of an order has its credit note, for what was refunded. */
async function documentViolations(db: DbOrTx): Promise<Violation[]> {
  const rows = await selectRows<OrderDocuments>(
    db,
    sql`
      select o.id as "orderId", o.invoice_seq as "invoiceSeq", o.total_cents as "totalCents",
        p.id as "paymentId", coalesce(r.amount_cents, p.amount_cents) as "paymentCents", r.id as "refundId", r.status as "refundStatus",
        r.credit_note_seq as "creditNoteSeq", r.credit_note_cents as "creditNoteCents"
      from orders o
      left join payments p on p.id = o.payment_id
      left join refunds r on r.payment_id = p.id
      where o.invoice_seq is null or r.id is not null
      order by o.id`,
  );
  const found: Violation[] = [];
  for (const row of rows) {
    const ids = {
      orderId: row.orderId,
      ...(row.paymentId !== null ? { paymentId: row.paymentId } : {}),
      ...(row.refundId !== null ? { refundId: row.refundId } : {}),
    };
    if (row.invoiceSeq === null)
      found.push({
        rule: "documents",
        kind: "order-without-invoice",
        message: `order ${row.orderId} has no invoice number`,
        ...ids,
      });
    if (row.refundId === null) continue;
    if (row.refundStatus === "succeeded" && row.creditNoteSeq === null)
      found.push({
        rule: "documents",
        kind: "refund-without-credit-note",
        message: `refund ${row.refundId} of order ${row.orderId} was carried out but has no credit note`,
        ...ids,
      });
    if (row.refundStatus !== "succeeded" && row.creditNoteSeq !== null)
      found.push({
        rule: "documents",
        kind: "credit-note-before-refund",
        message: `refund ${row.refundId} of order ${row.orderId} has a credit note but is still ${row.refundStatus}`,
        ...ids,
      });
    if (row.creditNoteCents !== null && row.creditNoteCents !== row.paymentCents)
      found.push({
        rule: "documents",
        kind: "credit-note-not-refunded-amount",
        message: `refund ${row.refundId}'s credit note is for ${formatCents(row.creditNoteCents)}, the refund gave back ${formatCents(row.paymentCents ?? 0)}`,
        ...ids,
        details: { creditNoteCents: row.creditNoteCents, refundedCents: row.paymentCents },
      });
    if (row.creditNoteCents !== null && row.creditNoteCents > row.totalCents)
      found.push({
        rule: "documents",
        kind: "credit-note-beyond-paid",
        message: `refund ${row.refundId}'s credit note is for ${formatCents(row.creditNoteCents)}, more than order ${row.orderId}'s ${formatCents(row.totalCents)}`,
        ...ids,
        details: { creditNoteCents: row.creditNoteCents, totalCents: row.totalCents },
      });
  }
  // a credit note of a refund whose payment has no order corrects no invoice
  const stray = await selectRows<{ refundId: number; paymentId: number }>(
    db,
    sql`select r.id as "refundId", r.payment_id as "paymentId" from refunds r
      where r.credit_note_seq is not null and not exists (select 1 from orders o where o.payment_id = r.payment_id)
      order by r.id`,
  );
  for (const row of stray)
    found.push({
      rule: "documents",
      kind: "credit-note-without-invoice",
      message: `refund ${row.refundId} has a credit note but its payment ${row.paymentId} has no order to correct`,
      ...row,
    });
  return found;
}

export async function checkDocuments(db: DbOrTx): Promise<Violation[]> {
  return [...(await documentViolations(db)), ...(await numberingViolations(db))];
}
