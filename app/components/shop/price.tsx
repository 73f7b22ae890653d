import { formatPrice } from "~/lib/money";

export function Price({ value, className = "" }: { value: number; className?: string }) {
  return <span className={`font-semibold tabular-nums ${className}`}>{formatPrice(value)}</span>;
}

/**
 * The regular price struck through beside a sale price: "was $89.99" on screen, "Regular price $89.99" to a screen
 * reader (a <del> alone is not announced by most). Nothing when there is no regular price to show.
 */
export function WasPrice({ value, className = "" }: { value: number | null; className?: string }) {
  if (value === null) return null;
  return (
    <span className={`text-sm font-normal text-slate-500 ${className}`} data-testid="was-price">
      <span className="sr-only">Regular price </span>
      <span aria-hidden="true">was </span>
      <del className="tabular-nums">{formatPrice(value)}</del>
    </span>
  );
}
