import type { CreditNoteDto, InvoiceDto, SellerDto } from "~/schemas/invoices";
import { formatPrice } from "~/lib/money";
import { taxLabel } from "~/lib/price-lines";
import { formatDay } from "~/lib/dates";

type Document = (InvoiceDto | CreditNoteDto) & { tax?: number };

const money = (amount: number, credit: boolean) =>
  credit && amount !== 0 ? `−${formatPrice(amount)}` : formatPrice(amount);

function SellerBlock({ seller }: { seller: SellerDto }) {
  return (
    <address className="not-italic text-sm text-slate-700" data-testid="document-seller">
      <span className="block font-semibold text-slate-900">{seller.legalName || "Seller details not set"}</span>
      {seller.address ? <span className="block whitespace-pre-line">{seller.address}</span> : null}
      {seller.taxId ? <span className="block">VAT ID / tax number: {seller.taxId}</span> : null}
      {seller.email ? <span className="block">{seller.email}</span> : null}
    </address>
  );
}

/**
 * An invoice or a credit note, as printed: every figure is the server's, read from the order's snapshot (decision
 * 0042); a credit note shows its amounts as credits. Printable as it stands (print CSS hides the shop's navigation).
 */
export function BusinessDocument({
  document,
  title,
  credit = false,
}: {
  document: Document;
  title: string;
  credit?: boolean;
}) {
  const cell = "px-2 py-1.5";
  return (
    <article
      className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm print:break-after-page print:rounded-none print:border-0 print:p-0 print:shadow-none"
      aria-labelledby={`document-${document.number}`}
      data-testid="business-document"
    >
      <header className="flex flex-wrap items-start justify-between gap-6">
        <div>
          <h1 id={`document-${document.number}`} className="text-2xl font-bold text-slate-900">
            {title} <span data-testid="document-number">{document.number}</span>
          </h1>
          <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 text-sm text-slate-700">
            <dt>Date</dt>
            <dd>
              <time dateTime={document.issuedAt}>{formatDay(document.issuedAt)}</time>
            </dd>
            <dt>Order</dt>
            <dd>#{document.orderId}</dd>
            {"invoiceNumber" in document ? (
              <>
                <dt>Corrects invoice</dt>
                <dd>{document.invoiceNumber}</dd>
              </>
            ) : null}
          </dl>
        </div>
        <SellerBlock seller={document.seller} />
      </header>

      <section aria-label="Billed to" className="mt-6 text-sm text-slate-700">
        <h2 className="font-semibold text-slate-900">Billed to</h2>
        <address className="not-italic" data-testid="document-buyer">
          {document.buyer.name ? <span className="block">{document.buyer.name}</span> : null}
          {document.buyer.address.map((line) => (
            <span key={line} className="block">
              {line}
            </span>
          ))}
          {document.buyer.email ? <span className="block">{document.buyer.email}</span> : null}
        </address>
      </section>

      <table className="mt-6 w-full text-left text-sm" data-testid="document-lines">
        <caption className="sr-only">{credit ? "Lines credited" : "Lines invoiced"}</caption>
        <thead className="border-b border-slate-300 text-slate-900">
          <tr>
            <th scope="col" className={cell}>
              Item
            </th>
            <th scope="col" className={`${cell} text-right`}>
              Quantity
            </th>
            <th scope="col" className={`${cell} text-right`}>
              Unit price
            </th>
            <th scope="col" className={`${cell} text-right`}>
              Amount
            </th>
          </tr>
        </thead>
        <tbody>
          {document.lines.map((line, index) => (
            <tr key={index} className="border-b border-slate-100">
              <td className={cell}>
                {line.productBrand} {line.productName}
                {line.variantLabel ? <span className="block text-xs text-slate-600">{line.variantLabel}</span> : null}
              </td>
              <td className={`${cell} text-right tabular-nums`}>{line.quantity}</td>
              <td className={`${cell} text-right tabular-nums`}>{formatPrice(line.unitPrice)}</td>
              <td className={`${cell} text-right tabular-nums`}>{money(line.total, credit)}</td>
            </tr>
          ))}
        </tbody>
      </table>

      <dl className="ml-auto mt-4 max-w-xs space-y-1 text-sm text-slate-700" data-testid="document-totals">
        <div className="flex justify-between gap-3">
          <dt>Subtotal</dt>
          <dd className="tabular-nums">{money(document.subtotal, credit)}</dd>
        </div>
        {document.discount > 0 ? (
          <div className="flex justify-between gap-3">
            <dt>Discount</dt>
            <dd className="tabular-nums">
              {credit ? formatPrice(document.discount) : `−${formatPrice(document.discount)}`}
            </dd>
          </div>
        ) : null}
        {document.shipping ? (
          <div className="flex justify-between gap-3">
            <dt>Shipping ({document.shipping.method})</dt>
            <dd className="tabular-nums">{money(document.shipping.amount, credit)}</dd>
          </div>
        ) : null}
        {document.taxes.map((tax) => (
          <div key={`${tax.name}-${tax.rate}`} className="flex justify-between gap-3">
            <dt>{document.taxIncluded ? taxLabel(tax, true) : `${tax.name} ${tax.rate}%`}</dt>
            <dd className="tabular-nums">{money(tax.amount, credit)}</dd>
          </div>
        ))}
        <div className="flex justify-between gap-3 border-t border-slate-300 pt-1 text-base font-bold text-slate-900">
          <dt>{credit ? "Total credited" : "Total"}</dt>
          <dd className="tabular-nums" data-testid="document-total">
            {money(document.total, credit)}
          </dd>
        </div>
      </dl>
      {document.taxes.length === 0 ? null : (
        <p className="mt-2 text-right text-xs text-slate-600">
          {document.taxIncluded ? "Prices include tax." : "Tax is added to the prices."}
        </p>
      )}
      <p className="mt-6 text-xs text-slate-600">Amounts in {document.currency}.</p>
    </article>
  );
}
