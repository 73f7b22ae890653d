import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import type { z } from "zod/v4";
import { endpoints } from "~/client/api.server";
import { MailStatusBadge, mailTime } from "~/components/admin/mail-status";
import { GeneralErrorBoundary } from "~/components/layout/error-boundary";
import { Field } from "~/components/ui/field";
import { Pager } from "~/components/ui/pager";
import { useIsPending } from "~/hooks/use-is-pending";
import { MAIL_STATUSES, MailOutboxQuerySchema, MailPageIntentSchema, MailTestFormSchema } from "~/schemas/mail";
import { attempt, intentReply, outcomeReply, readForm, refusedReply } from "~/web/actions.server";
import { requireAdmin } from "~/web/guards.server";
import { pageTitle } from "~/lib/site";

export const meta: MetaFunction = () => [{ title: pageTitle("Sent mail") }, { name: "robots", content: "noindex" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const auth = await requireAdmin(request);
  const query = MailOutboxQuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  const { status, page } = query.success ? query.data : { status: undefined, page: 1 };
  const [{ data: mail }, { data: admin }] = await Promise.all([
    auth.api(endpoints.mail.outbox, { query: { status, page } }),
    // the test message goes to the admin's own address unless they type another
    auth.api(endpoints.users.get, { params: { userId: auth.userId } }),
  ]);
  return data({ mail, status: status ?? "", adminEmail: admin.email });
}

export async function action({ request }: ActionFunctionArgs) {
  const auth = await requireAdmin(request);
  const form = await readForm(request);
  const back = `/admin/mail${new URL(request.url).search}`;
  if (form.get("intent") === "test") {
    const submission = parseWithZod(form, { schema: MailTestFormSchema });
    if (submission.status !== "success") return data(submission.reply(), { status: 422 });
    const sent = await attempt(auth.api(endpoints.mail.test, { body: { to: submission.value.to } }));
    if (!sent.ok) return data(refusedReply(submission, sent.error), { status: sent.error.status });
    return auth.redirect(back, { type: "success", message: sent.value.message });
  }
  const parsed = MailPageIntentSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success || parsed.data.intent !== "retry")
    return intentReply(auth, form, back, { ok: false, message: "Choose a message." });
  const outcome = await attempt(auth.api(endpoints.mail.retry, { params: { id: parsed.data.id } }));
  return outcomeReply(auth, form, back, outcome);
}

function TestMessageForm({ defaultTo }: { defaultTo: string }) {
  const actionData = useActionData<typeof action>();
  // the retry buttons' refusals come back as toasts; only the test form's reply is conform's
  const lastResult = actionData && !("ok" in actionData) ? actionData : undefined;
  const busy = useIsPending({ intent: "test" });
  const [form, fields] = useForm<z.input<typeof MailTestFormSchema>>({
    lastResult,
    defaultValue: { to: defaultTo },
    constraint: getZodConstraint(MailTestFormSchema),
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: MailTestFormSchema }),
  });
  return (
    <Form method="post" {...getFormProps(form)} className="mt-6 rounded-lg border border-slate-200 p-4">
      <h2 className="text-lg font-semibold text-slate-900">Send a test message</h2>
      <p className="mt-1 text-sm text-slate-600">
        Queued and sent like every other message, so it shows whether the shop&apos;s mail reaches an address.
      </p>
      <input type="hidden" name="intent" value="test" />
      <div className="mt-3 flex flex-wrap items-start gap-3">
        <Field id={fields.to.id} label="Send to" errors={fields.to.errors} className="w-full max-w-sm">
          <input {...getInputProps(fields.to, { type: "email" })} autoComplete="email" className="input" />
        </Field>
        <button type="submit" className="btn-primary mt-6" disabled={busy}>
          Send test message
        </button>
      </div>
      <p id={form.errorId} className="min-h-[1.25rem] text-sm text-red-700" aria-live="polite">
        {form.errors?.[0] ?? ""}
      </p>
    </Form>
  );
}

export default function AdminSentMail() {
  const { mail, status, adminEmail } = useLoaderData<typeof loader>();
  const retrying = useIsPending({ intent: "retry" });
  const search = (page: number) => `?${new URLSearchParams({ ...(status ? { status } : {}), page: String(page) })}`;
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <h1 className="text-2xl font-bold text-slate-900">Sent mail</h1>
      <p className="mt-2 text-slate-600">
        {mail.delivery.transport === "smtp" ? (
          "Every e-mail the shop sends, newest first. Messages go out through the SMTP server of SMTP_URL; one the server refuses for now is tried again, waiting longer each time."
        ) : (
          <>
            Every e-mail the shop sends, newest first. No SMTP server is set (SMTP_URL), so messages are not delivered:
            each is written as an .eml file to <code className="break-all">{mail.delivery.directory}</code>, and can be
            read here.
          </>
        )}
      </p>

      <TestMessageForm defaultTo={adminEmail} />

      <Form method="get" className="mt-6 flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor="status" className="label">
            Status
          </label>
          <select id="status" name="status" defaultValue={status} className="input">
            <option value="">All statuses</option>
            {MAIL_STATUSES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="btn-secondary">
          Filter
        </button>
        <p className="ml-auto text-sm text-slate-600">
          {mail.totalElements} message{mail.totalElements === 1 ? "" : "s"}
        </p>
      </Form>

      {mail.content.length === 0 ? (
        <p className="mt-8 text-slate-600">No messages{status ? ` with status ${status}` : ""} yet.</p>
      ) : (
        <div className="relative mt-4 overflow-x-auto">
          {/* seven columns do not fit a phone: the box scrolls sideways (the subjects are links: it takes the keyboard) */}
          <table className="w-full min-w-[44rem] border-collapse text-left text-sm">
            <caption className="sr-only">Messages, newest first</caption>
            <thead>
              <tr className="border-b border-slate-300 text-slate-700">
                <th scope="col" className="px-2 py-2">
                  When
                </th>
                <th scope="col" className="px-2 py-2">
                  To
                </th>
                <th scope="col" className="px-2 py-2">
                  Subject
                </th>
                <th scope="col" className="px-2 py-2">
                  Kind
                </th>
                <th scope="col" className="px-2 py-2">
                  Status
                </th>
                <th scope="col" className="px-2 py-2">
                  Tries
                </th>
                <th scope="col" className="px-2 py-2">
                  Last error
                </th>
              </tr>
            </thead>
            <tbody>
              {mail.content.map((message) => (
                <tr key={message.id} className="border-b border-slate-200 align-top" data-testid="mail-row">
                  <td className="whitespace-nowrap px-2 py-2 text-slate-700">{mailTime(message.createdAt)}</td>
                  <td className="break-words px-2 py-2">{message.recipient}</td>
                  <th scope="row" className="px-2 py-2 font-normal">
                    <Link to={`/admin/mail/${message.id}`} className="text-brand-700 underline">
                      {message.subject}
                    </Link>
                  </th>
                  <td className="px-2 py-2 text-slate-700">{message.kind}</td>
                  <td className="px-2 py-2">
                    <MailStatusBadge status={message.status} />
                  </td>
                  <td className="px-2 py-2">{message.attempts}</td>
                  <td className="px-2 py-2 text-slate-700">
                    {message.lastError ?? ""}
                    {message.status === "failed" ? (
                      <Form method="post" className="mt-1">
                        <input type="hidden" name="intent" value="retry" />
                        <input type="hidden" name="id" value={message.id} />
                        <button
                          type="submit"
                          className="btn-secondary"
                          disabled={retrying}
                          aria-label={`Retry message ${message.id}: ${message.subject}`}
                        >
                          Retry
                        </button>
                      </Form>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pager page={mail.page} totalPages={mail.totalPages} href={search} />
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
