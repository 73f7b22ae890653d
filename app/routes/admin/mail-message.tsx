import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { endpoints } from "~/client/api.server";
import { MailStatusBadge, mailTime } from "~/components/admin/mail-status";
import { GeneralErrorBoundary, notFound } from "~/components/layout/error-boundary";
import { useIsPending } from "~/hooks/use-is-pending";
import { IdSchema } from "~/schemas/common";
import { MailPageIntentSchema } from "~/schemas/mail";
import { attempt, intentReply, loadOrThrow, outcomeReply, readForm } from "~/web/actions.server";
import { requireAdmin } from "~/web/guards.server";
import { pageTitle } from "~/lib/site";

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) => [
  { title: pageTitle(loaded ? `Mail: ${loaded.message.subject}` : "Sent mail") },
  { name: "robots", content: "noindex" },
];

/** The message id of the path, or a 404 (not a 400: /admin/mail/abc is a page that does not exist). */
function mailIdOf(value: string | undefined): number {
  const id = IdSchema.safeParse(value);
  if (!id.success) throw data("Message not found", { status: 404 });
  return id.data;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const auth = await requireAdmin(request);
  const id = mailIdOf(params.mailId);
  const { data: message } = await loadOrThrow(
    auth.api(endpoints.mail.message, { params: { id } }),
    "Message not found",
  );
  return data({ message });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const auth = await requireAdmin(request);
  const id = mailIdOf(params.mailId);
  const form = await readForm(request);
  const back = `/admin/mail/${id}`;
  const parsed = MailPageIntentSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success || parsed.data.intent !== "retry" || parsed.data.id !== id)
    return intentReply(auth, form, back, { ok: false, message: "Nothing to do." });
  const outcome = await attempt(auth.api(endpoints.mail.retry, { params: { id } }));
  return outcomeReply(auth, form, back, outcome);
}

export default function AdminMailMessage() {
  const { message } = useLoaderData<typeof loader>();
  const busy = useIsPending({ intent: "retry" });
  const headers: Array<[string, string]> = [
    ["From", message.from],
    ["To", message.recipient],
    ["Subject", message.subject],
    ["Message-ID", message.messageId],
    ["Kind", message.kind],
    ["Queued", mailTime(message.createdAt)],
    ["Sent", mailTime(message.sentAt)],
    ["Tries", String(message.attempts)],
  ];
  if (message.nextAttemptAt) headers.push(["Next try", mailTime(message.nextAttemptAt)]);
  if (message.lastError) headers.push(["Last error", message.lastError]);
  return (
    <div className="mx-auto max-w-4xl px-4 py-8">
      <p className="text-sm">
        <Link to="/admin/mail" className="text-brand-700 underline">
          Back to Sent mail
        </Link>
      </p>
      <h1 className="mt-2 break-words text-2xl font-bold text-slate-900">{message.subject}</h1>
      <p className="mt-2">
        <MailStatusBadge status={message.status} />
      </p>

      <h2 className="mt-6 text-lg font-semibold text-slate-900">Headers</h2>
      <dl className="mt-2 grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-sm">
        {headers.map(([name, value]) => (
          <div key={name} className="contents">
            <dt className="font-semibold text-slate-700">{name}</dt>
            <dd className="break-words text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>

      {message.status === "failed" ? (
        <Form method="post" className="mt-4">
          <input type="hidden" name="intent" value="retry" />
          <input type="hidden" name="id" value={message.id} />
          <button type="submit" className="btn-primary" disabled={busy}>
            Retry sending
          </button>
        </Form>
      ) : null}

      <h2 className="mt-8 text-lg font-semibold text-slate-900">Plain text</h2>
      <pre
        className="mt-2 overflow-x-auto whitespace-pre-wrap break-words rounded-lg border border-slate-200 bg-slate-50 p-4 text-sm text-slate-900"
        data-testid="mail-text"
      >
        {message.textBody}
      </pre>

      <h2 className="mt-8 text-lg font-semibold text-slate-900">HTML</h2>
      <p className="mt-2 text-sm text-slate-700">
        Shown on a page of its own, with scripts, forms and remote content blocked, as a careful mail client would.
      </p>
      <p className="mt-2">
        <a href={`/admin/mail/${message.id}/html`} className="btn-secondary">
          Open the HTML part
        </a>
      </p>
    </div>
  );
}

export function ErrorBoundary() {
  return (
    <GeneralErrorBoundary
      statusHandlers={notFound("Message not found", "There is no message with this number, or it was deleted.", {
        to: "/admin/mail",
        label: "Back to Sent mail",
      })}
    />
  );
}
