import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { endpoints } from "~/client/api.server";
import { SalesChart, SalesTable } from "~/components/admin/sales-chart";
import { GeneralErrorBoundary } from "~/components/layout/error-boundary";
import { formatPrice } from "~/lib/money";
import { pageTitle } from "~/lib/site";
import { DASHBOARD_PERIODS, DashboardQuerySchema, type Sales } from "~/schemas/reports";
import { requireAdmin } from "~/web/guards.server";

export const meta: MetaFunction = () => [{ title: pageTitle("Dashboard") }, { name: "robots", content: "noindex" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const auth = await requireAdmin(request);
  // a period the dashboard does not offer (a hand-edited URL) shows the default one
  const query = DashboardQuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  const days = query.success ? query.data.days : 30;
  const { data: dashboard } = await auth.api(endpoints.reports.dashboard, { query: { days } });
  return data(dashboard);
}

/** "+12% on the 30 days before", or what there is to say when the period before had nothing. */
function change(now: number, before: number): { text: string; tone: string } {
  if (before === 0) return { text: now === 0 ? "no change" : "new", tone: "text-slate-600" };
  const percent = Math.round(((now - before) / before) * 100);
  if (percent === 0) return { text: "no change", tone: "text-slate-600" };
  return percent > 0
    ? { text: `▲ ${percent}%`, tone: "text-emerald-700" }
    : { text: `▼ ${Math.abs(percent)}%`, tone: "text-red-700" };
}

function Figure({
  label,
  now,
  before,
  days,
  show,
}: {
  label: string;
  now: number;
  before: number;
  days: number;
  show: (n: number) => string;
}) {
  const delta = change(now, before);
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-4">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="mt-1 text-2xl font-semibold tabular-nums text-slate-900">{show(now)}</dd>
      <dd className="mt-1 text-sm">
        <span className={`font-medium ${delta.tone}`}>{delta.text}</span>{" "}
        <span className="text-slate-600">
          against the {days} days before ({show(before)})
        </span>
      </dd>
    </div>
  );
}

const salesFigures: Array<{ label: string; of: (s: Sales) => number; show: (n: number) => string }> = [
  { label: "Revenue", of: (s) => s.revenue, show: formatPrice },
  { label: "Orders", of: (s) => s.orders, show: String },
  { label: "Average order value", of: (s) => s.averageOrderValue, show: formatPrice },
];

function Attention({ to, label, count, detail }: { to: string; label: string; count: number; detail: string }) {
  return (
    <li>
      <Link
        to={to}
        className={`block rounded-xl border p-4 hover:shadow-sm ${count > 0 ? "border-amber-300 bg-amber-50" : "border-slate-200 bg-white"}`}
      >
        <span className="block text-sm text-slate-600">{label}</span>
        <span className="block text-2xl font-semibold tabular-nums text-slate-900">{count}</span>
        <span className="block text-sm text-slate-600">{detail}</span>
      </Link>
    </li>
  );
}

/** A section of the dashboard's reports: its heading and the link to the same figures as CSV. */
function ReportSection({
  id,
  title,
  csvHref,
  children,
}: {
  id: string;
  title: string;
  csvHref: string;
  children: React.ReactNode;
}) {
  return (
    <section aria-labelledby={id}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={id} className="text-xl font-semibold text-slate-900">
          {title}
        </h2>
        <a href={csvHref} className="text-sm font-medium text-brand-700 underline" download>
          Download as CSV
        </a>
      </div>
      {children}
    </section>
  );
}

type SalesRow = { key: string; name: string; href: string | null; detail: string; units: number; revenue: number };

/** Units and revenue per product (or per option), best first; a deleted product is named, not linked. */
function BestSellers({ firstColumn, empty, rows }: { firstColumn: string; empty: string; rows: SalesRow[] }) {
  if (rows.length === 0) return <p className="mt-3 text-slate-600">{empty}</p>;
  return (
    <table className="mt-3 w-full text-left text-sm">
      <caption className="sr-only">{firstColumn}: units sold and revenue before discount codes</caption>
      <thead className="text-slate-600">
        <tr>
          <th scope="col" className="py-2 font-medium">
            {firstColumn}
          </th>
          <th scope="col" className="py-2 text-right font-medium">
            Units
          </th>
          <th scope="col" className="py-2 text-right font-medium">
            Revenue
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.key} className="border-t border-slate-100">
            <th scope="row" className="py-2 pr-2 font-normal">
              {row.href !== null ? (
                <Link to={row.href} className="text-brand-700 underline">
                  {row.name}
                </Link>
              ) : (
                `${row.name} (deleted)`
              )}
              <span className="block text-xs text-slate-500">{row.detail}</span>
            </th>
            <td className="py-2 text-right tabular-nums">{row.units}</td>
            <td className="py-2 text-right tabular-nums">{formatPrice(row.revenue)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export default function AdminDashboard() {
  const dashboard = useLoaderData<typeof loader>();
  const { days } = dashboard;
  const csv = (table: string) => `/admin/dashboard.csv?days=${days}&table=${table}`;
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h1 className="text-2xl font-bold text-slate-900">Dashboard</h1>
        <nav aria-label="Period" className="flex gap-1 rounded-lg border border-slate-200 bg-white p-1">
          {DASHBOARD_PERIODS.map((period) => (
            <Link
              key={period}
              to={`/admin?days=${period}`}
              aria-current={period === days ? "page" : undefined}
              className={`rounded-md px-3 py-1.5 text-sm font-medium ${period === days ? "bg-brand-600 text-white" : "text-slate-700 hover:bg-slate-100"}`}
            >
              {period} days
            </Link>
          ))}
        </nav>
      </div>
      <p className="mt-2 text-sm text-slate-600">
        Orders placed from {dashboard.from} to today (UTC days), cancelled orders left out.
      </p>

      <dl className="mt-6 grid gap-4 sm:grid-cols-3">
        {salesFigures.map((figure) => (
          <Figure
            key={figure.label}
            label={figure.label}
            now={figure.of(dashboard.current)}
            before={figure.of(dashboard.previous)}
            days={days}
            show={figure.show}
          />
        ))}
      </dl>

      <section aria-labelledby="sales-heading" className="mt-8">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="sales-heading" className="text-xl font-semibold text-slate-900">
            Revenue per day
          </h2>
          <a href={csv("daily")} className="text-sm font-medium text-brand-700 underline" download>
            Download as CSV
          </a>
        </div>
        <div className="mt-3 grid gap-4 lg:grid-cols-[2fr_1fr]">
          <div className="rounded-xl border border-slate-200 bg-white p-4">
            <SalesChart dashboard={dashboard} />
          </div>
          <SalesTable dashboard={dashboard} />
        </div>
      </section>

      <section aria-labelledby="attention-heading" className="mt-8">
        <h2 id="attention-heading" className="text-xl font-semibold text-slate-900">
          Needs attention
        </h2>
        <ul className="mt-3 grid gap-4 sm:grid-cols-3">
          <Attention
            to="/admin/products?lowStock=true"
            label="Low stock"
            count={dashboard.lowStock.count}
            detail={`products with ${dashboard.lowStock.threshold} or fewer left`}
          />
          <Attention
            to="/admin/refunds"
            label="Refunds owed"
            count={dashboard.refunds.owedCount}
            detail={
              dashboard.refunds.owedCount === 0
                ? "nothing owed"
                : `${formatPrice(dashboard.refunds.owedAmount)}; ${dashboard.refunds.failingCount} refused at least once`
            }
          />
          <Attention
            to="/admin/mail"
            label="Mail not sent"
            count={dashboard.mail.failedCount}
            detail="messages the shop gave up sending"
          />
        </ul>
      </section>

      <div className="mt-8 grid gap-8 lg:grid-cols-2">
        <ReportSection id="best-heading" title="Best sellers" csvHref={csv("products")}>
          <BestSellers
            firstColumn="Product"
            empty={`No sales in these ${days} days.`}
            rows={dashboard.topProducts.map((product) => ({
              key: `${product.productId}-${product.name}`,
              name: product.name,
              href: product.productId !== null ? `/product/${product.productId}/details` : null,
              detail: product.brand,
              units: product.units,
              revenue: product.revenue,
            }))}
          />
        </ReportSection>

        <ReportSection id="variants-heading" title="Best-selling options" csvHref={csv("variants")}>
          <BestSellers
            firstColumn="Product and option"
            empty={`No product with options sold in these ${days} days.`}
            rows={dashboard.topVariants.map((line) => ({
              key: `${line.variantId}-${line.name}-${line.variant}`,
              name: line.name,
              href:
                line.productId !== null && line.variantId !== null
                  ? `/product/${line.productId}/details?variant=${line.variantId}`
                  : null,
              detail: line.variant,
              units: line.units,
              revenue: line.revenue,
            }))}
          />
        </ReportSection>

        <ReportSection id="low-heading" title="Lowest stock" csvHref={csv("low-stock")}>
          {dashboard.lowStock.products.length === 0 ? (
            <p className="mt-3 text-slate-600">Every product has more than {dashboard.lowStock.threshold} left.</p>
          ) : (
            <ul className="mt-3 divide-y divide-slate-100 text-sm">
              {dashboard.lowStock.products.map((product) => (
                <li key={product.id} className="flex items-baseline justify-between gap-4 py-2">
                  <Link to={`/update-product/${product.id}/update`} className="text-brand-700 underline">
                    {product.name}
                  </Link>
                  <span className={`tabular-nums ${product.inventory === 0 ? "font-semibold text-red-700" : ""}`}>
                    {product.inventory === 0 ? "sold out" : `${product.inventory} left`}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </ReportSection>
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
