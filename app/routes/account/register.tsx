import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import {
  Form,
  Link,
  useActionData,
  useLoaderData,
  useLocation,
  useNavigation,
  useSearchParams,
} from "@remix-run/react";
import type { ReactNode } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { AddressFields } from "~/components/shop/address-fields";
import { Field } from "~/components/ui/field";
import { HoneypotField } from "~/components/ui/honeypot";
import { Spinner } from "~/components/ui/spinner";
import { isBlankAddress, RegisterSchema } from "~/schemas/account";
import { MAX_REGISTRATION_ADDRESSES } from "~/schemas/account-constants";
import { callApi, endpoints } from "~/client/api.server";
import { getAuth, LoginError, signInWith, startSession } from "~/client/auth.server";
import { GeneralErrorBoundary } from "~/components/layout/error-boundary";
import { useClearPasswords } from "~/hooks/use-clear-passwords";
import { useIsPending } from "~/hooks/use-is-pending";
import { useLazyValidation } from "~/hooks/use-lazy-validation";
import { attempt, readForm, refusedReply } from "~/web/actions.server";
import { countryList } from "~/lib/countries.server";
import { isSpam } from "~/web/honeypot.server";
import { loginHref, safeRedirectPath, withRedirectTo } from "~/lib/safe-redirect";
import { pageTitle } from "~/lib/site";
import { redirectWithToast } from "~/client/toast.server";

export const meta: MetaFunction = () => [
  { title: pageTitle("User Registration") },
  { name: "description", content: "Create your GearHub account." },
];

/** said once registered and signed in (docs/product.md#registration) */
const WELCOME = "Welcome to GearHub! Your account is ready and you are signed in.";

export async function loader({ request }: LoaderFunctionArgs) {
  if (await getAuth(request)) throw redirect(safeRedirectPath(new URL(request.url).searchParams.get("redirectTo")));
  // the inputs' attributes (required, maxLength, …) come with the page; the schema itself only when the form is used
  return { countries: countryList(), constraint: getZodConstraint(RegisterSchema) };
}

export async function action({ request }: ActionFunctionArgs) {
  const formData = await readForm(request);
  const submission = parseWithZod(formData, { schema: RegisterSchema });
  // Remove (a conform intent, with JavaScript only) and invalid fields both come back as the form, with what was typed
  if (submission.status !== "success")
    return data(withoutBlankAddresses(submission.reply({ hideFields: ["password"] })), {
      status: submission.status === "error" ? 422 : 200,
    });
  if (isSpam(formData))
    return data(
      withoutBlankAddresses(submission.reply({ formErrors: ["Please try again."], hideFields: ["password"] })),
      {
        status: 400,
      },
    );
  const registered = await attempt(callApi(endpoints.users.register, { body: submission.value }));
  if (registered.ok) {
    const redirectTo = String(formData.get("redirectTo") ?? "");
    // signed in at once, and back to where the shopper was before registering (docs/product.md#registration)
    const user = await signInWith(
      { email: submission.value.email, password: submission.value.password },
      request,
    ).catch((error: unknown) => {
      if (error instanceof LoginError) return null;
      throw error;
    });
    if (user) {
      await startSession(request, user);
      return redirectWithToast(request, safeRedirectPath(redirectTo), { type: "success", message: WELCOME });
    }
    // the account is there but the sign-in failed (the API busy): the login page, which then goes back there too
    return redirectWithToast(request, withRedirectTo("/login", redirectTo), {
      type: "success",
      message: registered.value.message,
    });
  }
  // the API names list items "addressList.0.street"; the form's fields are "addressList[0].street"
  const rename = (field: string) => field.replace(/\.(\d+)\./g, "[$1].");
  const reply = refusedReply(submission, registered.error, { rename, hideFields: ["password"] });
  return data(reply, { status: registered.error.status });
}

/**
 * The form as it comes back, without the address blocks left empty (the spare block of a page without JavaScript is
 * posted empty; the account never gets them either). The field errors of a refusal name addresses by their index, so
 * only a reply without errors in the list is tidied.
 */
function withoutBlankAddresses<
  R extends { initialValue?: Record<string, unknown> | null; error?: Record<string, unknown> | null },
>(reply: R): R {
  const list = reply.initialValue?.addressList;
  if (!Array.isArray(list) || Object.keys(reply.error ?? {}).some((key) => key.startsWith("addressList"))) return reply;
  const kept = list.filter((address, index) => index === 0 || !isBlankAddress(address));
  return { ...reply, initialValue: { ...reply.initialValue, addressList: kept } };
}

export default function Register() {
  const { countries, constraint } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const navigation = useNavigation();
  const validation = useLazyValidation(() => import("~/schemas/account"));
  // with JavaScript, conform's Add Address and Remove buttons change the list in the page (with __intent__; before
  // the schema is loaded, through the action)
  const [form, fields] = useForm({
    lastResult,
    constraint,
    defaultValue: { addressList: [{ addressType: "HOME", country: "" }] },
    ...validation.options(({ parseWithZod, schemas }, formData) =>
      parseWithZod(formData, { schema: schemas.RegisterSchema }),
    ),
  });
  // a refused registration comes back without the password, with JavaScript too
  useClearPasswords(form.id, lastResult?.status === "error" ? lastResult : null);
  const addresses = fields.addressList.getFieldList();
  const hydrated = useHydrated();
  const [params] = useSearchParams();
  const location = useLocation();
  const busy = useIsPending() && navigation.formData?.get("__intent__") == null;
  return (
    <div className="mx-auto max-w-2xl px-4 py-10">
      <h1 className="text-2xl font-bold text-slate-900">User Registration</h1>
      <Form
        method="post"
        {...getFormProps(form)}
        {...validation.triggers}
        className="mt-6 space-y-6 rounded-xl border border-slate-200 bg-white p-6 shadow-sm"
      >
        <HoneypotField />
        <div className="grid gap-x-4 sm:grid-cols-2">
          <Field id={fields.firstName.id} label="First name" errors={fields.firstName.errors}>
            <input {...getInputProps(fields.firstName, { type: "text" })} autoComplete="given-name" className="input" />
          </Field>
          <Field id={fields.lastName.id} label="Last name" errors={fields.lastName.errors}>
            <input {...getInputProps(fields.lastName, { type: "text" })} autoComplete="family-name" className="input" />
          </Field>
          <Field id={fields.email.id} label="Email" errors={fields.email.errors}>
            <input {...getInputProps(fields.email, { type: "email" })} autoComplete="email" className="input" />
          </Field>
          <Field id={fields.password.id} label="Password" errors={fields.password.errors}>
            <input
              {...getInputProps(fields.password, { type: "password" })}
              autoComplete="new-password"
              className="input"
            />
          </Field>
        </div>
        <input type="hidden" name="redirectTo" value={params.get("redirectTo") ?? ""} />
        {addresses.map((address, index) => {
          const item = address.getFieldset();
          return (
            <AddressBlock key={address.key} index={index}>
              <AddressFields
                idPrefix={address.id}
                name={(field) => item[field].name}
                defaults={address.initialValue as Record<string, string> | undefined}
                errors={(field) => item[field].errors}
                countries={countries}
              />
              {hydrated && addresses.length > 1 ? (
                <button
                  {...form.remove.getButtonProps({ name: fields.addressList.name, index })}
                  className="btn-secondary mt-1 text-xs"
                >
                  Remove this address
                </button>
              ) : null}
            </AddressBlock>
          );
        })}
        {/* without JavaScript, 'Add Address' opens one more block in the page: nothing is posted, nothing is lost */}
        {!hydrated && addresses.length < MAX_REGISTRATION_ADDRESSES ? (
          <details className="group">
            <summary className="btn-secondary w-fit cursor-pointer list-none group-open:mb-4">Add Address</summary>
            <AddressBlock index={addresses.length}>
              <AddressFields
                idPrefix={`${fields.addressList.id}-${addresses.length}`}
                name={(field) => `${fields.addressList.name}[${addresses.length}].${field}`}
                defaults={{ addressType: "HOME", country: "" }}
                countries={countries}
              />
              <p className="text-xs text-slate-600">An address left empty is not saved.</p>
            </AddressBlock>
          </details>
        ) : null}
        <p id={form.errorId} role="alert" className="min-h-[1.25rem] text-sm text-red-700">
          {form.errors?.[0] ?? ""}
        </p>
        <div className="flex flex-wrap gap-3">
          {hydrated && addresses.length < MAX_REGISTRATION_ADDRESSES ? (
            <button
              {...form.insert.getButtonProps({
                name: fields.addressList.name,
                defaultValue: { addressType: "HOME", country: "" },
              })}
              className="btn-secondary"
            >
              Add Address
            </button>
          ) : null}
          <button type="submit" className="btn-primary" disabled={busy}>
            {busy ? <Spinner label="Registering" className="h-4 w-4" /> : null}
            Register
          </button>
        </div>
        <p className="text-sm text-slate-600">
          Already have an account?{" "}
          <Link to={loginHref(location)} className="font-semibold text-brand-700 hover:underline">
            Login
          </Link>
        </p>
      </Form>
    </div>
  );
}

function AddressBlock({ index, children }: { index: number; children: ReactNode }) {
  return (
    <fieldset className="rounded-lg border border-slate-200 p-4">
      <legend className="px-1 text-sm font-semibold text-slate-900">Address {index + 1}</legend>
      {children}
    </fieldset>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
