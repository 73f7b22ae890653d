import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { endpoints } from "~/client/api.server";
import { DeleteForm, Disclosure, formState, RateForm, type PricingReply } from "~/components/admin/pricing-forms";
import { GeneralErrorBoundary } from "~/components/layout/error-boundary";
import { pageTitle } from "~/lib/site";
import { readForm } from "~/web/actions.server";
import { requireAdmin } from "~/web/guards.server";
import { taxAction } from "~/web/pricing-actions.server";

export const meta: MetaFunction = () => [{ title: pageTitle("Tax") }, { name: "robots", content: "noindex" }];

/** The admin's tax rates and the shop's tax settings (decision 0035, "Admin pages for shipping and tax"). */
export async function loader({ request }: LoaderFunctionArgs) {
  const auth = await requireAdmin(request);
  const [{ data: rates }, { data: settings }] = await Promise.all([
    auth.api(endpoints.pricing.taxRates, {}),
    auth.api(endpoints.pricing.settings, {}),
  ]);
  return data({ shown: crypto.randomUUID(), rates, settings });
}

export async function action({ request }: ActionFunctionArgs) {
  const auth = await requireAdmin(request);
  return taxAction(auth, await readForm(request));
}

export default function AdminTax() {
  const { rates, settings, shown } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>() as PricingReply | undefined;
  const settingsState = formState(reply, "settings", null);
  const checked = (name: "pricesIncludeTax" | "taxShipping") =>
    settingsState.values ? settingsState.values[name] === "on" : settings[name];
  return (
    // keyed by the load: after a save the forms start again from what was saved (a refused form shows what was typed)
    <div key={shown} className="mx-auto max-w-6xl px-4 py-8">
      <h1 className="text-2xl font-bold text-slate-900">Tax</h1>
      <p className="mt-1 max-w-3xl text-sm text-slate-600">
        An address pays its country&apos;s rates and its state&apos;s. With no rates the shop charges no tax.
      </p>
      {reply ? (
        <p role="alert" className="mt-4 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-900">
          {reply.message}
        </p>
      ) : null}

      <section aria-labelledby="tax-settings-title" className="mt-6 rounded-xl border border-slate-200 p-4">
        <h2 id="tax-settings-title" className="text-lg font-semibold text-slate-900">
          Settings
        </h2>
        <Form method="post" className="mt-3 space-y-3">
          <input type="hidden" name="intent" value="settings" />
          <div className="flex items-start gap-2 text-sm text-slate-800">
            <input
              type="checkbox"
              id="pricesIncludeTax"
              aria-describedby="pricesIncludeTax-hint"
              name="pricesIncludeTax"
              defaultChecked={checked("pricesIncludeTax")}
              className="mt-1"
            />
            <span>
              <label htmlFor="pricesIncludeTax" className="font-medium">
                Prices include tax
              </label>
              <span id="pricesIncludeTax-hint" className="block text-slate-600">
                As VAT in the EU: the price a shopper sees is what they pay, and the receipt says how much of it is tax.
                Unchecked: tax is added at checkout, as US sales tax.
              </span>
            </span>
          </div>
          <div className="flex items-start gap-2 text-sm text-slate-800">
            <input
              type="checkbox"
              id="taxShipping"
              aria-describedby="taxShipping-hint"
              name="taxShipping"
              defaultChecked={checked("taxShipping")}
              className="mt-1"
            />
            <span>
              <label htmlFor="taxShipping" className="font-medium">
                Tax shipping
              </label>
              <span id="taxShipping-hint" className="block text-slate-600">
                Shipping is taxed at the destination&apos;s rates.
              </span>
            </span>
          </div>
          <button type="submit" className="btn-primary">
            Save settings
          </button>
        </Form>
      </section>

      <section aria-labelledby="tax-rates-title" className="mt-6">
        <h2 id="tax-rates-title" className="text-lg font-semibold text-slate-900">
          Rates
        </h2>
        {rates.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600">No tax rates yet.</p>
        ) : (
          <ul className="mt-2 divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
            {rates.map((rate) => {
              const editing = formState(reply, "update-rate", rate.id);
              const where = rate.subdivision ? `${rate.country}-${rate.subdivision}` : rate.country;
              return (
                <li key={rate.id} className="p-3" data-testid="tax-rate" aria-label={`${rate.name} (${where})`}>
                  <div className="flex flex-wrap items-start gap-x-6 gap-y-1 text-sm">
                    <p className="min-w-40 font-semibold text-slate-900">{rate.name}</p>
                    <p className="min-w-40 flex-1 text-slate-700">
                      {rate.subdivision
                        ? `${rate.country}, state or region ${rate.subdivision}`
                        : `${rate.country}, the whole country`}
                    </p>
                    <p className="tabular-nums text-slate-900">{rate.rate}%</p>
                    <DeleteForm intent="delete-rate" id={rate.id} label={`Delete ${rate.name} (${where})`} />
                  </div>
                  <div className="mt-2">
                    <Disclosure summary={`Edit ${rate.name} (${where})`} open={editing.open}>
                      <RateForm rate={rate} state={editing} submit={`Save ${rate.name} (${where})`} />
                    </Disclosure>
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </section>

      <section aria-labelledby="new-rate-title" className="mt-6 rounded-xl border border-slate-200 p-4">
        <h2 id="new-rate-title" className="text-lg font-semibold text-slate-900">
          Add a rate
        </h2>
        <div className="mt-3">
          <RateForm rate={null} state={formState(reply, "add-rate", null)} submit="Add rate" />
        </div>
      </section>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
