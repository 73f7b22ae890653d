import { formatPrice } from "~/lib/money";
import type { DashboardDto } from "~/schemas/reports";

const WIDTH = 720;
const HEIGHT = 200;
const LEFT = 56;
const BOTTOM = 24;

const shortDate = (iso: string) =>
  new Date(`${iso}T00:00:00Z`).toLocaleDateString("en-US", { month: "short", day: "numeric", timeZone: "UTC" });

/** A round top for the axis: 1, 2 or 5 times a power of ten, at or above the highest value. */
function axisTop(max: number): number {
  if (max <= 0) return 10;
  const power = 10 ** Math.floor(Math.log10(max));
  return [1, 2, 5, 10].map((step) => step * power).find((top) => top >= max)!;
}

/**
 * Revenue per day as bars, drawn on the server as inline SVG (no chart library, nothing to run in the browser). The
 * figures are in the table beside it (SalesTable); the SVG is a picture of them, with a one-line summary for screen
 * readers.
 */
export function SalesChart({ dashboard }: { dashboard: DashboardDto }) {
  const { daily } = dashboard;
  const top = axisTop(Math.max(...daily.map((d) => d.revenue)));
  const plotWidth = WIDTH - LEFT - 8;
  const plotHeight = HEIGHT - BOTTOM - 8;
  const slot = plotWidth / daily.length;
  const bar = Math.max(1, slot * 0.7);
  const best = daily.reduce((a, b) => (b.revenue > a.revenue ? b : a), daily[0]!);
  const summary =
    `Revenue per day, ${shortDate(dashboard.from)} to ${shortDate(daily.at(-1)!.date)}: ` +
    `${formatPrice(dashboard.current.revenue)} in total` +
    (best.revenue > 0 ? `, highest ${formatPrice(best.revenue)} on ${shortDate(best.date)}.` : ", no sales.");
  // a label under every few bars: about eight along the axis
  const labelEvery = Math.max(1, Math.ceil(daily.length / 8));
  return (
    <svg
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      role="img"
      aria-label={summary}
      className="h-auto w-full text-brand-600"
      data-testid="sales-chart"
    >
      {[0, 0.5, 1].map((f) => {
        const y = 8 + plotHeight * (1 - f);
        return (
          <g key={f}>
            <line x1={LEFT} x2={WIDTH - 8} y1={y} y2={y} className="stroke-slate-200" strokeWidth={1} />
            <text x={LEFT - 6} y={y + 4} textAnchor="end" className="fill-slate-500 text-[11px]">
              {formatPrice(top * f).replace(/\.00$/, "")}
            </text>
          </g>
        );
      })}
      {daily.map((day, index) => {
        const height = (day.revenue / top) * plotHeight;
        const x = LEFT + index * slot + (slot - bar) / 2;
        return (
          <g key={day.date}>
            <rect x={x} y={8 + plotHeight - height} width={bar} height={height} className="fill-current" rx={1}>
              <title>{`${shortDate(day.date)}: ${formatPrice(day.revenue)}, ${day.orders} order${day.orders === 1 ? "" : "s"}`}</title>
            </rect>
            {index % labelEvery === 0 ? (
              <text x={x + bar / 2} y={HEIGHT - 6} textAnchor="middle" className="fill-slate-500 text-[11px]">
                {shortDate(day.date)}
              </text>
            ) : null}
          </g>
        );
      })}
    </svg>
  );
}

const SCROLL_BOX = "max-h-80 overflow-y-auto rounded-lg border border-slate-200";

/** The chart's figures: a row per day, newest first. */
export function SalesTable({ dashboard }: { dashboard: DashboardDto }) {
  return (
    // a box that scrolls is reached by the keyboard too (a group, named by the table's caption)
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable box must be focusable (WCAG 2.1.1)
    <div role="group" aria-labelledby="sales-table-caption" tabIndex={0} className={SCROLL_BOX}>
      <table className="w-full text-left text-sm">
        <caption id="sales-table-caption" className="sr-only">
          Sales per day
        </caption>
        <thead className="sticky top-0 bg-slate-50 text-slate-600">
          <tr>
            <th scope="col" className="px-3 py-2 font-medium">
              Day
            </th>
            <th scope="col" className="px-3 py-2 text-right font-medium">
              Orders
            </th>
            <th scope="col" className="px-3 py-2 text-right font-medium">
              Revenue
            </th>
            <th scope="col" className="px-3 py-2 text-right font-medium">
              Average
            </th>
          </tr>
        </thead>
        <tbody>
          {[...dashboard.daily].reverse().map((day) => (
            <tr key={day.date} className="border-t border-slate-100">
              <th scope="row" className="px-3 py-1.5 font-normal text-slate-700">
                {shortDate(day.date)}
              </th>
              <td className="px-3 py-1.5 text-right tabular-nums">{day.orders}</td>
              <td className="px-3 py-1.5 text-right tabular-nums">{formatPrice(day.revenue)}</td>
              <td className="px-3 py-1.5 text-right tabular-nums">
                {day.orders ? formatPrice(day.averageOrderValue) : "–"}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
