import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { ApiError, callApi, endpoints } from "~/client/api.server";
import { signedOutRedirect } from "~/client/auth.server";
import { GeneralErrorBoundary } from "~/components/layout/error-boundary";
import { InputField } from "~/components/ui/field";
import { Spinner } from "~/components/ui/spinner";
import { useIsPending } from "~/hooks/use-is-pending";
import { useLazyValidation } from "~/hooks/use-lazy-validation";
import { LinkTokenSchema, ResetPasswordFormSchema } from "~/schemas/account";
import { attempt, readForm, refusedReply } from "~/web/actions.server";
import { pageTitle } from "~/lib/site";

export const meta: MetaFunction = () => [
  { title: pageTitle("Choose a new password") },
  { name: "robots", content: "noindex" },
  // the link's token is in this page's address: never hand it to another site as a Referer ("no-referrer" would
  // also make the browser send `Origin: null` with the form, which the CSRF check rightly refuses)
  { name: "referrer", content: "same-origin" },
];

/** Why a link cannot be used, said before anything is typed (400: not ours or incomplete, 410: used or expired). */
async function linkProblem(token: string | null): Promise<string | null> {
  const parsed = LinkTokenSchema.safeParse(token ?? "");
  if (!parsed.success) return parsed.error.issues[0]!.message;
  try {
    await callApi(endpoints.auth.checkResetLink, { body: { token: parsed.data } });
    return null;
  } catch (error) {
    if (error instanceof ApiError && error.status < 500) return error.message;
    throw error;
  }
}

export async function loader({ request }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get("token");
  const problem = await linkProblem(token);
  return data(
    { token: problem ? null : token, problem, constraint: getZodConstraint(ResetPasswordFormSchema) },
    { headers: { "Cache-Control": "no-store" } },
  );
}

export async function action({ request }: ActionFunctionArgs) {
  const form = await readForm(request);
  const submission = parseWithZod(form, { schema: ResetPasswordFormSchema });
  const hideFields = ["password", "confirmPassword"];
  if (submission.status !== "success") {
    // the token is a hidden field: its problem is the page's
    const problem = submission.error?.token?.[0] ?? null;
    return data({ result: submission.reply({ hideFields }), problem }, { status: 422 });
  }
  const { token, password } = submission.value;
  const done = await attempt(callApi(endpoints.auth.resetPassword, { body: { token, password } }));
  if (done.ok) return signedOutRedirect(request, "/login", { type: "success", message: done.value.message });
  // a link that cannot be used (any more) is the page's message; a weak password is the field's
  if (done.error.errors?.token || done.error.status === 400 || done.error.status === 410)
    return data(
      { result: submission.reply({ hideFields }), problem: done.error.message },
      { status: done.error.status },
    );
  return data(
    { result: refusedReply(submission, done.error, { hideFields }), problem: null },
    { status: done.error.status },
  );
}

export default function ResetPassword() {
  const loaded = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const busy = useIsPending();
  const problem = reply?.problem ?? loaded.problem;
  const validation = useLazyValidation(() => import("~/schemas/account"));
  const [form, fields] = useForm({
    lastResult: reply?.result,
    constraint: loaded.constraint,
    defaultValue: { token: loaded.token ?? "" },
    ...validation.options(({ parseWithZod, schemas }, formData) =>
      parseWithZod(formData, { schema: schemas.ResetPasswordFormSchema }),
    ),
  });
  return (
    <div className="mx-auto max-w-md px-4 py-12">
      <h1 className="text-2xl font-bold text-slate-900">Choose a new password</h1>
      {problem || !loaded.token ? (
        <div
          role="alert"
          className="mt-6 space-y-4 rounded-xl border border-red-200 bg-red-50 p-6 text-red-900 shadow-sm"
        >
          <p>{problem ?? "This link is not complete. Please ask for a new one."}</p>
          <Link to="/forgot-password" className="btn-primary">
            Ask for a new link
          </Link>
        </div>
      ) : (
        <Form
          method="post"
          {...getFormProps(form)}
          {...validation.triggers}
          className="mt-6 space-y-2 rounded-xl border border-slate-200 bg-white p-6 shadow-sm"
        >
          <p className="mb-4 text-sm text-slate-600">
            Your new password needs at least 8 characters. Every device signed in to your account will be signed out.
          </p>
          <input {...getInputProps(fields.token, { type: "hidden" })} />
          <InputField field={fields.password} label="New password" type="password" autoComplete="new-password" />
          <InputField
            field={fields.confirmPassword}
            label="New password again"
            type="password"
            autoComplete="new-password"
          />
          <p id={form.errorId} role="alert" className="min-h-[1.25rem] text-sm text-red-700">
            {form.errors?.[0] ?? ""}
          </p>
          <button type="submit" className="btn-primary w-full" disabled={busy}>
            {busy ? <Spinner label="Saving" className="h-4 w-4" /> : null}
            Set new password
          </button>
        </Form>
      )}
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
