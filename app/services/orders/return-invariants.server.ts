// Rule (f) of the shop's invariants (decision 0044): returns never hold or refund more than was bought, and refunds
// never pass what was paid. Reads only.
import { sql } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { selectRows } from "~/db/query.server";
import { formatCents } from "~/lib/money";
import type { Violation } from "./invariants.server";

export async function checkReturns(db: DbOrTx): Promise<Violation[]> {
  const found: Violation[] = [];
  const held = await selectRows<{ orderId: number; itemId: number; bought: number; held: number; refunded: number }>(
    db,
    sql`
      select i.order_id as "orderId", i.id as "itemId", i.quantity as bought,
        coalesce(sum(l.quantity) filter (where r.status <> 'rejected'), 0)::int as held,
        coalesce(sum(l.quantity) filter (where l.refund_cents is not null), 0)::int as refunded
      from return_lines l
      join returns r on r.id = l.return_id
      join order_items i on i.id = l.order_item_id
      group by i.id
      having coalesce(sum(l.quantity) filter (where r.status <> 'rejected'), 0) > i.quantity
        or coalesce(sum(l.quantity) filter (where l.refund_cents is not null), 0) > i.quantity
      order by i.id`,
  );
  for (const row of held)
    found.push({
      rule: "returns",
      kind: "returned-beyond-bought",
      message: `order ${row.orderId}'s line ${row.itemId}: ${row.bought} bought, ${row.held} held by returns, ${row.refunded} refunded`,
      orderId: row.orderId,
      details: { ...row },
    });
  const paid = await selectRows<{ paymentId: number; paidCents: number; refundedCents: number }>(
    db,
    sql`
      select p.id as "paymentId", p.amount_cents as "paidCents",
        sum(coalesce(f.amount_cents, p.amount_cents))::int as "refundedCents"
      from refunds f join payments p on p.id = f.payment_id
      group by p.id
      having sum(coalesce(f.amount_cents, p.amount_cents)) > p.amount_cents
      order by p.id`,
  );
  for (const row of paid)
    found.push({
      rule: "returns",
      kind: "refunded-beyond-paid",
      message: `payment ${row.paymentId}: ${formatCents(row.refundedCents)} refunded of ${formatCents(row.paidCents)} paid`,
      paymentId: row.paymentId,
      details: { ...row },
    });
  const sums = await selectRows<{
    returnId: number;
    orderId: number;
    refundId: number;
    refundCents: number;
    linesCents: number;
    shippingCents: number;
  }>(
    db,
    sql`
      select r.id as "returnId", r.order_id as "orderId", f.id as "refundId", f.amount_cents as "refundCents",
        (select coalesce(sum(l.refund_cents), 0) from return_lines l where l.return_id = r.id)::int as "linesCents",
        (case when r.refund_shipping then o.shipping_cents
          + case when o.tax_included then 0 else coalesce((o.price_breakdown->'shipping'->>'taxCents')::int, 0) end
          else 0 end)::int as "shippingCents"
      from returns r
      join orders o on o.id = r.order_id
      join refunds f on f.id = r.refund_id
      order by r.id`,
  );
  for (const row of sums)
    if (row.refundCents !== row.linesCents + row.shippingCents)
      found.push({
        rule: "returns",
        kind: "return-refund-not-its-lines",
        message: `return ${row.returnId}'s refund ${row.refundId} is ${formatCents(row.refundCents)}, its lines and shipping ${formatCents(row.linesCents + row.shippingCents)}`,
        orderId: row.orderId,
        refundId: row.refundId,
        details: { ...row },
      });
  // a return closed without refund (or rejected) gave nothing back
  const unpaid = await selectRows<{ returnId: number; orderId: number; status: string }>(
    db,
    sql`
      select r.id as "returnId", r.order_id as "orderId", r.status
      from returns r
      where r.status in ('closed', 'rejected')
        and (r.refund_id is not null or exists (
          select 1 from return_lines l where l.return_id = r.id and l.refund_cents is not null))
      order by r.id`,
  );
  for (const row of unpaid)
    found.push({
      rule: "returns",
      kind: "closed-return-refunded",
      message: `return ${row.returnId} is ${row.status} but carries a refund`,
      orderId: row.orderId,
      details: { ...row },
    });
  return found;
}
