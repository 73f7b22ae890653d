import { useEffect, useRef } from "react";
import type { ProductPage } from "~/schemas/catalogue";
import type { ListingState } from "~/schemas/listing";

/** About how many values a facet's box shows on a wide screen before it scrolls. */
const IN_VIEW = 8;

/** Brand and option value checkboxes with counts, price range and availability; fields of the listing's filter form. */
export function FilterSidebar({
  params,
  facets,
  sampled = false,
  showApply,
}: {
  params: ListingState;
  facets: ProductPage["facets"];
  /** some counts are of the first 1,000 matches, not all (the API's facetsSampled) */
  sampled?: boolean;
  /** without JavaScript nothing applies by itself: show a button */
  showApply: boolean;
}) {
  const minRef = useRef<HTMLInputElement>(null);
  const maxRef = useRef<HTMLInputElement>(null);
  // number fields are typed into: sync them with the URL without remounting (that would steal the focus)
  useEffect(() => {
    for (const [ref, value] of [
      [minRef, params.minPrice],
      [maxRef, params.maxPrice],
    ] as const) {
      if (ref.current && document.activeElement !== ref.current)
        ref.current.value = value === undefined ? "" : String(value);
    }
  }, [params.minPrice, params.maxPrice]);
  // a ticked brand or option value is listed even without products (facetsWithSelected, app/web/listing.server.ts)
  return (
    <div className="space-y-6 rounded-xl border border-slate-200 bg-white p-4">
      {sampled ? <p className="text-xs text-slate-600">Some counts are of the first 1,000 matches only.</p> : null}
      <CheckboxFacet
        legend="Brand"
        name="brand"
        items={facets.brands.map((b) => [b.name, b.name, b.count])}
        selected={params.brand}
      />
      {facets.options.map((o) => (
        <CheckboxFacet
          key={o.name}
          legend={o.name}
          name="option"
          items={o.values.map((v) => [`${o.name}: ${v.value}`, v.value, v.count])}
          selected={params.option}
        />
      ))}
      <fieldset>
        <legend className="mb-2 text-sm font-semibold text-slate-900">Price (USD)</legend>
        <div className="flex items-center gap-2">
          <label className="sr-only" htmlFor="min-price">
            Minimum price
          </label>
          <input
            ref={minRef}
            id="min-price"
            name="minPrice"
            type="number"
            min={0}
            step="any"
            inputMode="decimal"
            placeholder="Min"
            defaultValue={params.minPrice ?? ""}
            className="input"
          />
          <span aria-hidden="true" className="text-slate-400">
            –
          </span>
          <label className="sr-only" htmlFor="max-price">
            Maximum price
          </label>
          <input
            ref={maxRef}
            id="max-price"
            name="maxPrice"
            type="number"
            min={0}
            step="any"
            inputMode="decimal"
            placeholder="Max"
            defaultValue={params.maxPrice ?? ""}
            className="input"
          />
        </div>
      </fieldset>
      <label htmlFor="in-stock" className="flex cursor-pointer items-center gap-2 text-sm text-slate-700">
        <input
          id="in-stock"
          type="checkbox"
          name="inStock"
          value="true"
          defaultChecked={params.inStock}
          className="h-4 w-4 rounded border-slate-300 text-brand-600"
        />
        In stock only
      </label>
      {/* hidden by CSS where scripting is on, so that it does not leave at hydration and move the results up */}
      {showApply ? (
        <button type="submit" className="btn-primary w-full [@media(scripting:enabled)]:hidden">
          Apply filters
        </button>
      ) : null}
    </div>
  );
}

/** A facet's checkboxes with counts; a long list scrolls in its box on a wide screen. */
function CheckboxFacet({
  legend,
  name,
  items,
  selected,
}: {
  legend: string;
  name: string;
  /** value, label, count */
  items: Array<[string, string, number]>;
  selected: string[];
}) {
  const on = new Set(selected.map((v) => v.toLowerCase()));
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-semibold text-slate-900">{legend}</legend>
      {items.length === 0 ? <p className="text-sm text-slate-500">No {legend.toLowerCase()}s</p> : null}
      {/* cut through a row (so a half one shows there is more), and said under it */}
      <ul className="flex flex-wrap gap-x-4 gap-y-1 lg:block lg:max-h-[19rem] lg:space-y-1 lg:overflow-y-auto lg:border-b lg:border-slate-200 lg:[scrollbar-width:thin]">
        {items.map(([value, label, count]) => {
          const id = `${name}-${value.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`;
          return (
            <li key={value}>
              <label htmlFor={id} className="flex cursor-pointer items-center gap-2 py-1 text-sm text-slate-700">
                <input
                  id={id}
                  type="checkbox"
                  name={name}
                  value={value}
                  defaultChecked={on.has(value.toLowerCase())}
                  className="h-4 w-4 rounded border-slate-300 text-brand-600"
                />
                <span>{label}</span>
                <span className="text-xs text-slate-600">({count})</span>
              </label>
            </li>
          );
        })}
      </ul>
      {items.length > IN_VIEW ? (
        <p className="mt-1 hidden text-xs text-slate-600 lg:block">
          {items.length} {legend.toLowerCase()}s: scroll the list for more
        </p>
      ) : null}
    </fieldset>
  );
}
