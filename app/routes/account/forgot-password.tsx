import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { callApi, endpoints } from "~/client/api.server";
import { callerHeaders } from "~/client/auth.server";
import { GeneralErrorBoundary } from "~/components/layout/error-boundary";
import { Field } from "~/components/ui/field";
import { Spinner } from "~/components/ui/spinner";
import { useIsPending } from "~/hooks/use-is-pending";
import { useLazyValidation } from "~/hooks/use-lazy-validation";
import { ForgotPasswordSchema } from "~/schemas/account";
import { attempt, readForm, refusedReply } from "~/web/actions.server";
import { pageTitle } from "~/lib/site";

export const meta: MetaFunction = () => [
  { title: pageTitle("Forgot password") },
  { name: "description", content: "Get a link to choose a new password for your GearHub account." },
];

// a loader of its own, so that the page is rendered (and crawled) like every other; it gives the input's attributes
export const loader = () => ({ constraint: getZodConstraint(ForgotPasswordSchema) });

export async function action({ request }: ActionFunctionArgs) {
  const form = await readForm(request);
  const submission = parseWithZod(form, { schema: ForgotPasswordSchema });
  if (submission.status !== "success") return data({ result: submission.reply(), sent: null }, { status: 422 });
  const asked = await attempt(
    callApi(endpoints.auth.forgotPassword, { body: submission.value, headers: callerHeaders(request) }),
  );
  // the same answer for every address (the API never says whether it has an account); a refusal is a limit (429)
  if (!asked.ok)
    return data({ result: refusedReply(submission, asked.error), sent: null }, { status: asked.error.status });
  return data({ result: submission.reply({ resetForm: true }), sent: asked.value.message });
}

export default function ForgotPassword() {
  const { constraint } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const busy = useIsPending();
  const validation = useLazyValidation(() => import("~/schemas/account"));
  const [form, fields] = useForm({
    lastResult: reply?.result,
    constraint,
    ...validation.options(({ parseWithZod, schemas }, formData) =>
      parseWithZod(formData, { schema: schemas.ForgotPasswordSchema }),
    ),
  });
  return (
    <div className="mx-auto max-w-md px-4 py-12">
      <h1 className="text-2xl font-bold text-slate-900">Forgot password</h1>
      {reply?.sent ? (
        <div
          role="status"
          className="mt-6 space-y-4 rounded-xl border border-emerald-200 bg-emerald-50 p-6 text-emerald-900 shadow-sm"
        >
          <p>{reply.sent}</p>
          <p className="text-sm">
            Nothing arrived? Check your spam folder, or{" "}
            <Link to="/forgot-password" className="font-semibold underline">
              ask again
            </Link>
            .
          </p>
          <Link to="/login" className="btn-primary">
            Back to login
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
            Enter the e-mail address of your account. We will send you a link to choose a new password.
          </p>
          <Field id={fields.email.id} label="Email" errors={fields.email.errors}>
            <input {...getInputProps(fields.email, { type: "email" })} autoComplete="email" className="input" />
          </Field>
          <p id={form.errorId} role="alert" className="min-h-[1.25rem] text-sm text-red-700">
            {form.errors?.[0] ?? ""}
          </p>
          <button type="submit" className="btn-primary w-full" disabled={busy}>
            {busy ? <Spinner label="Sending" className="h-4 w-4" /> : null}
            Send me a link
          </button>
          <p className="pt-2 text-center text-sm text-slate-600">
            Remembered it?{" "}
            <Link to="/login" className="font-semibold text-brand-700 hover:underline">
              Login
            </Link>
          </p>
        </Form>
      )}
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
