import { getFormProps, getInputProps, useForm, type DefaultValue, type SubmissionResult } from "@conform-to/react";
import { Form, Link, useActionData, useFetcher } from "@remix-run/react";
import { useEffect, useRef, type ReactNode } from "react";
import { JsMarker } from "~/components/ui/js-marker";
import type { z } from "zod/v4";
import { Field, InputField } from "~/components/ui/field";
import { Spinner } from "~/components/ui/spinner";
import { useToast } from "~/components/ui/toast";
import { useClearPasswords } from "~/hooks/use-clear-passwords";
import { useLazyValidation } from "~/hooks/use-lazy-validation";
import type * as AccountSchemas from "~/schemas/account";
import type { SettingsIntent } from "~/schemas/account";
import { DELETE_CONFIRMATION } from "~/schemas/account-constants";

// The four forms of the account settings page (routes/account/settings.tsx), each its own form with its
// own messages, with and without JavaScript.

/** One form's answer: its conform result (field errors, or a reset after success) and the success message. */
export type SettingsReply = { intent: SettingsIntent; result: SubmissionResult<string[]>; message: string | null };

/** The inputs' attributes of each form (`getZodConstraint` of its schema, by the route's loader). */
export type SettingsConstraints = Record<SettingsIntent, NonNullable<Parameters<typeof useForm>[0]["constraint"]>>;

/**
 * One settings form: a fetcher of its own with JavaScript (its answer comes back to it, a success is toasted and the
 * form cleared), the same form posted as a page without (its refusal is the page's action data, its success a
 * redirect with a toast). conform validates with the shared schema either way (natively without JavaScript; with
 * it, once the schemas are fetched, when the form is first used: hooks/use-lazy-validation.ts).
 */
function useSettingsForm<S extends z.ZodType<Record<string, unknown>, Record<string, unknown>>>(
  intent: SettingsIntent,
  schemaOf: (schemas: typeof AccountSchemas) => S,
  constraint: SettingsConstraints[SettingsIntent],
  defaultValue?: DefaultValue<z.input<S>>,
) {
  const fetcher = useFetcher<SettingsReply>({ key: `settings-${intent}` });
  const pageReply = useActionData<SettingsReply>();
  const reply = fetcher.data ?? (pageReply?.intent === intent ? pageReply : undefined);
  const toast = useToast();
  const toasted = useRef<unknown>(null);
  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data?.message || toasted.current === fetcher.data) return;
    toasted.current = fetcher.data;
    toast({ type: "success", message: fetcher.data.message });
  }, [fetcher.state, fetcher.data, toast]);
  // a refused form keeps what was typed, but its passwords are typed again (they never come back)
  const refusal = fetcher.state === "idle" && fetcher.data?.result.status === "error" ? fetcher.data : null;
  useClearPasswords(`settings-${intent}`, refusal);
  const validation = useLazyValidation(() => import("~/schemas/account"));
  const [form, fields] = useForm<z.input<S>, z.output<S>>({
    id: `settings-${intent}`,
    lastResult: fetcher.state === "idle" ? reply?.result : undefined,
    constraint,
    defaultValue,
    ...validation.options(({ parseWithZod, schemas }, formData) =>
      parseWithZod(formData, { schema: schemaOf(schemas) }),
    ),
  });
  const formProps = { ...getFormProps(form), ...validation.triggers };
  return { fetcher, form, fields, formProps, busy: fetcher.state !== "idle" };
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

/**
 * The review-request e-mails (decisions 0045, 0047): one box, ticked while the account gets them; answered with a
 * redirect and a toast, with JavaScript or without.
 */
export function ReviewMailSection({ reviewMail }: { reviewMail: boolean }) {
  return (
    <Section id="review-mail" title="E-mails" intro="What the shop may e-mail you besides your orders.">
      {/* keyed by the saved choice: the box shows it again after the save's redirect */}
      <Form method="post" key={String(reviewMail)}>
        <label className="flex items-center gap-2 text-sm text-slate-700">
          <input type="checkbox" name="reviewMail" defaultChecked={reviewMail} />
          E-mail me a few days after delivery to ask for a review of what I bought
        </label>
        <button type="submit" name="intent" value="review-mail" className="btn-secondary mt-4">
          Save e-mail settings
        </button>
      </Form>
    </Section>
  );
}

/** "Download my data": a plain link to the file (the browser saves it, with or without JavaScript). */
export function MyDataSection({ userId }: { userId: number }) {
  return (
    <Section
      id="my-data"
      title="Your data"
      intro="One file with everything the shop keeps about you: your account and addresses, your cart, orders and payments, withdrawals, and the e-mails we sent you."
    >
      {/* a document request, not a client-side navigation: the answer is a file to save */}
      <Link to={`/user-profile/${userId}/my-data.json`} reloadDocument download className="btn-secondary">
        Download my data
      </Link>
    </Section>
  );
}

function Hidden({ intent }: { intent: SettingsIntent }) {
  // js=1 tells the action to answer this form with data instead of a redirect
  return (
    <>
      <input type="hidden" name="intent" value={intent} />
      <JsMarker />
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

export function NameForm({
  user,
  constraint,
}: {
  user: { firstName: string; lastName: string };
  constraint: SettingsConstraints["name"];
}) {
  const { fetcher, form, fields, formProps, busy } = useSettingsForm("name", (s) => s.UserUpdateSchema, constraint, {
    firstName: user.firstName,
    lastName: user.lastName,
  });
  return (
    <Section id="settings-name-title" title="Name" intro="The name on your account and your orders to come.">
      <fetcher.Form method="post" {...formProps}>
        <Hidden intent="name" />
        <div className="grid gap-x-4 sm:grid-cols-2">
          <InputField field={fields.firstName} label="First name" type="text" autoComplete="given-name" />
          <InputField field={fields.lastName} label="Last name" type="text" autoComplete="family-name" />
        </div>
        <FormError id={form.errorId} errors={form.errors} />
        <Submit busy={busy} label="Save name" busyLabel="Saving" />
      </fetcher.Form>
    </Section>
  );
}

export function EmailForm({ email, constraint }: { email: string; constraint: SettingsConstraints["email"] }) {
  const { fetcher, form, fields, formProps, busy } = useSettingsForm("email", (s) => s.ChangeEmailSchema, constraint);
  return (
    <Section
      id="settings-email-title"
      title="E-mail address"
      intro={`You sign in with ${email}. A new address is used only once you open the link we send to it.`}
    >
      <fetcher.Form method="post" {...formProps}>
        <Hidden intent="email" />
        <InputField field={fields.newEmail} label="New e-mail address" type="email" autoComplete="email" />
        <InputField
          field={fields.currentPassword}
          label="Current password"
          type="password"
          autoComplete="current-password"
        />
        <FormError id={form.errorId} errors={form.errors} />
        <Submit busy={busy} label="Send confirmation link" busyLabel="Sending" />
      </fetcher.Form>
    </Section>
  );
}

export function PasswordForm({ constraint }: { constraint: SettingsConstraints["password"] }) {
  const { fetcher, form, fields, formProps, busy } = useSettingsForm(
    "password",
    (s) => s.ChangePasswordFormSchema,
    constraint,
  );
  return (
    <Section
      id="settings-password-title"
      title="Password"
      intro="At least 8 characters. This browser stays signed in; every other device is signed out."
    >
      <fetcher.Form method="post" {...formProps}>
        <Hidden intent="password" />
        <InputField
          field={fields.currentPassword}
          label="Current password"
          type="password"
          autoComplete="current-password"
        />
        <div className="grid gap-x-4 sm:grid-cols-2">
          <InputField field={fields.newPassword} label="New password" type="password" autoComplete="new-password" />
          <InputField
            field={fields.confirmPassword}
            label="New password again"
            type="password"
            autoComplete="new-password"
          />
        </div>
        <FormError id={form.errorId} errors={form.errors} />
        <Submit busy={busy} label="Change password" busyLabel="Saving" />
      </fetcher.Form>
    </Section>
  );
}

export function DeleteForm({ constraint }: { constraint: SettingsConstraints["delete"] }) {
  const { fetcher, form, fields, formProps, busy } = useSettingsForm(
    "delete",
    (s) => s.DeleteAccountFormSchema,
    constraint,
  );
  return (
    <Section
      id="settings-delete-title"
      title="Delete account"
      intro="This cannot be undone. Your name, e-mail address, saved addresses and cart are erased and you are signed out everywhere. Your orders are kept for the shop's records without your personal details; orders still to be shipped keep their delivery address until they are sent."
    >
      <fetcher.Form method="post" {...formProps}>
        <Hidden intent="delete" />
        <InputField
          field={fields.currentPassword}
          label="Current password"
          type="password"
          autoComplete="current-password"
        />
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
