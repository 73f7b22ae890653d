import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { endpoints } from "~/client/api.server";
import { GeneralErrorBoundary } from "~/components/layout/error-boundary";
import { pageTitle } from "~/lib/site";
import { RETURN_STATUS_LABELS, RETURN_STATUSES } from "~/schemas/return-constants";
import { AdminReturnsQuerySchema } from "~/schemas/returns";
import { requireAdmin } from "~/web/guards.server";
import { formatMoment } from "~/lib/dates";

export const meta: MetaFunction = () => [{ title: pageTitle("Returns") }, { name: "robots", content: "noindex" }];

/** Every return, filtered by status in the URL (docs/decisions/0044-returns.md). */
export async function loader({ request }: LoaderFunctionArgs) {
  const auth = await requireAdmin(request);
  const parsed = AdminReturnsQuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  const status = parsed.success ? parsed.data.status : undefined;
  const { data: returns } = await auth.api(endpoints.returns.list, { query: { status } });
  return data({ returns, status: status ?? "" });
}

export default function AdminReturns() {
  const { returns, status } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-5xl px-4 py-8">
      <h1 className="text-2xl font-bold text-slate-900">Returns</h1>
      <p className="mt-2 text-slate-600">
        Shoppers&apos; requests to send items back, and returns opened by a withdrawal from the contract. Approve or
        reject each, mark the parcel received (choosing what goes back on sale), then refund it.
      </p>
      <Form method="get" className="mt-4 flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor="status" className="block text-sm font-medium text-slate-900">
            Status
          </label>
          <select id="status" name="status" defaultValue={status} className="input mt-1">
            <option value="">All</option>
            {RETURN_STATUSES.map((s) => (
              <option key={s} value={s}>
                {RETURN_STATUS_LABELS[s]}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="btn-secondary">
          Show
        </button>
      </Form>
      {returns.length === 0 ? <p className="mt-6 text-slate-600">No returns here.</p> : null}
      <ul className="mt-6 divide-y divide-slate-200">
        {returns.map((ret) => (
          <li key={ret.id} className="py-3" data-testid="admin-return">
            <p className="font-medium text-slate-900">
              <Link to={`/admin/returns/${ret.id}`} className="text-brand-700 underline">
                Return {ret.number}
              </Link>{" "}
              · order #{ret.orderId} · {ret.statusLabel}
            </p>
            <p className="text-sm text-slate-600">
              {ret.customerEmail || "a deleted account"} · {ret.reasonLabel} ·{" "}
              {ret.lines.reduce((sum, line) => sum + line.quantity, 0)} item(s) · asked {formatMoment(ret.createdAt)}
            </p>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
