import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { endpoints } from "~/client/api.server";
import {
  DeleteForm,
  Disclosure,
  formState,
  MethodForm,
  rateSummary,
  regionsSummary,
  ZoneForm,
  type PricingReply,
} from "~/components/admin/pricing-forms";
import { GeneralErrorBoundary } from "~/components/layout/error-boundary";
import { formatPrice } from "~/lib/money";
import { pageTitle } from "~/lib/site";
import { readForm } from "~/web/actions.server";
import { requireAdmin } from "~/web/guards.server";
import { shippingAction } from "~/web/pricing-actions.server";

export const meta: MetaFunction = () => [{ title: pageTitle("Shipping") }, { name: "robots", content: "noindex" }];

/** The admin's shipping zones and their methods (decision 0035, "Admin pages for shipping and tax"). */
export async function loader({ request }: LoaderFunctionArgs) {
  const auth = await requireAdmin(request);
  const { data: zones } = await auth.api(endpoints.pricing.zones, {});
  return data({ shown: crypto.randomUUID(), zones });
}

export async function action({ request }: ActionFunctionArgs) {
  const auth = await requireAdmin(request);
  return shippingAction(auth, await readForm(request));
}

export default function AdminShipping() {
  const { zones, shown } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>() as PricingReply | undefined;
  const shipsByZone = zones.some((zone) => zone.methods.length > 0);
  return (
    // keyed by the load: after a save the forms start again from what was saved (a refused form shows what was typed)
    <div key={shown} className="mx-auto max-w-6xl px-4 py-8">
      <h1 className="text-2xl font-bold text-slate-900">Shipping</h1>
      <p className="mt-1 max-w-3xl text-sm text-slate-600">
        A zone is the countries (or some states of a country) its methods ship to; a shopper chooses one of the methods
        of the zone their address is in. {shipsByZone ? "Addresses in no zone cannot be shipped to." : null}{" "}
        {zones.length === 0 || !shipsByZone
          ? "While no zone has a method, orders ship anywhere with no shipping cost."
          : null}
      </p>
      {reply ? (
        <p role="alert" className="mt-4 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-900">
          {reply.message}
        </p>
      ) : null}
      <div className="mt-6 space-y-6">
        {zones.map((zone) => {
          const zoneEdit = formState(reply, "update-zone", zone.id);
          const adding = formState(reply, "add-method", zone.id);
          return (
            <section
              key={zone.id}
              aria-labelledby={`zone-${zone.id}-title`}
              className="rounded-xl border border-slate-200 bg-slate-50 p-4"
              data-testid="shipping-zone"
            >
              <div className="flex flex-wrap items-start gap-3">
                <div className="min-w-0 flex-1">
                  <h2 id={`zone-${zone.id}-title`} className="text-lg font-semibold text-slate-900">
                    {zone.name}
                  </h2>
                  <p className="text-sm text-slate-600">Ships to {regionsSummary(zone.regions)}</p>
                </div>
                <DeleteForm intent="delete-zone" id={zone.id} label={`Delete the zone ${zone.name} and its methods`} />
              </div>
              {zone.methods.length === 0 ? (
                <p className="mt-3 text-sm text-slate-600">No methods yet: add one below.</p>
              ) : (
                <ul className="mt-3 divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
                  {zone.methods.map((method) => {
                    const editing = formState(reply, "update-method", method.id);
                    return (
                      <li key={method.id} className="p-3" data-testid="shipping-method" aria-label={method.name}>
                        <div className="flex flex-wrap items-start gap-x-6 gap-y-1 text-sm">
                          <p className="min-w-32 font-semibold text-slate-900">{method.name}</p>
                          <p className="min-w-40 flex-1 text-slate-800">{rateSummary(method.rate)}</p>
                          <p className="text-slate-600">
                            {method.freeOver === null ? "Never free" : `Free over ${formatPrice(method.freeOver)}`}
                          </p>
                          <p className="text-slate-600">{method.deliveryTime || "No delivery time"}</p>
                          <DeleteForm
                            intent="delete-method"
                            id={method.id}
                            label={`Delete the method ${method.name} of ${zone.name}`}
                          />
                        </div>
                        <div className="mt-2">
                          <Disclosure summary={`Edit ${method.name}`} open={editing.open}>
                            <MethodForm
                              intent="update-method"
                              targetId={method.id}
                              method={method}
                              state={editing}
                              submit={`Save ${method.name}`}
                            />
                          </Disclosure>
                        </div>
                      </li>
                    );
                  })}
                </ul>
              )}
              <div className="mt-3 space-y-2">
                <Disclosure summary={`Add a method to ${zone.name}`} open={adding.open}>
                  <MethodForm
                    intent="add-method"
                    targetId={zone.id}
                    method={null}
                    state={adding}
                    submit={`Add the method to ${zone.name}`}
                  />
                </Disclosure>
                <Disclosure summary={`Edit the zone ${zone.name}`} open={zoneEdit.open}>
                  <ZoneForm intent="update-zone" zone={zone} state={zoneEdit} submit={`Save the zone ${zone.name}`} />
                </Disclosure>
              </div>
            </section>
          );
        })}
      </div>
      <section aria-labelledby="new-zone-title" className="mt-8 rounded-xl border border-slate-200 p-4">
        <h2 id="new-zone-title" className="text-lg font-semibold text-slate-900">
          Add a zone
        </h2>
        <div className="mt-3">
          <ZoneForm intent="add-zone" zone={null} state={formState(reply, "add-zone", null)} submit="Add zone" />
        </div>
      </section>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
