import { formatPrice } from "~/lib/money";
import type { QuoteDto } from "~/schemas/orders";

const OPTION =
  "flex cursor-pointer items-start gap-3 rounded-lg border border-slate-300 p-3 text-sm has-[:checked]:border-blue-700 has-[:checked]:bg-blue-50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-blue-600";

/**
 * The checkout's shipping methods for the address chosen above, as radio buttons of the checkout form. With
 * JavaScript a change re-prices the page at once; without, Pay Now re-prices first when the choice changed the total
 * (the page comes back with the new total to pay).
 */
export function ShippingMethods({ quote, disabled }: { quote: QuoteDto; disabled?: boolean }) {
  if (!quote.shipsByZone) return null;
  if (!quote.shippable) {
    return (
      <p role="alert" className="mt-4 rounded-lg border border-red-200 bg-red-50 p-3 text-sm font-medium text-red-900">
        {quote.destination
          ? "Sorry, we cannot ship this order to this address. Please choose another address."
          : "Choose where your order ships to: the shipping cost depends on it."}
      </p>
    );
  }
  const chosen = quote.shipping?.methodId;
  return (
    <fieldset className="mt-4 border-t border-slate-200 pt-4" disabled={disabled}>
      <legend className="text-base font-semibold text-slate-900">Shipping method</legend>
      <div className="mt-2 space-y-2">
        {quote.methods.map((method) => (
          <label key={method.id} className={OPTION}>
            <input
              type="radio"
              name="shippingMethodId"
              value={method.id}
              defaultChecked={method.id === chosen}
              disabled={method.amount === null}
              className="mt-1"
            />
            <span className="min-w-0 flex-1">
              <span className="flex justify-between gap-2">
                <span className="font-medium text-slate-900">{method.name}</span>
                <span className="font-semibold tabular-nums">
                  {method.amount === null ? "Not available" : method.amount === 0 ? "Free" : formatPrice(method.amount)}
                </span>
              </span>
              {method.deliveryTime ? <span className="block text-slate-600">{method.deliveryTime}</span> : null}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
