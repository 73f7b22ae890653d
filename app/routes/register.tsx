import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AddressFields } from "~/components/shop/address-fields";
import { Field } from "~/components/ui/field";
import { HoneypotField } from "~/components/ui/honeypot";
import { Spinner } from "~/components/ui/spinner";
import { RegisterSchema } from "~/schemas/account";
import { callApi, endpoints } from "~/client/api.server";
import { getAuth } from "~/client/auth.server";
import { GeneralErrorBoundary } from "~/components/layout/error-boundary";
import { useIsPending } from "~/hooks/use-is-pending";
import { attempt, readForm, refusedReply } from "~/utils/actions.server";
import { countryList } from "~/utils/countries.server";
import { isSpam } from "~/utils/honeypot.server";
import { pageTitle } from "~/utils/site";
import { redirectWithToast } from "~/utils/toast.server";

export const meta: MetaFunction = () => [
  { title: pageTitle("User Registration") },
  { name: "description", content: "Create your GearHub account." },
];

export async function loader({ request }: LoaderFunctionArgs) {
  if (await getAuth(request)) throw redirect("/");
  return { countries: countryList() };
}

export async function action({ request }: ActionFunctionArgs) {
  const formData = await readForm(request);
  const submission = parseWithZod(formData, { schema: RegisterSchema });
  // 'Add Address' (an intent) and invalid fields both come back as the form, with what was typed
  if (submission.status !== "success")
    return data(submission.reply({ hideFields: ["password"] }), { status: submission.status === "error" ? 422 : 200 });
  if (isSpam(formData))
    return data(submission.reply({ formErrors: ["Please try again."], hideFields: ["password"] }), { status: 400 });
  const registered = await attempt(callApi(endpoints.users.register, { body: submission.value }));
  if (registered.ok)
    return redirectWithToast(request, "/login", { type: "success", message: registered.value.message });
  // the API names list items "addressList.0.street"; the form's fields are "addressList[0].street"
  const rename = (field: string) => field.replace(/\.(\d+)\./g, "[$1].");
  const reply = refusedReply(submission, registered.error, { rename, hideFields: ["password"] });
  return data(reply, { status: registered.error.status });
}

export default function Register() {
  const { countries } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const navigation = useNavigation();
  // conform's Add Address and Remove buttons post the form too (with __intent__): they are not a registration
  const [form, fields] = useForm({
    lastResult,
    constraint: getZodConstraint(RegisterSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    defaultValue: { addressList: [{ addressType: "HOME", country: "XX" }] },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: RegisterSchema }),
  });
  const addresses = fields.addressList.getFieldList();
  const busy = useIsPending() && navigation.formData?.get("__intent__") == null;
  return (
    <div className="mx-auto max-w-2xl px-4 py-10">
      <h1 className="text-2xl font-bold text-slate-900">User Registration</h1>
      <Form
        method="post"
        {...getFormProps(form)}
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
        {addresses.map((address, index) => {
          const item = address.getFieldset();
          return (
            <fieldset key={address.key} className="rounded-lg border border-slate-200 p-4">
              <legend className="px-1 text-sm font-semibold text-slate-900">Address {index + 1}</legend>
              <AddressFields
                idPrefix={address.id}
                name={(field) => item[field].name}
                defaults={address.initialValue as Record<string, string> | undefined}
                errors={(field) => item[field].errors}
                countries={countries}
              />
              {addresses.length > 1 ? (
                <button
                  {...form.remove.getButtonProps({ name: fields.addressList.name, index })}
                  className="btn-secondary mt-1 text-xs"
                >
                  Remove this address
                </button>
              ) : null}
            </fieldset>
          );
        })}
        <p id={form.errorId} role="alert" className="min-h-[1.25rem] text-sm text-red-700">
          {form.errors?.[0] ?? ""}
        </p>
        <div className="flex flex-wrap gap-3">
          <button
            {...form.insert.getButtonProps({
              name: fields.addressList.name,
              defaultValue: { addressType: "HOME", country: "XX" },
            })}
            className="btn-secondary"
          >
            Add Address
          </button>
          <button type="submit" className="btn-primary" disabled={busy}>
            {busy ? <Spinner label="Registering" className="h-4 w-4" /> : null}
            Register
          </button>
        </div>
        <p className="text-sm text-slate-600">
          Already have an account?{" "}
          <Link to="/login" className="font-semibold text-brand-700 hover:underline">
            Login
          </Link>
        </p>
      </Form>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
