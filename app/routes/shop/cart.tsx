import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
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
import { DiscountCodeForm } from "~/components/shop/discount-code-form";
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
  return data({ cart, userId, estimate, quote, countries: estimate ? countryList() : [] });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const auth = await requireShopper(request, params.userId);
  const form = await readForm(request);
  const back = `/user/${params.userId}/my-cart`;
  const parsed = CartIntentSchema.safeParse(Object.fromEntries(form));
  if (form.get("intent") === "discount-apply") {
    // a refused code is said next to the field, with what was typed (JavaScript on or off)
    const typed = String(form.get("code") ?? "").slice(0, 100);
    const sent = { intent: "discount-apply", id: null, values: { code: typed } };
    if (!parsed.success) {
      const message = parsed.error.issues[0]?.message ?? "Enter a code";
      return intentReply(auth, form, back, { ok: false, message, errors: { code: [message] }, keepForm: true, sent });
    }
  }
  if (!parsed.success) {
    return intentReply(auth, form, back, {
      ok: false,
      message: parsed.error.issues[0]?.message ?? "Please try again.",
    });
  }
  if (parsed.data.intent === "discount-apply") {
    const outcome = await attempt(
      auth.api(endpoints.cart.applyDiscount, {
        params: { userId: Number(params.userId) },
        body: { code: parsed.data.code },
      }),
    );
    return outcomeReply(auth, form, back, outcome, {
      keepForm: true,
      sent: { intent: "discount-apply", id: null, values: { code: parsed.data.code } },
    });
  }
  const outcome = await attempt(send(auth, Number(params.userId), parsed.data));
  // a quantity change shows itself on the page; removing and clearing say so
  return outcomeReply(auth, form, back, outcome, { quiet: parsed.data.intent === "update" });
}

function send(
  auth: Auth,
  userId: number,
  input: Exclude<CartIntent, { intent: "discount-apply" }>,
): Promise<{ message: string }> {
  switch (input.intent) {
    case "discount-remove":
      return auth.api(endpoints.cart.removeDiscount, { params: { userId } });
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
  const { cart, userId, estimate, quote, countries } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const refused = reply && !reply.ok && reply.sent?.intent === "discount-apply" ? reply : null;
  return (
    <CartView
      cart={cart}
      userId={userId}
      beforeTotal={
        <>
          {quote ? (
            <DiscountCodeForm
              quote={quote}
              error={refused?.errors?.code?.[0] ?? refused?.message}
              typed={refused?.sent?.values?.code}
            />
          ) : null}
          {estimate ? <ShippingEstimate quote={estimate} countries={countries} /> : null}
        </>
      }
    />
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
