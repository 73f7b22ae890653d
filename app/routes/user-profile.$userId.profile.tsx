import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { AddressBook } from "~/components/shop/address-book";
import { OrdersHistory } from "~/components/shop/orders-history";
import { AddressIntentSchema } from "~/schemas/address-intents";
import { ApiError, api } from "~/services/api-client.server";
import { requireAuth } from "~/utils/auth.server";
import { countryList } from "~/utils/countries.server";
import { pageTitle } from "~/utils/site";

export const meta: MetaFunction = () => [{ title: pageTitle("My Account") }, { name: "robots", content: "noindex" }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const auth = await requireAuth(request, { roles: ["ROLE_ADMIN", "ROLE_USER"], userId: params.userId });
  const userId = Number(params.userId);
  const [user, orders] = await Promise.all([
    auth.call((token) => api.users.get(token, userId)),
    auth.call((token) => api.orders.list(token, userId)),
  ]);
  return data({ user, countries: countryList(), orders }, { headers: auth.headers });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const auth = await requireAuth(request, { roles: ["ROLE_ADMIN", "ROLE_USER"], userId: params.userId });
  const form = await request.formData();
  const withJs = form.get("js") === "1";
  const back = `/user-profile/${params.userId}/profile`;
  const parsed = AddressIntentSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) {
    return data(
      {
        ok: false as const,
        message: "Please check the address.",
        errors: parsed.error.flatten().fieldErrors as Record<string, string[]>,
      },
      { status: 422, headers: auth.headers },
    );
  }
  const input = parsed.data;
  try {
    const result = await auth.call<{ message: string }>((token) => {
      if (input.intent === "add") {
        const { intent: _intent, clientId: _clientId, ...address } = input;
        return api.addresses.add(token, Number(params.userId), address);
      }
      if (input.intent === "edit") {
        const { intent: _intent, addressId, ...address } = input;
        return api.addresses.update(token, addressId, address);
      }
      return api.addresses.remove(token, input.addressId);
    });
    if (withJs) return data({ ok: true as const, message: result.message, errors: null }, { headers: auth.headers });
    return auth.redirect(back, { type: "success", message: result.message });
  } catch (error) {
    if (!(error instanceof ApiError) || error.status >= 500) throw error;
    if (withJs || error.errors) {
      return data(
        { ok: false as const, message: error.message, errors: error.errors ?? null },
        { status: error.status, headers: auth.headers },
      );
    }
    return auth.redirect(back, { type: "error", message: error.message });
  }
}

export default function Profile() {
  const { user, countries, orders } = useLoaderData<typeof loader>();
  return (
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
          <p className="break-all text-slate-600">{user.email}</p>
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
  );
}
