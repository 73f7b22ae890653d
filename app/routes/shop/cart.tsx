import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { endpoints } from "~/client/api.server";
import type { Auth } from "~/client/auth.server";
import { GeneralErrorBoundary } from "~/components/layout/error-boundary";
import { CartView } from "~/components/shop/cart-view";
import { CartIntentSchema, type CartIntent } from "~/schemas/cart-intents";
import { attempt, intentReply, loadOrThrow, outcomeReply, readForm } from "~/web/actions.server";
import { requireShopper } from "~/web/guards.server";
import { pageTitle } from "~/lib/site";
import { countryList } from "~/lib/countries.server";
import { ShippingEstimate } from "~/components/shop/shipping-estimate";
import { QuoteQuerySchema } from "~/schemas/orders";

const EstimateQuerySchema = QuoteQuerySchema.pick({ country: true, state: true });

export const meta: MetaFunction = () => [
  { title: pageTitle("My Cart") },
  { name: "description", content: "The products in your GearHub cart, their quantities and the total." },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const auth = await requireShopper(request, params.userId);
  const userId = Number(params.userId);
  // an admin may open any shopper's cart: one of a user who does not exist is the page's 404
  const { data: cart } = await loadOrThrow(auth.api(endpoints.cart.get, { params: { userId } }));
  // the estimate: for the country asked (?country=), else the default address; a bad country is no estimate
  const url = new URL(request.url);
  const asked = EstimateQuerySchema.safeParse(Object.fromEntries(url.searchParams));
  const query = asked.success ? asked.data : {};
  const { data: quote } =
    cart.items.length > 0 ? await auth.api(endpoints.cart.quote, { params: { userId }, query }) : { data: null };
  // shown only where the shop prices shipping or tax (else the total is the lines', as always)
  const estimate = quote && (quote.shipsByZone || quote.taxes.length > 0 || query.country) ? quote : null;
  return data({ cart, userId, estimate, countries: estimate ? countryList() : [] });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const auth = await requireShopper(request, params.userId);
  const form = await readForm(request);
  const back = `/user/${params.userId}/my-cart`;
  const parsed = CartIntentSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) {
    return intentReply(auth, form, back, {
      ok: false,
      message: parsed.error.issues[0]?.message ?? "Please try again.",
    });
  }
  const outcome = await attempt(send(auth, parsed.data));
  // a quantity change shows itself on the page; removing and clearing say so
  return outcomeReply(auth, form, back, outcome, { quiet: parsed.data.intent === "update" });
}

function send(auth: Auth, input: CartIntent): Promise<{ message: string }> {
  switch (input.intent) {
    case "update":
      return auth.api(endpoints.cart.update, {
        params: { cartId: input.cartId, itemId: input.productId },
        query: { quantity: input.quantity, variantId: input.variantId },
      });
    case "remove":
      return auth.api(endpoints.cart.remove, {
        params: { cartId: input.cartId, itemId: input.productId },
        query: { variantId: input.variantId },
      });
    case "clear":
      return auth.api(endpoints.cart.clear, { params: { cartId: input.cartId } });
  }
}

export default function MyCart() {
  const { cart, userId, estimate, countries } = useLoaderData<typeof loader>();
  return (
    <>
      <CartView cart={cart} userId={userId} />
      {estimate ? (
        <div className="mx-auto max-w-5xl px-4 pb-8">
          <ShippingEstimate quote={estimate} countries={countries} />
        </div>
      ) : null}
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
