import { Form } from "@remix-run/react";
import type { QuoteDto } from "~/schemas/orders";
import { formatPrice } from "~/lib/money";
import { PriceSummary } from "./price-summary";

/**
 * The cart's estimate of shipping and tax for a country: a GET form (works without JavaScript), and what the cart
 * would cost there by its first method, with the other methods listed. The checkout prices the chosen address.
 */
export function ShippingEstimate({
  quote,
  countries,
}: {
  quote: QuoteDto;
  countries: Array<{ code: string; name: string }>;
}) {
  const country = quote.destination?.country ?? "";
  return (
    <section
      aria-labelledby="shipping-estimate"
      className="mt-6 rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <h2 id="shipping-estimate" className="text-lg font-semibold text-slate-900">
        Estimate shipping and tax
      </h2>
      <Form method="get" className="mt-3 flex flex-wrap items-end gap-3" preventScrollReset>
        <label className="text-sm text-slate-700">
          <span className="block font-medium">Country</span>
          <select name="country" defaultValue={country} className="input mt-1">
            <option value="">Choose a country</option>
            {countries.map((c) => (
              <option key={c.code} value={c.code}>
                {c.name}
              </option>
            ))}
          </select>
        </label>
        <label className="text-sm text-slate-700">
          <span className="block font-medium">State (optional)</span>
          <input
            name="state"
            defaultValue={quote.destination?.state ?? ""}
            maxLength={100}
            className="input mt-1 w-28"
          />
        </label>
        <button type="submit" className="btn-secondary">
          Estimate
        </button>
      </Form>
      {quote.destination ? (
        quote.shippable ? (
          <>
            {quote.methods.length > 0 ? (
              <ul className="mt-3 space-y-1 text-sm text-slate-700">
                {quote.methods.map((method) => (
                  <li key={method.id}>
                    {method.name}:{" "}
                    {method.amount === null
                      ? "not available for this cart"
                      : method.amount === 0
                        ? "free"
                        : formatPrice(method.amount)}
                    {method.deliveryTime ? ` (${method.deliveryTime})` : ""}
                  </li>
                ))}
              </ul>
            ) : null}
            <PriceSummary parts={quote} totalLabel="Estimated total" />
          </>
        ) : (
          <p role="status" className="mt-3 text-sm font-medium text-red-800">
            Sorry, we do not ship to this country.
          </p>
        )
      ) : null}
    </section>
  );
}
