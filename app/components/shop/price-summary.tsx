import { taxLabel, type PriceParts } from "~/lib/price-lines";
import { Price } from "./price";

export type { PriceParts };

/**
 * The lines under a cart's or an order's items: subtotal, discount, shipping, tax per rate, total. Every figure is
 * the server's (services/orders/quote.server.ts, or the order's snapshot): nothing is added up here.
 */
export function PriceSummary({ parts, totalLabel = "Total" }: { parts: PriceParts; totalLabel?: string }) {
  const row = "flex items-baseline justify-between gap-3";
  return (
    <dl className="mt-4 space-y-1 border-t border-slate-200 pt-4 text-sm text-slate-700" data-testid="price-summary">
      <div className={row}>
        <dt>Subtotal</dt>
        <dd>
          <Price value={parts.subtotal} className="font-normal" />
        </dd>
      </div>
      {parts.discount > 0 ? (
        <div className={row}>
          <dt>Discount{parts.discountCode ? ` (${parts.discountCode.code})` : ""}</dt>
          <dd className="whitespace-nowrap">
            −<Price value={parts.discount} className="font-normal" />
          </dd>
        </div>
      ) : null}
      {parts.shipping ? (
        <div className={row}>
          <dt>Shipping ({parts.shipping.method})</dt>
          <dd>
            {parts.shipping.amount === 0 ? (
              <span className="font-semibold">Free</span>
            ) : (
              <Price value={parts.shipping.amount} className="font-normal" />
            )}
          </dd>
        </div>
      ) : null}
      {parts.taxes.map((tax) => (
        <div key={tax.name} className={row}>
          <dt>{taxLabel(tax, parts.taxIncluded)}</dt>
          <dd>
            <Price value={tax.amount} className="font-normal" />
          </dd>
        </div>
      ))}
      <div className={`${row} border-t border-slate-200 pt-3 text-base`}>
        <dt className="font-semibold text-slate-900">{totalLabel}</dt>
        <dd>
          <Price value={parts.total} className="text-xl text-slate-900" />
        </dd>
      </div>
    </dl>
  );
}
