import { Link } from "@remix-run/react";
import { formatPrice } from "~/lib/money";
import type { ReturnDto } from "~/schemas/returns";

/** An order's returns on its page: number, status, pieces, the refund and the printable slip. */
export function OrderReturns({ returns }: { returns: ReturnDto[] }) {
  if (returns.length === 0) return null;
  return (
    <section aria-labelledby="order-returns" className="mt-6 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <h2 id="order-returns" className="text-lg font-semibold text-slate-900">
        Returns
      </h2>
      <ul className="mt-2 divide-y divide-slate-200">
        {returns.map((ret) => (
          <li key={ret.id} className="py-2 text-sm text-slate-700" data-testid="order-return">
            <p>
              <span className="font-semibold text-slate-900">Return {ret.number}</span>:{" "}
              <span data-testid="order-return-status">{ret.statusLabel}</span>
              {ret.refundTotal !== null ? ` · ${formatPrice(ret.refundTotal)} refunded` : ""}
            </p>
            <p>
              {ret.lines
                .map(
                  (line) =>
                    `${line.quantity} × ${line.productName}${line.variantLabel ? ` (${line.variantLabel})` : ""}`,
                )
                .join(", ")}
            </p>
            {ret.adminMessage ? <p>Our message: {ret.adminMessage}</p> : null}
            <p className="mt-1 flex flex-wrap gap-3">
              <Link to={`/returns/${ret.id}/slip`} className="text-blue-700 underline hover:text-blue-900">
                Return slip
              </Link>
              {ret.creditNoteNumber ? (
                <Link
                  to={`/orders/${ret.orderId}/credit-notes`}
                  className="text-blue-700 underline hover:text-blue-900"
                >
                  Credit note {ret.creditNoteNumber}
                </Link>
              ) : null}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
