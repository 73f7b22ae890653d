import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { callApi, endpoints } from "~/client/api.server";
import { getAuth, signedOutRedirect } from "~/client/auth.server";
import { GeneralErrorBoundary } from "~/components/layout/error-boundary";
import { Spinner } from "~/components/ui/spinner";
import { EmailText } from "~/components/ui/email-text";
import { useIsPending } from "~/hooks/use-is-pending";
import { ConfirmEmailSchema, LinkTokenSchema } from "~/schemas/account";
import { attempt, readForm } from "~/web/actions.server";
import { pageTitle } from "~/lib/site";
import { redirectWithToast } from "~/client/toast.server";

export const meta: MetaFunction = () => [
  { title: pageTitle("Confirm your new e-mail address") },
  { name: "robots", content: "noindex" },
  // the link's token is in this page's address: never hand it to another site as a Referer ("no-referrer" would
  // also make the browser send `Origin: null` with the form, which the CSRF check rightly refuses)
  { name: "referrer", content: "same-origin" },
];

/**
 * The link mailed to a new address opens this page; the change happens only when its button is pressed (a POST), so
 * a mail scanner that fetches every link cannot confirm anything by itself.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const headers = { "Cache-Control": "no-store" };
  const parsed = LinkTokenSchema.safeParse(new URL(request.url).searchParams.get("token") ?? "");
  if (!parsed.success) return data({ token: null, email: null, problem: parsed.error.issues[0]!.message }, { headers });
  // the page names the address the link is for; a used or expired link says so before anything is pressed
  const link = await attempt(callApi(endpoints.users.checkEmailLink, { body: { token: parsed.data } }));
  if (!link.ok) return data({ token: null, email: null, problem: link.error.message }, { headers });
  return data({ token: parsed.data, email: link.value.data.email, problem: null }, { headers });
}

export async function action({ request }: ActionFunctionArgs) {
  const form = await readForm(request);
  const parsed = ConfirmEmailSchema.safeParse({ token: form.get("token") ?? "" });
  if (!parsed.success) return data({ problem: parsed.error.issues[0]!.message }, { status: 422 });
  const confirmed = await attempt(callApi(endpoints.users.confirmEmail, { body: parsed.data }));
  if (!confirmed.ok) return data({ problem: confirmed.error.message }, { status: confirmed.error.status });
  const toast = { type: "success" as const, message: confirmed.value.message };
  const auth = await getAuth(request);
  // the account's own browser goes back to its settings; any other is asked to sign in with the new address
  if (auth && auth.userId === confirmed.value.data.userId)
    return redirectWithToast(request, `/user-profile/${auth.userId}/settings`, toast);
  return signedOutRedirect(request, "/login", { ...toast, message: `${toast.message} Please sign in with it.` });
}

export default function ConfirmEmail() {
  const loaded = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const busy = useIsPending();
  const problem = reply?.problem ?? loaded.problem;
  return (
    <div className="mx-auto max-w-md px-4 py-12">
      <h1 className="text-2xl font-bold text-slate-900">Confirm your new e-mail address</h1>
      {problem || !loaded.token ? (
        <div
          role="alert"
          className="mt-6 space-y-4 rounded-xl border border-red-200 bg-red-50 p-6 text-red-900 shadow-sm"
        >
          <p>{problem}</p>
          <p className="text-sm">
            <Link to="/user-profile" className="font-semibold underline">
              Go to my account
            </Link>
          </p>
        </div>
      ) : (
        <Form method="post" className="mt-6 space-y-4 rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
          <p className="text-sm text-slate-600">
            Press the button to start using{" "}
            <strong className="text-slate-900">
              <EmailText email={loaded.email ?? ""} />
            </strong>{" "}
            for your account. You will sign in with it from now on.
          </p>
          <input type="hidden" name="token" value={loaded.token} />
          <button type="submit" className="btn-primary w-full" disabled={busy}>
            {busy ? <Spinner label="Confirming" className="h-4 w-4" /> : null}
            Confirm my new e-mail address
          </button>
        </Form>
      )}
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
