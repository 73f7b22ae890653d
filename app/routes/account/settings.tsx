import type { SubmissionResult } from "@conform-to/react";
import { EmailText } from "~/components/ui/email-text";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import type { z } from "zod/v4";
import { endpoints } from "~/client/api.server";
import { signedOutRedirect, type Auth } from "~/client/auth.server";
import { GeneralErrorBoundary } from "~/components/layout/error-boundary";
import {
  DeleteForm,
  EmailForm,
  MyDataSection,
  NameForm,
  PasswordForm,
  ReviewMailSection,
  type SettingsConstraints,
  type SettingsReply,
} from "~/components/shop/settings-forms";
import {
  ChangeEmailSchema,
  ChangePasswordFormSchema,
  DeleteAccountFormSchema,
  SettingsIntentSchema,
  UserUpdateSchema,
  type SettingsIntent,
} from "~/schemas/account";
import { ReviewMailPreferenceSchema } from "~/schemas/reviews";
import { attempt, loadOrThrow, readForm, refusedReply, sentWithJs } from "~/web/actions.server";
import { requireOwner } from "~/web/guards.server";
import { pageTitle } from "~/lib/site";

export const meta: MetaFunction = () => [
  { title: pageTitle("Account settings") },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  // a shopper's own settings only: an admin looks after other accounts through the API (decision 0019)
  const auth = await requireOwner(request, params.userId);
  const { data: user } = await loadOrThrow(auth.api(endpoints.users.get, { params: { userId: auth.userId } }));
  // the inputs' attributes come with the page; the schemas themselves only when a form is used
  const constraints = Object.fromEntries(
    Object.entries(FORMS).map(([intent, { schema }]) => [intent, getZodConstraint(schema)]),
  ) as SettingsConstraints;
  const { data: reviewMail } = await auth.api(endpoints.reviews.mailPreference, {});
  return data({
    user: {
      id: user.id,
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
    },
    constraints,
    reviewMail: reviewMail.reviewMail,
  });
}

/** What each form sends, and the fields that never come back to the browser after a refusal. */
const FORMS = {
  name: { schema: UserUpdateSchema, hide: [] as string[] },
  email: { schema: ChangeEmailSchema, hide: ["currentPassword"] },
  password: { schema: ChangePasswordFormSchema, hide: ["currentPassword", "newPassword", "confirmPassword"] },
  delete: { schema: DeleteAccountFormSchema, hide: ["currentPassword"] },
} satisfies Record<SettingsIntent, { schema: z.ZodType; hide: string[] }>;

const NAME_SAVED = "Your name has been saved.";

function send(auth: Auth, intent: SettingsIntent, value: unknown): Promise<{ message: string }> {
  const userId = auth.userId;
  switch (intent) {
    case "name":
      // said as a person would (the API's own message is "User updated")
      return auth
        .api(endpoints.users.update, { params: { userId }, body: value as z.output<typeof UserUpdateSchema> })
        .then(() => ({ message: NAME_SAVED }));
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
  // the review e-mails' checkbox (decision 0047): answered with a 303 and a toast, JavaScript or not
  if (form.get("intent") === "review-mail") {
    const parsed = ReviewMailPreferenceSchema.safeParse({ reviewMail: form.get("reviewMail") ?? undefined });
    if (!parsed.success) return auth.redirect(back, { type: "error", message: "Please try again." });
    const saved = await attempt(auth.api(endpoints.reviews.setMailPreference, { body: parsed.data }));
    return auth.redirect(
      back,
      saved.ok
        ? { type: "success", message: saved.value.message }
        : {
            type: "error",
            message: saved.error.message,
          },
    );
  }
  const which = SettingsIntentSchema.safeParse({ intent: form.get("intent") });
  if (!which.success) return auth.redirect(back, { type: "error", message: "Please try again." });
  const intent = which.data.intent;
  const { schema, hide } = FORMS[intent];
  const submission = parseWithZod(form, { schema });
  const reply = (result: SubmissionResult<string[]>, status: number, message: string | null = null) =>
    data<SettingsReply>({ intent, result, message }, { status });
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
  const { user, constraints, reviewMail } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-2xl space-y-6 px-4 py-8">
      <div>
        <Link to={`/user-profile/${user.id}/profile`} className="text-sm font-medium text-brand-700 hover:underline">
          ← My Account
        </Link>
        <h1 className="mt-2 text-2xl font-bold text-slate-900">Account settings</h1>
        <p className="mt-1 break-words text-sm text-slate-600">
          Signed in as {user.firstName} {user.lastName} (<EmailText email={user.email} />)
        </p>
      </div>
      <NameForm user={user} constraint={constraints.name} />
      <EmailForm email={user.email} constraint={constraints.email} />
      <PasswordForm constraint={constraints.password} />
      <ReviewMailSection reviewMail={reviewMail} />
      <MyDataSection userId={user.id} />
      <DeleteForm constraint={constraints.delete} />
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
