import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { EmailText } from "~/components/ui/email-text";
import { data } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { endpoints } from "~/client/api.server";
import type { Auth } from "~/client/auth.server";
import { GeneralErrorBoundary } from "~/components/layout/error-boundary";
import { AddressBook } from "~/components/shop/address-book";
import { OrdersHistory } from "~/components/shop/orders-history";
import { FormErrorBanner } from "~/components/ui/form-error-banner";
import { ADDRESS_FIELDS } from "~/schemas/account";
import { AddressIntentSchema, type AddressIntent } from "~/schemas/address-intents";
import type { SentForm } from "~/schemas/common";
import { attempt, intentReply, loadOrThrow, outcomeReply, readForm } from "~/web/actions.server";
import { countryList } from "~/lib/countries.server";
import { requireShopper } from "~/web/guards.server";
import { pageTitle } from "~/lib/site";

export const meta: MetaFunction = () => [{ title: pageTitle("My Account") }, { name: "robots", content: "noindex" }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const auth = await requireShopper(request, params.userId);
  const userId = Number(params.userId);
  // an admin may open any shopper's page: one of a user who does not exist is the page's 404
  const [{ data: user }, { data: orders }] = await loadOrThrow(
    Promise.all([
      auth.api(endpoints.users.get, { params: { userId } }),
      auth.api(endpoints.orders.list, { params: { userId } }),
    ]),
  );
  // the settings are the owner's own (an admin looking at another account gets no link to them)
  const own = auth.userId === userId;
  return data({ user, countries: countryList(), orders, own });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const auth = await requireShopper(request, params.userId);
  const form = await readForm(request);
  // back at the address book, not the page's top (on a phone the orders come first)
  const back = `/user-profile/${params.userId}/profile#user-addresses`;
  const parsed = AddressIntentSchema.safeParse(Object.fromEntries(form));
  const sent = sentAddress(form);
  if (!parsed.success) {
    const errors = parsed.error.flatten().fieldErrors as Record<string, string[]>;
    return intentReply(auth, form, back, {
      ok: false,
      message: "Please check the address.",
      errors,
      keepForm: true,
      sent,
    });
  }
  const outcome = await attempt(send(auth, Number(params.userId), parsed.data));
  return outcomeReply(auth, form, back, outcome, { keepForm: true, sent });
}

/** Which address form was sent (add, or the edit of which address) and what was typed in it. */
function sentAddress(form: FormData): SentForm {
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value.slice(0, 300) : "";
  };
  const values = Object.fromEntries(ADDRESS_FIELDS.map((field) => [field, text(field)]));
  return { intent: text("intent"), id: text("addressId") || null, values };
}

function send(auth: Auth, userId: number, input: AddressIntent): Promise<{ message: string }> {
  switch (input.intent) {
    case "add": {
      const { intent: _intent, clientId: _clientId, ...address } = input;
      return auth.api(endpoints.users.addAddresses, { params: { userId }, body: [address] });
    }
    case "edit": {
      const { intent: _intent, addressId, ...address } = input;
      return auth.api(endpoints.users.updateAddress, { params: { addressId }, body: address });
    }
    case "delete":
      return auth.api(endpoints.users.deleteAddress, { params: { addressId: input.addressId } });
  }
}

export default function Profile() {
  const { user, countries, orders, own } = useLoaderData<typeof loader>();
  // a refused address form posted without JavaScript comes back as this page, at its top: said there, with a link
  const refused = useActionData<typeof action>();
  const refusedForm =
    refused && "ok" in refused && !refused.ok && refused.sent
      ? refused.sent.intent === "edit"
        ? `edit-address-${refused.sent.id}`
        : "add-address"
      : null;
  return (
    <>
      {refused && refusedForm ? (
        <FormErrorBanner message={refused.message} formId={refusedForm} linkText="Go to the address" />
      ) : null}
      <div className="mx-auto max-w-5xl space-y-8 px-4 py-8">
        <section
          aria-labelledby="personal-info"
          className="flex items-center gap-5 rounded-xl border border-slate-200 bg-white p-6 shadow-sm"
        >
          <img
            src={user.photo ?? "/default-avatar.svg"}
            alt={`${user.firstName} ${user.lastName}`}
            width={100}
            height={100}
            className="h-[100px] w-[100px] shrink-0 rounded-full bg-slate-100 object-cover"
          />
          <div className="min-w-0">
            <h1 id="personal-info" className="break-words text-xl font-bold text-slate-900">
              {user.firstName} {user.lastName}
            </h1>
            <p className="break-words text-slate-600">
              <EmailText email={user.email} />
            </p>
            {own ? (
              <Link
                to={`/user-profile/${user.id}/settings`}
                className="mt-2 inline-block text-sm font-semibold text-brand-700 hover:underline"
              >
                Account settings
              </Link>
            ) : null}
            {own ? (
              <Link
                to="/account/saved"
                className="ml-4 mt-2 inline-block text-sm font-semibold text-brand-700 hover:underline"
              >
                Saved items
              </Link>
            ) : null}
            {own ? (
              <Link
                to="/account/alerts"
                className="ml-4 mt-2 inline-block text-sm font-semibold text-brand-700 hover:underline"
              >
                Alerts
              </Link>
            ) : null}
          </div>
        </section>
        <AddressBook userId={user.id} addresses={user.addressList} countries={countries} />
        <section aria-labelledby="orders-history" className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
          <h2 id="orders-history" className="text-lg font-semibold text-slate-900">
            Orders History
          </h2>
          {orders.length === 0 ? (
            <p className="mt-3 text-slate-600">No orders found at the moment</p>
          ) : (
            <OrdersHistory orders={orders} />
          )}
        </section>
      </div>
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
