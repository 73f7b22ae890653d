import { getFormProps, getInputProps, useForm, type DefaultValue, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Link, useActionData, useFetcher, useLoaderData } from "@remix-run/react";
import { useEffect, useRef, type ReactNode } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import type { z } from "zod/v4";
import { endpoints } from "~/client/api.server";
import { signedOutRedirect, type Auth } from "~/client/auth.server";
import { GeneralErrorBoundary } from "~/components/layout/error-boundary";
import { Field } from "~/components/ui/field";
import { Spinner } from "~/components/ui/spinner";
import { useToast } from "~/components/ui/toast";
import {
  ChangeEmailSchema,
  ChangePasswordFormSchema,
  DELETE_CONFIRMATION,
  DeleteAccountFormSchema,
  SettingsIntentSchema,
  UserUpdateSchema,
  type SettingsIntent,
} from "~/schemas/account";
import { attempt, loadOrThrow, readForm, refusedReply, sentWithJs } from "~/utils/actions.server";
import { requireOwner } from "~/utils/guards.server";
import { pageTitle } from "~/utils/site";

export const meta: MetaFunction = () => [
  { title: pageTitle("Account settings") },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  // a shopper's own settings only: an admin looks after other accounts through the API (decision 0019)
  const auth = await requireOwner(request, params.userId);
  const { data: user } = await loadOrThrow(auth.api(endpoints.users.get, { params: { userId: auth.userId } }));
  return data(
    { user: { id: user.id, firstName: user.firstName, lastName: user.lastName, email: user.email } },
    { headers: auth.headers },
  );
}

/** What each form sends, and the fields that never come back to the browser after a refusal. */
const FORMS = {
  name: { schema: UserUpdateSchema, hide: [] as string[] },
  email: { schema: ChangeEmailSchema, hide: ["currentPassword"] },
  password: { schema: ChangePasswordFormSchema, hide: ["currentPassword", "newPassword", "confirmPassword"] },
  delete: { schema: DeleteAccountFormSchema, hide: ["currentPassword"] },
} satisfies Record<SettingsIntent, { schema: z.ZodType; hide: string[] }>;

/** One form's answer: its conform result (field errors, or a reset after success) and the success message. */
type Reply = { intent: SettingsIntent; result: SubmissionResult<string[]>; message: string | null };

function send(auth: Auth, intent: SettingsIntent, value: unknown): Promise<{ message: string }> {
  const userId = auth.userId;
  switch (intent) {
    case "name":
      return auth.api(endpoints.users.update, { params: { userId }, body: value as z.output<typeof UserUpdateSchema> });
    case "email":
      return auth.api(endpoints.users.changeEmail, {
        params: { userId },
        body: value as z.output<typeof ChangeEmailSchema>,
      });
    case "password": {
      const { currentPassword, newPassword } = value as z.output<typeof ChangePasswordFormSchema>;
      return auth.api(endpoints.users.changePassword, { params: { userId }, body: { currentPassword, newPassword } });
    }
    case "delete": {
      const { currentPassword } = value as z.output<typeof DeleteAccountFormSchema>;
      return auth.api(endpoints.users.deleteAccount, { params: { userId }, body: { currentPassword } });
    }
  }
}

export async function action({ request, params }: ActionFunctionArgs) {
  const auth = await requireOwner(request, params.userId);
  const form = await readForm(request);
  const back = `/user-profile/${auth.userId}/settings`;
  const which = SettingsIntentSchema.safeParse({ intent: form.get("intent") });
  if (!which.success) return auth.redirect(back, { type: "error", message: "Please try again." });
  const intent = which.data.intent;
  const { schema, hide } = FORMS[intent];
  const submission = parseWithZod(form, { schema });
  const reply = (result: SubmissionResult<string[]>, status: number, message: string | null = null) =>
    data<Reply>({ intent, result, message }, { status, headers: auth.headers });
  if (submission.status !== "success") return reply(submission.reply({ hideFields: hide }), 422);
  const outcome = await attempt(send(auth, intent, submission.value));
  if (!outcome.ok) return reply(refusedReply(submission, outcome.error, { hideFields: hide }), outcome.error.status);
  const message = outcome.value.message;
  // the account is gone: this browser is signed out, with and without JavaScript
  if (intent === "delete") return signedOutRedirect(request, "/", { type: "success", message });
  if (!sentWithJs(form)) return auth.redirect(back, { type: "success", message });
  return reply(submission.reply({ resetForm: intent !== "name" }), 200, message);
}

export default function Settings() {
  const { user } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-2xl space-y-6 px-4 py-8">
      <div>
        <Link to={`/user-profile/${user.id}/profile`} className="text-sm font-medium text-brand-700 hover:underline">
          ← My Account
        </Link>
        <h1 className="mt-2 text-2xl font-bold text-slate-900">Account settings</h1>
        <p className="mt-1 break-all text-sm text-slate-600">
          Signed in as {user.firstName} {user.lastName} ({user.email})
        </p>
      </div>
      <NameForm user={user} />
      <EmailForm email={user.email} />
      <PasswordForm />
      <DeleteForm />
    </div>
  );
}

/**
 * One settings form: a fetcher of its own with JavaScript (its answer comes back to it, a success is toasted and the
 * form cleared), the same form posted as a page without (its refusal is the page's action data, its success a
 * redirect with a toast). conform validates with the shared schema either way (natively without JavaScript).
 */
function useSettingsForm<S extends z.ZodType<Record<string, unknown>, Record<string, unknown>>>(
  intent: SettingsIntent,
  schema: S,
  defaultValue?: DefaultValue<z.input<S>>,
) {
  const fetcher = useFetcher<Reply>({ key: `settings-${intent}` });
  const pageReply = useActionData<Reply>();
  const reply = fetcher.data ?? (pageReply?.intent === intent ? pageReply : undefined);
  const toast = useToast();
  const toasted = useRef<unknown>(null);
  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data?.message || toasted.current === fetcher.data) return;
    toasted.current = fetcher.data;
    toast({ type: "success", message: fetcher.data.message });
  }, [fetcher.state, fetcher.data, toast]);
  const [form, fields] = useForm<z.input<S>, z.output<S>>({
    id: `settings-${intent}`,
    lastResult: fetcher.state === "idle" ? reply?.result : undefined,
    constraint: getZodConstraint(schema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    defaultValue,
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  return { fetcher, form, fields, busy: fetcher.state !== "idle" };
}

function Section({ id, title, intro, children }: { id: string; title: string; intro: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
      <h2 id={id} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      <p className="mb-4 mt-1 text-sm text-slate-600 [overflow-wrap:anywhere]">{intro}</p>
      {children}
    </section>
  );
}

function Hidden({ intent }: { intent: SettingsIntent }) {
  // js=1 tells the action to answer this form with data instead of a redirect
  return (
    <>
      <input type="hidden" name="intent" value={intent} />
      {useHydrated() ? <input type="hidden" name="js" value="1" /> : null}
    </>
  );
}

function FormError({ id, errors }: { id: string; errors?: string[] }) {
  return (
    <p id={id} role="alert" className="min-h-[1.25rem] text-sm text-red-700">
      {errors?.[0] ?? ""}
    </p>
  );
}

function Submit({
  busy,
  label,
  busyLabel,
  danger = false,
}: {
  busy: boolean;
  label: string;
  busyLabel: string;
  danger?: boolean;
}) {
  return (
    <button
      type="submit"
      className={danger ? "btn bg-red-700 text-white hover:bg-red-800" : "btn-primary"}
      disabled={busy}
    >
      {busy ? <Spinner label={busyLabel} className="h-4 w-4" /> : null}
      {label}
    </button>
  );
}

function NameForm({ user }: { user: { firstName: string; lastName: string } }) {
  const { fetcher, form, fields, busy } = useSettingsForm("name", UserUpdateSchema, {
    firstName: user.firstName,
    lastName: user.lastName,
  });
  return (
    <Section id="settings-name-title" title="Name" intro="The name on your account and your orders to come.">
      <fetcher.Form method="post" {...getFormProps(form)}>
        <Hidden intent="name" />
        <div className="grid gap-x-4 sm:grid-cols-2">
          <Field id={fields.firstName.id} label="First name" errors={fields.firstName.errors}>
            <input {...getInputProps(fields.firstName, { type: "text" })} autoComplete="given-name" className="input" />
          </Field>
          <Field id={fields.lastName.id} label="Last name" errors={fields.lastName.errors}>
            <input {...getInputProps(fields.lastName, { type: "text" })} autoComplete="family-name" className="input" />
          </Field>
        </div>
        <FormError id={form.errorId} errors={form.errors} />
        <Submit busy={busy} label="Save name" busyLabel="Saving" />
      </fetcher.Form>
    </Section>
  );
}

function EmailForm({ email }: { email: string }) {
  const { fetcher, form, fields, busy } = useSettingsForm("email", ChangeEmailSchema);
  return (
    <Section
      id="settings-email-title"
      title="E-mail address"
      intro={`You sign in with ${email}. A new address is used only once you open the link we send to it.`}
    >
      <fetcher.Form method="post" {...getFormProps(form)}>
        <Hidden intent="email" />
        <Field id={fields.newEmail.id} label="New e-mail address" errors={fields.newEmail.errors}>
          <input {...getInputProps(fields.newEmail, { type: "email" })} autoComplete="email" className="input" />
        </Field>
        <Field id={fields.currentPassword.id} label="Current password" errors={fields.currentPassword.errors}>
          <input
            {...getInputProps(fields.currentPassword, { type: "password" })}
            autoComplete="current-password"
            className="input"
          />
        </Field>
        <FormError id={form.errorId} errors={form.errors} />
        <Submit busy={busy} label="Send confirmation link" busyLabel="Sending" />
      </fetcher.Form>
    </Section>
  );
}

function PasswordForm() {
  const { fetcher, form, fields, busy } = useSettingsForm("password", ChangePasswordFormSchema);
  return (
    <Section
      id="settings-password-title"
      title="Password"
      intro="At least 8 characters. This browser stays signed in; every other device is signed out."
    >
      <fetcher.Form method="post" {...getFormProps(form)}>
        <Hidden intent="password" />
        <Field id={fields.currentPassword.id} label="Current password" errors={fields.currentPassword.errors}>
          <input
            {...getInputProps(fields.currentPassword, { type: "password" })}
            autoComplete="current-password"
            className="input"
          />
        </Field>
        <div className="grid gap-x-4 sm:grid-cols-2">
          <Field id={fields.newPassword.id} label="New password" errors={fields.newPassword.errors}>
            <input
              {...getInputProps(fields.newPassword, { type: "password" })}
              autoComplete="new-password"
              className="input"
            />
          </Field>
          <Field id={fields.confirmPassword.id} label="New password again" errors={fields.confirmPassword.errors}>
            <input
              {...getInputProps(fields.confirmPassword, { type: "password" })}
              autoComplete="new-password"
              className="input"
            />
          </Field>
        </div>
        <FormError id={form.errorId} errors={form.errors} />
        <Submit busy={busy} label="Change password" busyLabel="Saving" />
      </fetcher.Form>
    </Section>
  );
}

function DeleteForm() {
  const { fetcher, form, fields, busy } = useSettingsForm("delete", DeleteAccountFormSchema);
  return (
    <Section
      id="settings-delete-title"
      title="Delete account"
      intro="This cannot be undone. Your name, e-mail address, saved addresses and cart are erased and you are signed out everywhere. Your orders are kept for the shop's records without your personal details; orders still to be shipped keep their delivery address until they are sent."
    >
      <fetcher.Form method="post" {...getFormProps(form)}>
        <Hidden intent="delete" />
        <Field id={fields.currentPassword.id} label="Current password" errors={fields.currentPassword.errors}>
          <input
            {...getInputProps(fields.currentPassword, { type: "password" })}
            autoComplete="current-password"
            className="input"
          />
        </Field>
        <Field id={fields.confirm.id} label={`Type ${DELETE_CONFIRMATION} to confirm`} errors={fields.confirm.errors}>
          <input
            {...getInputProps(fields.confirm, { type: "text" })}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            className="input"
          />
        </Field>
        <FormError id={form.errorId} errors={form.errors} />
        <Submit busy={busy} label="Delete my account" busyLabel="Deleting" danger />
      </fetcher.Form>
    </Section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
