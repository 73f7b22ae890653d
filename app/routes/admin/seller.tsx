import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { endpoints } from "~/client/api.server";
import { GeneralErrorBoundary } from "~/components/layout/error-boundary";
import { useIsPending } from "~/hooks/use-is-pending";
import { countryList } from "~/lib/countries.server";
import { pageTitle } from "~/lib/site";
import type { SellerDto } from "~/schemas/invoices";
import { attempt, readForm } from "~/web/actions.server";
import { requireAdmin } from "~/web/guards.server";

export const meta: MetaFunction = () => [
  { title: pageTitle("Seller details") },
  { name: "robots", content: "noindex" },
];

/** The seller's details that invoices and credit notes carry (docs/decisions/0042-invoices.md). Admins only. */
export async function loader({ request }: LoaderFunctionArgs) {
  const auth = await requireAdmin(request);
  const { data: seller } = await auth.api(endpoints.invoices.seller, {});
  return data({ seller, countries: countryList() });
}

type Refusal = {
  ok: false;
  message: string;
  errors: Record<string, string[]>;
  values: Partial<SellerDto> & { withdrawalDays?: string };
};

/** Saves through the API, whose schema checks the fields: a success is a 303 with a toast; a refusal the page again. */
export async function action({ request }: ActionFunctionArgs) {
  const auth = await requireAdmin(request);
  const form = await readForm(request);
  const values = {
    legalName: String(form.get("legalName") ?? ""),
    address: String(form.get("address") ?? ""),
    country: String(form.get("country") ?? ""),
    taxId: String(form.get("taxId") ?? ""),
    email: String(form.get("email") ?? ""),
  };
  const days = String(form.get("withdrawalDays") ?? "").trim();
  // not a whole number: sent as one the API refuses with its message (at least 14 days)
  const withdrawalDays = days === "" ? undefined : /^\d{1,4}$/.test(days) ? Number(days) : 0;
  const outcome = await attempt(auth.api(endpoints.invoices.saveSeller, { body: { ...values, withdrawalDays } }));
  if (outcome.ok) return auth.redirect("/admin/seller", { type: "success", message: outcome.value.message });
  const reply: Refusal = {
    ok: false,
    message: outcome.error.message,
    errors: outcome.error.errors ?? {},
    values: { ...values, withdrawalDays: days },
  };
  return data(reply, { status: outcome.error.status });
}

const FIELDS: Array<{
  name: Exclude<keyof SellerDto, "country">;
  label: string;
  hint: string;
  multiline?: boolean;
  type?: string;
}> = [
  { name: "legalName", label: "Legal name", hint: "The company's registered name, as on its invoices." },
  { name: "address", label: "Address", hint: "Street, postal code and city, country: one per line.", multiline: true },
  { name: "taxId", label: "VAT ID or tax number", hint: "For example DE123456789." },
  { name: "email", label: "E-mail", hint: "Where customers write about an invoice.", type: "email" },
];

export default function AdminSeller() {
  const { seller, countries } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>() as Refusal | undefined;
  const busy = useIsPending();
  const countryError = reply?.errors.country?.[0];
  const textField = (field: (typeof FIELDS)[number]) => {
    const error = reply?.errors[field.name]?.[0];
    const value = reply?.values[field.name] ?? seller[field.name];
    const common = {
      id: field.name,
      name: field.name,
      defaultValue: value,
      className: "input w-full",
      "aria-describedby": `${field.name}-hint ${field.name}-error`,
      "aria-invalid": error ? true : undefined,
    };
    return (
      <div key={field.name}>
        <label htmlFor={field.name} className="label">
          {field.label}
        </label>
        {field.multiline ? (
          <textarea {...common} rows={4} maxLength={500} />
        ) : (
          <input {...common} type={field.type ?? "text"} maxLength={field.name === "taxId" ? 50 : 254} />
        )}
        <p id={`${field.name}-hint`} className="mt-1 text-xs text-slate-600">
          {field.hint}
        </p>
        <p id={`${field.name}-error`} className="min-h-5 text-sm text-red-700">
          {error ?? ""}
        </p>
      </div>
    );
  };
  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <h1 className="text-2xl font-bold text-slate-900">Seller details</h1>
      <p className="mt-1 text-sm text-slate-600">
        Printed on every invoice and credit note numbered from now on. Invoices numbered earlier keep the details they
        were issued with.
      </p>
      {reply ? (
        <p role="alert" className="mt-4 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-900">
          {reply.message}
        </p>
      ) : null}
      <Form method="post" className="mt-6 space-y-4">
        {FIELDS.slice(0, 2).map(textField)}
        <div>
          <label htmlFor="country" className="label">
            Country
          </label>
          <select
            id="country"
            name="country"
            defaultValue={reply?.values.country ?? seller.country}
            className="input w-full"
            aria-describedby="country-hint country-error"
            aria-invalid={countryError ? true : undefined}
          >
            {countries.map((country) => (
              <option key={country.code} value={country.code}>
                {country.name}
              </option>
            ))}
          </select>
          <p id="country-hint" className="mt-1 text-xs text-slate-600">
            Where the seller is established: the products&apos; return policy names it to search engines.
          </p>
          <p id="country-error" className="min-h-5 text-sm text-red-700">
            {countryError ?? ""}
          </p>
        </div>
        {FIELDS.slice(2).map(textField)}
        <div>
          <label htmlFor="withdrawalDays" className="label">
            Withdrawal period and return window (days)
          </label>
          <input
            id="withdrawalDays"
            name="withdrawalDays"
            type="number"
            min={14}
            max={365}
            required
            defaultValue={reply?.values.withdrawalDays ?? seller.withdrawalDays}
            className="input w-32"
            aria-describedby="withdrawalDays-hint withdrawalDays-error"
            aria-invalid={reply?.errors.withdrawalDays ? true : undefined}
          />
          <p id="withdrawalDays-hint" className="mt-1 text-xs text-slate-600">
            Days after delivery in which a shopper may withdraw or ask for a return; 14 at least.
          </p>
          <p id="withdrawalDays-error" className="min-h-5 text-sm text-red-700">
            {reply?.errors.withdrawalDays?.[0] ?? ""}
          </p>
        </div>
        <button type="submit" className="btn-primary" disabled={busy}>
          Save seller details
        </button>
      </Form>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
