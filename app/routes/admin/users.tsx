import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { endpoints } from "~/client/api.server";
import { GeneralErrorBoundary } from "~/components/layout/error-boundary";
import { Pager } from "~/components/ui/pager";
import { useIsPending } from "~/hooks/use-is-pending";
import { AdminUsersQuerySchema, GRANTABLE_ROLE_NAMES, ROLE_LABELS, RoleChangeFormSchema } from "~/schemas/staff";
import { attempt, intentReply, loadOrThrow, outcomeReply, readForm } from "~/web/actions.server";
import { requireAdmin } from "~/web/guards.server";
import { pageTitle } from "~/lib/site";

export const meta: MetaFunction = () => [{ title: pageTitle("Users") }, { name: "robots", content: "noindex" }];

/** The admin's users page: find people by e-mail or name, grant and remove the staff and admin roles. */
export async function loader({ request }: LoaderFunctionArgs) {
  const auth = await requireAdmin(request);
  const parsed = AdminUsersQuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  const query = parsed.success ? parsed.data : { q: undefined, page: 1, size: 25 };
  // a search the API cannot read (a control character) is the page's 400, not a failure of ours
  const { data: users } = await loadOrThrow(
    auth.api(endpoints.staff.users, { query: { q: query.q, page: query.page } }),
  );
  return data({ users, q: query.q ?? "", me: auth.userId });
}

export async function action({ request }: ActionFunctionArgs) {
  const auth = await requireAdmin(request);
  const form = await readForm(request);
  const back = `/admin/users${new URL(request.url).search}`;
  const parsed = RoleChangeFormSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) return intentReply(auth, form, back, { ok: false, message: "Choose a person and a role." });
  const { userId, role, grant } = parsed.data;
  const outcome = await attempt(auth.api(endpoints.staff.changeRole, { params: { userId }, body: { role, grant } }));
  return outcomeReply(auth, form, back, outcome);
}

export default function AdminUsers() {
  const { users, q, me } = useLoaderData<typeof loader>();
  const busy = useIsPending();
  const href = (page: number) => `?${new URLSearchParams({ ...(q ? { q } : {}), page: String(page) })}`;
  return (
    <div className="mx-auto max-w-5xl px-4 py-8">
      <h1 className="text-2xl font-bold text-slate-900">Users</h1>
      <p className="mt-1 text-sm text-slate-600">
        Staff see orders and move them to Preparing, Shipped and Delivered, and set stock. Administrators do everything.
        A change shows within a few minutes, at the person&apos;s next sign-in refresh.
      </p>
      <Form method="get" className="mt-4 flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor="q" className="label">
            E-mail or name
          </label>
          <input id="q" name="q" type="search" defaultValue={q} className="input" />
        </div>
        <button type="submit" className="btn-secondary">
          Find
        </button>
        <p className="ml-auto text-sm text-slate-600">
          {users.totalElements} account{users.totalElements === 1 ? "" : "s"}
        </p>
      </Form>
      {users.content.length === 0 ? <p className="mt-8 text-slate-600">No accounts found</p> : null}
      <ul className="mt-6 divide-y divide-slate-200">
        {users.content.map((user) => (
          <li key={user.id} className="flex flex-wrap items-center gap-3 py-3" data-testid="admin-user">
            <div className="min-w-56 flex-1">
              <p className="font-medium break-all text-slate-900">{user.email}</p>
              <p className="text-sm text-slate-600">
                {user.name}
                {user.id === me ? " (you)" : ""} ·{" "}
                {GRANTABLE_ROLE_NAMES.filter((r) => user.roles.includes(r))
                  .map((r) => ROLE_LABELS[r])
                  .join(", ") || "Shopper"}
              </p>
            </div>
            <Form method="post" className="flex flex-wrap gap-2">
              <input type="hidden" name="userId" value={user.id} />
              {GRANTABLE_ROLE_NAMES.map((role) => {
                const has = user.roles.includes(role);
                // an admin cannot remove their own admin role: the button is not offered (the API refuses it too)
                if (has && role === "ROLE_ADMIN" && user.id === me) return null;
                // an administrator already has every right staff has: "Make staff" would change nothing they can do
                if (!has && role === "ROLE_STAFF" && user.roles.includes("ROLE_ADMIN")) return null;
                return (
                  <button
                    key={role}
                    type="submit"
                    name="change"
                    value={`${role}:${has ? "remove" : "grant"}`}
                    disabled={busy}
                    className={has ? "btn-secondary" : "btn-primary"}
                    aria-label={`${has ? "Remove" : "Make"} ${ROLE_LABELS[role].toLowerCase()}: ${user.email}`}
                  >
                    {has ? `Remove ${ROLE_LABELS[role].toLowerCase()}` : `Make ${ROLE_LABELS[role].toLowerCase()}`}
                  </button>
                );
              })}
            </Form>
          </li>
        ))}
      </ul>
      <Pager page={users.page} totalPages={users.totalPages} href={href} />
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
