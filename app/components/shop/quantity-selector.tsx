import { Link } from "@remix-run/react";
import { useHydrated } from "remix-utils/use-hydrated";

/**
 * Minus, a read-only number and plus; locked when nothing is in stock. With JavaScript it is a local counter;
 * without, minus and plus are links that render the page again with ?qty=n.
 */
export function QuantitySelector({
  value,
  max,
  onChange,
  keep = {},
}: {
  value: number;
  max: number;
  onChange: (next: number) => void;
  /** the page's other parameters the links keep (the chosen variant) */
  keep?: Record<string, string>;
}) {
  const hydrated = useHydrated();
  const locked = max <= 0;
  const shown = locked ? 0 : value;
  const button =
    "inline-flex h-10 w-10 items-center justify-center text-lg font-semibold text-slate-700 hover:bg-slate-100 aria-disabled:pointer-events-none aria-disabled:opacity-40";
  const step = (next: number, label: string, symbol: string, disabled: boolean) =>
    hydrated ? (
      <button
        type="button"
        className={button}
        aria-label={label}
        disabled={disabled}
        aria-disabled={disabled}
        onClick={() => onChange(next)}
      >
        {symbol}
      </button>
    ) : (
      <Link
        to={`?${new URLSearchParams({ ...keep, qty: String(next) }).toString()}`}
        replace
        preventScrollReset
        className={button}
        aria-label={label}
        aria-disabled={disabled}
        tabIndex={disabled ? -1 : undefined}
      >
        {symbol}
      </Link>
    );
  return (
    <div className="inline-flex items-center overflow-hidden rounded-lg border border-slate-300 bg-white">
      {step(shown - 1, "Decrease quantity", "−", locked || shown <= 1)}
      <label htmlFor="quantity" className="sr-only">
        Quantity
      </label>
      <input
        id="quantity"
        name="quantity"
        type="number"
        readOnly
        value={shown}
        min={locked ? 0 : 1}
        max={max}
        className="h-10 w-14 border-x border-slate-300 text-center text-sm font-semibold [appearance:textfield] [&::-webkit-inner-spin-button]:appearance-none"
      />
      {step(shown + 1, "Increase quantity", "+", locked || shown >= max)}
    </div>
  );
}
