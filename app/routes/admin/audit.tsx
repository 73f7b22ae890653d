import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { endpoints } from "~/client/api.server";
import { GeneralErrorBoundary } from "~/components/layout/error-boundary";
import { Pager } from "~/components/ui/pager";
import { AUDIT_KINDS, AuditQuerySchema } from "~/schemas/audit";
import { requireAdmin } from "~/web/guards.server";
import { pageTitle } from "~/lib/site";
import { formatExactMoment } from "~/lib/dates";

export const meta: MetaFunction = () => [{ title: pageTitle("Audit log") }, { name: "robots", content: "noindex" }];

const FILTERS = ["person", "kind", "entityType", "entityId", "from", "to"] as const;

/** Who did what and when: every admin and staff write, newest first, filtered by a GET form (works without JS). */
export async function loader({ request }: LoaderFunctionArgs) {
  const auth = await requireAdmin(request);
  const params = Object.fromEntries(new URL(request.url).searchParams);
  const parsed = AuditQuerySchema.safeParse(params);
  const query = parsed.success ? parsed.data : AuditQuerySchema.parse({});
  const errors = parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
  const { data: log } = await auth.api(endpoints.audit.list, { query });
  const filters = Object.fromEntries(FILTERS.map((f) => [f, parsed.success ? String(query[f] ?? "") : ""]));
  return data({ log, filters, errors });
}

const json = (value: unknown) => (value === null || value === undefined ? "–" : JSON.stringify(value, null, 1));

export default function AuditPage() {
  const { log, filters, errors } = useLoaderData<typeof loader>();
  const href = (page: number) =>
    `?${new URLSearchParams({ ...Object.fromEntries(Object.entries(filters).filter(([, v]) => v)), page: String(page) })}`;
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <h1 className="text-2xl font-bold text-slate-900">Audit log</h1>
      <Form method="get" className="mt-4 flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor="person" className="label">
            Person (e-mail)
          </label>
          <input id="person" name="person" type="email" defaultValue={filters.person} className="input" />
        </div>
        <div>
          <label htmlFor="kind" className="label">
            Kind
          </label>
          <select id="kind" name="kind" defaultValue={filters.kind} className="input">
            <option value="">All kinds</option>
            {AUDIT_KINDS.map((k) => (
              <option key={k} value={k}>
                {k}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="from" className="label">
            From
          </label>
          <input id="from" name="from" type="date" defaultValue={filters.from} className="input" />
        </div>
        <div>
          <label htmlFor="to" className="label">
            To
          </label>
          <input id="to" name="to" type="date" defaultValue={filters.to} className="input" />
        </div>
        {filters.entityType ? <input type="hidden" name="entityType" value={filters.entityType} /> : null}
        {filters.entityId ? <input type="hidden" name="entityId" value={filters.entityId} /> : null}
        <button type="submit" className="btn-secondary">
          Filter
        </button>
        <p className="ml-auto text-sm text-slate-600">
          {log.totalElements} entr{log.totalElements === 1 ? "y" : "ies"}
        </p>
      </Form>
      {errors.length > 0 ? (
        <p role="alert" className="mt-3 text-sm text-red-700">
          {errors.join("; ")}
        </p>
      ) : null}
      {filters.entityType ? (
        <p className="mt-3 text-sm text-slate-700">
          History of {filters.entityType} {filters.entityId}.{" "}
          <Link to="/admin/audit" className="text-blue-700 underline hover:text-blue-900">
            Show everything
          </Link>
        </p>
      ) : null}
      {log.content.length === 0 ? <p className="mt-8 text-slate-600">Nothing recorded for this filter</p> : null}
      {log.content.length > 0 ? (
        <div className="mt-6 overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead>
              <tr className="border-b border-slate-300 text-slate-700">
                <th scope="col" className="py-2 pr-3">
                  When
                </th>
                <th scope="col" className="py-2 pr-3">
                  Who
                </th>
                <th scope="col" className="py-2 pr-3">
                  Kind
                </th>
                <th scope="col" className="py-2 pr-3">
                  What
                </th>
                <th scope="col" className="py-2 pr-3">
                  Before
                </th>
                <th scope="col" className="py-2">
                  After
                </th>
              </tr>
            </thead>
            <tbody>
              {log.content.map((entry) => (
                <tr key={entry.id} className="border-b border-slate-200 align-top" data-testid="audit-entry">
                  <td className="py-2 pr-3 whitespace-nowrap">{formatExactMoment(entry.at)}</td>
                  <td className="py-2 pr-3 break-all">{entry.actorEmail ?? `user ${entry.actorId}`}</td>
                  <td className="py-2 pr-3 whitespace-nowrap">{entry.kind}</td>
                  <td className="py-2 pr-3 whitespace-nowrap">
                    {entry.entityType} {entry.entityId}
                  </td>
                  <td className="py-2 pr-3">
                    <pre className="max-w-xs overflow-x-auto text-xs whitespace-pre-wrap">{json(entry.before)}</pre>
                  </td>
                  <td className="py-2">
                    <pre className="max-w-xs overflow-x-auto text-xs whitespace-pre-wrap">{json(entry.after)}</pre>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <Pager page={log.page} totalPages={log.totalPages} href={href} />
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
