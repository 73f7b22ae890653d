import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLocation, useSearchParams } from "@remix-run/react";
import { useState, type FormEvent } from "react";
import { Spinner } from "~/components/ui/spinner";
import { authenticator, getAuth, LoginError, startSession } from "~/client/auth.server";
import { GeneralErrorBoundary } from "~/components/layout/error-boundary";
import { useClearPasswords } from "~/hooks/use-clear-passwords";
import { useIsPending } from "~/hooks/use-is-pending";
import { readForm } from "~/web/actions.server";
import { loginHref, safeRedirectPath } from "~/lib/safe-redirect";
import { pageTitle } from "~/lib/site";

export const meta: MetaFunction = () => [
  { title: pageTitle("Login") },
  { name: "description", content: "Sign in to your GearHub account." },
];

const EMPTY = "Invalid username or password";
const FORM_ID = "login-form";

export async function loader({ request }: LoaderFunctionArgs) {
  if (await getAuth(request)) throw redirect(safeRedirectPath(new URL(request.url).searchParams.get("redirectTo")));
  return null;
}

export async function action({ request }: ActionFunctionArgs) {
  // read with the limits of every page form; remix-auth's form strategy then reads its own copy of the body
  const form = await readForm(request.clone());
  const redirectTo = safeRedirectPath(String(form.get("redirectTo") ?? ""));
  // a refusal comes back with the e-mail that was typed (never the password), with and without JavaScript
  const email = String(form.get("email") ?? "").slice(0, 254);
  // the message for empty fields (docs/product.md#login), without calling the API (also without JavaScript)
  if (!email.trim() || !String(form.get("password") ?? "")) return data({ error: EMPTY, email }, { status: 400 });
  try {
    await startSession(request, await authenticator.authenticate("form", request));
    return redirect(redirectTo, { status: 303 });
  } catch (error) {
    if (error instanceof LoginError) return data({ error: error.message, email }, { status: 401 });
    throw error;
  }
}

export default function Login() {
  const actionData = useActionData<typeof action>();
  const [params] = useSearchParams();
  const [clientError, setClientError] = useState<string | null>(null);
  const busy = useIsPending();
  const error = clientError ?? actionData?.error ?? null;
  const location = useLocation();
  useClearPasswords(FORM_ID, actionData);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const form = new FormData(event.currentTarget);
    if (!String(form.get("email") ?? "").trim() || !String(form.get("password") ?? "")) {
      event.preventDefault();
      setClientError(EMPTY);
    } else {
      setClientError(null);
    }
  }

  return (
    <div className="mx-auto max-w-md px-4 py-12">
      <h1 className="text-2xl font-bold text-slate-900">Login</h1>
      <Form
        id={FORM_ID}
        method="post"
        noValidate
        onSubmit={onSubmit}
        className="mt-6 space-y-4 rounded-xl border border-slate-200 bg-white p-6 shadow-sm"
      >
        <input type="hidden" name="redirectTo" value={params.get("redirectTo") ?? ""} />
        <div>
          <label htmlFor="email" className="label">
            Email
          </label>
          <input
            id="email"
            name="email"
            type="email"
            autoComplete="email"
            defaultValue={actionData?.email ?? ""}
            className="input"
            aria-describedby="login-error"
          />
        </div>
        <div>
          <label htmlFor="password" className="label">
            Password
          </label>
          <input
            id="password"
            name="password"
            type="password"
            autoComplete="current-password"
            className="input"
            aria-describedby="login-error"
          />
          <p className="mt-1 text-right text-sm">
            <Link to="/forgot-password" className="font-medium text-brand-700 hover:underline">
              Forgot password?
            </Link>
          </p>
        </div>
        <p id="login-error" role="alert" className="min-h-[1.25rem] text-sm text-red-700">
          {error ?? ""}
        </p>
        <button type="submit" className="btn-primary w-full" disabled={busy}>
          {busy ? <Spinner label="Signing in" className="h-4 w-4" /> : null}
          Login
        </button>
        <p className="text-center text-sm text-slate-600">
          No account yet?{" "}
          <Link to={loginHref(location, "/register")} className="font-semibold text-brand-700 hover:underline">
            Register
          </Link>
        </p>
      </Form>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
