import { Form } from "@remix-run/react";
import type { QuoteDto } from "~/schemas/orders";
import { Price } from "./price";

/**
 * What the cart's total after the code holds: tax once a destination is priced (or in the prices), shipping once a
 * method is priced for it (none is when no method serves the destination).
 */
export function totalCovers(quote: Pick<QuoteDto, "destination" | "taxIncluded" | "shipping">): string {
  const shipping = quote.shipping !== null;
  if (quote.destination) return shipping ? "with shipping and tax." : "with tax, before shipping.";
  return quote.taxIncluded ? "before shipping (tax included)." : "before shipping and tax.";
}

/**
 * The cart's discount code (decision 0040): a plain form to apply one (its refusal next to the field), or the applied
 * code with what it takes off (or why it gives nothing now) and a Remove button. Works without JavaScript.
 */
export function DiscountCodeForm({
  quote,
  error,
  typed,
}: {
  quote: Pick<
    QuoteDto,
    "discount" | "subtotal" | "total" | "discountCode" | "destination" | "taxIncluded" | "shipping"
  >;
  error?: string;
  typed?: string;
}) {
  const applied = quote.discountCode;
  return (
    <section
      aria-labelledby="discount-code"
      className="mt-6 rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
      data-testid="discount-code"
    >
      <h2 id="discount-code" className="text-lg font-semibold text-slate-900">
        Discount code
      </h2>
      {applied ? (
        <div className="mt-3 flex flex-wrap items-center justify-between gap-3 text-sm">
          <p className="text-slate-700">
            <span className="font-semibold text-slate-900" data-testid="applied-code">
              {applied.code}
            </span>
            {applied.description ? ` · ${applied.description}` : ""}
            {applied.refusal ? (
              <span className="block font-medium text-red-700" role="alert">
                {applied.refusal}
              </span>
            ) : quote.discount > 0 ? (
              <span className="block">
                You save <Price value={quote.discount} className="font-semibold" />: the cart comes to{" "}
                <Price value={quote.total} className="font-semibold" /> {totalCovers(quote)}
              </span>
            ) : null}
          </p>
          <Form method="post" preventScrollReset>
            <input type="hidden" name="intent" value="discount-remove" />
            <button type="submit" className="btn-secondary">
              Remove code
            </button>
          </Form>
        </div>
      ) : null}
      {/* keyed by the applied code: once one is applied the field starts empty again */}
      <Form
        key={applied?.code ?? ""}
        method="post"
        className="mt-3 flex flex-wrap items-start gap-3"
        preventScrollReset
      >
        <input type="hidden" name="intent" value="discount-apply" />
        <div className="text-sm text-slate-700">
          <label className="block font-medium" htmlFor="discount-code-field">
            {applied ? "Another code" : "Code"}
          </label>
          <input
            id="discount-code-field"
            name="code"
            defaultValue={typed ?? ""}
            maxLength={100}
            autoComplete="off"
            autoCapitalize="characters"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "discount-code-error" : undefined}
            className="input mt-1 w-48"
          />
          {error ? (
            <span id="discount-code-error" role="alert" className="mt-1 block text-sm font-medium text-red-700">
              {error}
            </span>
          ) : null}
        </div>
        <button type="submit" className="btn-secondary mt-6">
          Apply
        </button>
      </Form>
    </section>
  );
}
