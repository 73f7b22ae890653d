import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { endpoints } from "~/client/api.server";
import { described, FieldBox } from "~/components/admin/field";
import { GeneralErrorBoundary } from "~/components/layout/error-boundary";
import { useIsPending } from "~/hooks/use-is-pending";
import { PolicyPageInputSchema, PolicySlugSchema, POLICY_BODY_MAX } from "~/schemas/policies";
import { attempt, fieldErrorsOf, intentReply, outcomeReply, readForm } from "~/web/actions.server";
import { requireAdmin } from "~/web/guards.server";
import { pageTitle } from "~/lib/site";
import { formatMoment } from "~/lib/dates";

// The admin edits the shop's policy pages (docs/decisions/0043-policy-pages.md): one form per page, each in a native
// <details> so it opens without JavaScript; the text is Markdown, shown to shoppers with raw HTML as plain text.

export const meta: MetaFunction = () => [{ title: pageTitle("Shop pages") }, { name: "robots", content: "noindex" }];

const BACK = "/admin/pages";

export async function loader({ request }: LoaderFunctionArgs) {
  const auth = await requireAdmin(request);
  const { data: list } = await auth.api(endpoints.pages.list, {});
  const pages = await Promise.all(
    list.map(async ({ slug }) => (await auth.api(endpoints.pages.get, { params: { slug } })).data),
  );
  return data({ pages });
}

export async function action({ request }: ActionFunctionArgs) {
  const auth = await requireAdmin(request);
  const form = await readForm(request);
  const slug = PolicySlugSchema.safeParse(form.get("slug"));
  if (!slug.success) return intentReply(auth, form, BACK, { ok: false, message: "Choose a page." });
  const values = { title: String(form.get("title") ?? ""), body: String(form.get("body") ?? "") };
  const sent = { intent: "save", id: slug.data, values };
  const input = PolicyPageInputSchema.safeParse(values);
  if (!input.success) {
    return intentReply(auth, form, BACK, {
      ok: false,
      message: "Please correct the page's fields.",
      errors: fieldErrorsOf(input.error, { fallback: "body" }),
      keepForm: true,
      sent,
    });
  }
  const outcome = await attempt(auth.api(endpoints.pages.save, { params: { slug: slug.data }, body: input.data }));
  return outcomeReply(auth, form, BACK, outcome, { keepForm: true, sent });
}

const edited = (iso: string | null) =>
  iso ? `Last changed ${formatMoment(iso)}` : "The shop's default text, not changed yet";

export default function AdminPolicyPages() {
  const { pages } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const refused = reply && !reply.ok ? reply : null;
  const busy = useIsPending();
  return (
    <div className="mx-auto max-w-5xl px-4 py-8">
      <h1 className="text-2xl font-bold text-slate-900">Shop pages</h1>
      <p className="mt-2 text-slate-600">
        The pages linked from every page&apos;s footer and from the checkout. Write them in Markdown: <code>## </code>
        for a heading, <code>- </code> for a list, <code>[words](/policies/terms)</code> for a link. HTML is shown as
        text, never run.
      </p>
      {refused && !refused.sent ? (
        <p role="alert" className="mt-3 text-sm font-medium text-red-700">
          {refused.message}
        </p>
      ) : null}
      <ul className="mt-6 divide-y divide-slate-200">
        {pages.map((page) => {
          const editing = refused?.sent?.id === page.slug ? refused : null;
          const values = editing?.sent?.values ?? { title: page.title, body: page.body };
          const errors = editing?.errors ?? {};
          const key = `page-${page.slug}`;
          return (
            <li key={page.slug} className="py-4" data-testid="policy-page-row">
              <div className="flex flex-wrap items-baseline justify-between gap-3">
                <h2 className="text-lg font-semibold text-slate-900">{page.title}</h2>
                <Link to={`/policies/${page.slug}`} className="text-sm text-brand-700 underline">
                  View /policies/{page.slug}
                </Link>
              </div>
              <p className="text-sm text-slate-600">{edited(page.updatedAt)}</p>
              <details className="mt-2" open={editing ? true : undefined}>
                <summary className="cursor-pointer text-sm font-semibold text-brand-700">Edit {page.title}</summary>
                {editing ? (
                  <p role="alert" className="mt-2 text-sm font-medium text-red-700">
                    {editing.message}
                  </p>
                ) : null}
                <Form method="post" className="mt-3 space-y-3">
                  <input type="hidden" name="slug" value={page.slug} />
                  <FieldBox id={`${key}-title`} label="Title" errors={errors.title}>
                    <input
                      {...described(`${key}-title`, errors.title)}
                      name="title"
                      defaultValue={values.title}
                      maxLength={120}
                      className="input"
                    />
                  </FieldBox>
                  <FieldBox id={`${key}-body`} label="Text (Markdown)" errors={errors.body}>
                    <textarea
                      {...described(`${key}-body`, errors.body)}
                      name="body"
                      defaultValue={values.body}
                      rows={16}
                      maxLength={POLICY_BODY_MAX}
                      className="input font-mono"
                    />
                  </FieldBox>
                  <button type="submit" className="btn-primary" disabled={busy}>
                    Save {page.title}
                  </button>
                </Form>
              </details>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
