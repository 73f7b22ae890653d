import type { SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { callApi, endpoints } from "~/client/api.server";
import type { Auth } from "~/client/auth.server";
import { CheckoutForm } from "~/components/checkout/checkout-form";
import { Price } from "~/components/shop/price";
import { GeneralErrorBoundary } from "~/components/layout/error-boundary";
import {
  ADD_ADDRESS_INTENT,
  CheckoutBillingFormSchema,
  CheckoutIntentSchema,
  CheckoutNewAddressSchema,
  SHIP_TO_BILLING,
  TestCheckoutFieldsSchema,
  TestCheckoutFormSchema,
  UNSAVED_ADDRESS,
  type CheckoutIntent,
  type CheckoutReply,
} from "~/schemas/checkout";
import { ADDRESS_TEXT_FIELDS } from "~/schemas/account";
import { beyondStock, CHECKOUT_BEYOND_STOCK } from "~/schemas/cart";
import { BillingSchema } from "~/schemas/payments";
import { attempt, readForm, refusedReply, sentWithJs } from "~/web/actions.server";
import { countryList } from "~/lib/countries.server";
import { requireOwner } from "~/web/guards.server";
import { pageTitle } from "~/lib/site";
import { formatPrice } from "~/lib/money";

export const meta: MetaFunction = () => [{ title: pageTitle("Checkout") }, { name: "robots", content: "noindex" }];

const SECRET_FIELDS = ["cardNumber", "cvc"];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const auth = await requireOwner(request, params.userId);
  const userId = auth.userId;
  const url = new URL(request.url);
  const [{ data: cart }, { data: user }, { data: payments }] = await Promise.all([
    auth.api(endpoints.cart.get, { params: { userId } }),
    auth.api(endpoints.users.get, { params: { userId } }),
    callApi(endpoints.payments.config, {}),
  ]);
  const shipTo = defaultShipTo(user.addressList, url.searchParams.get("shipTo"));
  const address = user.addressList[0];
  // the cart priced where it goes (a saved address, or the billing address: the account's first) and how
  const method = Number(url.searchParams.get("shipping")) || undefined;
  const where =
    shipTo === SHIP_TO_BILLING
      ? { country: address && address.country !== "XX" ? address.country : undefined, state: address?.state }
      : { shippingAddressId: Number(shipTo) };
  const [{ data: quote }, { data: attempt }] = await Promise.all([
    auth.api(endpoints.cart.quote, { params: { userId }, query: { ...where, shippingMethodId: method } }),
    auth.api(endpoints.orders.checkoutAttempt, {
      params: { userId },
      query: {
        shippingAddressId: shipTo === SHIP_TO_BILLING ? undefined : Number(shipTo),
        shippingMethodId: method,
      },
    }),
  ]);
  // a line the stock cannot fill would only be refused at "Pay Now": back to the cart, which offers to reduce it
  if (cart.items.some(beyondStock)) {
    throw await auth.redirect(`/user/${userId}/my-cart`, { type: "error", message: CHECKOUT_BEYOND_STOCK });
  }
  return data({
    cart,
    userId,
    payments,
    countries: countryList(),
    // the inputs' attributes come with the page; the schemas themselves when the form is first used
    constraint: getZodConstraint(payments.provider === "stripe" ? CheckoutBillingFormSchema : TestCheckoutFieldsSchema),
    billing: {
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
      street: address?.street ?? "",
      city: address?.city ?? "",
      state: address?.state ?? "",
      country: address && address.country !== "XX" ? address.country : "",
      postalCode: address?.postalCode ?? "",
    },
    addresses: user.addressList,
    shipTo,
    quote,
    cancelled: url.searchParams.has("cancelled"),
    // a reload, the back button or a second tab show the same attempt: a repeated post pays at most once
    attempt: attempt.attempt ?? "",
    paidOrderBeingPlaced: attempt.paidOrderBeingPlaced,
  });
}

/**
 * The address the page offers first: the one just added (?shipTo=), else the first SHIPPING address, else the first
 * saved one, else the billing address.
 */
function defaultShipTo(addresses: Array<{ id: number; addressType: string }>, asked: string | null): string {
  const chosen = addresses.find((a) => String(a.id) === asked);
  const first = chosen ?? addresses.find((a) => a.addressType === "SHIPPING") ?? addresses[0];
  return first ? String(first.id) : SHIP_TO_BILLING;
}

export async function action({ request, params }: ActionFunctionArgs) {
  const auth = await requireOwner(request, params.userId);
  const form = await readForm(request);
  // "Save and ship here" is a button of the checkout form: its intent wins over the form's own hidden one ("hosted")
  const adding = form.getAll("intent").includes(ADD_ADDRESS_INTENT);
  const intent = CheckoutIntentSchema.safeParse({
    ...Object.fromEntries(form),
    ...(adding ? { intent: ADD_ADDRESS_INTENT } : {}),
  });
  if (!intent.success) throw data("Unknown checkout step.", { status: 400 });
  const outcome = await attempt(checkoutStep(auth, request, form, intent.data));
  if (outcome.ok) return outcome.value;
  // the API names billing.city and card.expMonth; the form has city and one expiry field
  const rename = (path: string) => {
    const field = path.replace(/^(billing|card)\./, "");
    return field === "expMonth" || field === "expYear" ? "exp" : field;
  };
  const submission = parseWithZod(form, { schema: BillingSchema });
  const result = refusedReply(submission, outcome.error, { rename, hideFields: SECRET_FIELDS });
  return data<CheckoutReply>({ result }, { status: outcome.error.status });
}

/**
 * The answer to a placed order: with JavaScript the page shows it and moves on to the order's confirmation page after
 * 5 s; without, the confirmation page at once.
 */
function placed(auth: Auth, form: FormData, message: string, orderId: number) {
  const redirectTo = `/orders/${orderId}`;
  if (sentWithJs(form)) return data<CheckoutReply>({ success: { message, redirectTo } });
  return auth.redirect(redirectTo, { type: "success", message });
}

/** What the checkout form's intent asks for (its schema is a discriminated union on `intent`: one branch each). */
function checkoutStep(auth: Auth, request: Request, form: FormData, intent: CheckoutIntent) {
  switch (intent.intent) {
    case "pay":
      return payWithTestCard(auth, form, intent.attempt);
    case "create-intent":
    case "hosted":
      return startPayment(auth, request, form, intent.intent);
    case "place-order":
      return placeOrder(auth, form, intent.paymentIntentId);
    case "add-address":
      return addShippingAddress(auth, form);
  }
}

const refused = (result: SubmissionResult<string[]>, status: number) => data<CheckoutReply>({ result }, { status });

/** Test payments: the card form posts here, with or without JavaScript; the server pays and places in one call. */
async function payWithTestCard(auth: Auth, form: FormData, checkoutAttempt: string | undefined) {
  const submission = parseWithZod(form, { schema: TestCheckoutFormSchema });
  if (submission.status !== "success") return refused(submission.reply({ hideFields: SECRET_FIELDS }), 422);
  if (unsavedAddress(form)) return refused(unsavedAddressReply(submission), 422);
  const { amount, shippingAddressId, shippingMethodId, billing } = submission.value;
  const moved = await totalMoved(auth, { amount, shippingAddressId, shippingMethodId, billing });
  if (moved) return moved;
  const { data: outcome, message } = await auth.api(endpoints.orders.checkout, {
    params: { userId: auth.userId },
    body: { ...submission.value, attempt: checkoutAttempt || undefined },
  });
  return placed(auth, form, outcome.created ? message : "Your order has been placed.", outcome.order.id);
}

/**
 * Stripe: a payment intent for the browser to confirm the card with (JavaScript), or Stripe's hosted page and back to
 * /checkout/{userId}/complete (without).
 */
async function startPayment(auth: Auth, request: Request, form: FormData, how: "create-intent" | "hosted") {
  const userId = auth.userId;
  const submission = parseWithZod(form, { schema: CheckoutBillingFormSchema });
  if (submission.status !== "success") return refused(submission.reply(), 422);
  if (unsavedAddress(form)) return refused(unsavedAddressReply(submission), 422);
  // the billing details and the address go with the payment: an order placed by the webhook or the reconciler
  // (the browser never came back) ships to the same place
  const { amount, shippingAddressId, shippingMethodId, ...billing } = submission.value;
  const moved = await totalMoved(auth, { amount, shippingAddressId, shippingMethodId, billing });
  if (moved) return moved;
  if (how === "create-intent") {
    const { data: payment } = await auth.api(endpoints.payments.createIntent, {
      body: { amount, currency: "usd", shippingAddressId, shippingMethodId, billing },
    });
    const { clientSecret, paymentIntentId } = payment;
    return data<CheckoutReply>({ payment: { clientSecret, paymentIntentId } });
  }
  const origin = new URL(request.url).origin;
  const { data: session } = await auth.api(endpoints.payments.checkoutSession, {
    body: {
      amount,
      email: billing.email,
      shippingAddressId,
      shippingMethodId,
      billing,
      successUrl: `${origin}/checkout/${userId}/complete?session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${origin}/checkout/${userId}/checkout?cancelled=1`,
    },
  });
  return redirect(session.url, { status: 303 });
}

/**
 * The total of what was chosen (an address, a method) against the total the page showed: another address or method
 * chosen without JavaScript (or a rate changed meanwhile) brings the page back priced for the choice, to be paid
 * again, before anything is charged; an address no method serves too.
 */
async function totalMoved(
  auth: Auth,
  choice: {
    amount: number;
    shippingAddressId?: number;
    shippingMethodId?: number;
    billing: { country: string; state: string };
  },
) {
  const where =
    choice.shippingAddressId === undefined
      ? { country: choice.billing.country, state: choice.billing.state }
      : { shippingAddressId: choice.shippingAddressId };
  const { data: quote } = await auth.api(endpoints.cart.quote, {
    params: { userId: auth.userId },
    query: { ...where, shippingMethodId: choice.shippingMethodId },
  });
  const search = new URLSearchParams({ shipTo: String(choice.shippingAddressId ?? SHIP_TO_BILLING) });
  if (quote.shipping) search.set("shipping", String(quote.shipping.methodId));
  const back = `/checkout/${auth.userId}/checkout?${search.toString()}`;
  if (!quote.shippable) {
    return auth.redirect(back, {
      type: "error",
      message: "Sorry, we cannot ship this order to this address. Please choose another address.",
    });
  }
  if (quote.total.toFixed(2) === choice.amount.toFixed(2)) return null;
  const how = quote.shipping ? ` with ${quote.shipping.method} shipping` : "";
  return auth.redirect(back, {
    type: "info",
    message: `Your total is now ${formatPrice(quote.total)}${how}. Nothing was charged: please check it and pay again.`,
  });
}

/** Stripe with JavaScript: the browser confirmed the card; the server checks the payment and places the order. */
async function placeOrder(auth: Auth, form: FormData, paymentIntentId: string) {
  const billing = BillingSchema.safeParse(Object.fromEntries(form));
  const shipTo = CheckoutBillingFormSchema.shape.shippingAddressId.safeParse(form.get("shippingAddressId"));
  const body = {
    paymentIntentId,
    billing: billing.success ? billing.data : undefined,
    shippingAddressId: shipTo.success ? shipTo.data : undefined,
  };
  const { message, data: order } = await auth.api(endpoints.orders.place, { params: { userId: auth.userId }, body });
  return placed(auth, form, message, order.id);
}

/**
 * "Save and ship here": the whole checkout form was sent; it comes back with the billing details as typed (the
 * card's aside), with and without JavaScript, so nothing typed above is lost by adding an address.
 */
async function addShippingAddress(auth: Auth, form: FormData) {
  const submission = parseWithZod(form, { schema: CheckoutNewAddressSchema });
  if (submission.status !== "success") return refused(submission.reply({ hideFields: SECRET_FIELDS }), 422);
  const added = await attempt(
    auth.api(endpoints.users.addAddresses, { params: { userId: auth.userId }, body: [submission.value.newAddress] }),
  );
  if (!added.ok) {
    // the API names the list's fields "0.street"; a refusal without fields is said by the address's fields too
    const result = added.error.errors
      ? refusedReply(submission, added.error, {
          rename: (field) => `newAddress.${field.replace(/^0\./, "")}`,
          hideFields: SECRET_FIELDS,
        })
      : submission.reply({ fieldErrors: { newAddress: [added.error.message] }, hideFields: SECRET_FIELDS });
    return refused(result, added.error.status);
  }
  const address = added.value.data[0]!;
  const result = submission.reply({ hideFields: [...SECRET_FIELDS, "newAddress"] });
  return data<CheckoutReply>({
    result: { ...result, initialValue: { ...result.initialValue, shippingAddressId: String(address.id) } },
    added: { message: "Address added: your order ships there.", addressId: address.id },
  });
}

/**
 * A new shipping address typed but not saved. Without JavaScript, Enter in its fields presses the form's first button,
 * Pay Now (and a shopper may press it too): the order would ship to the address chosen above while the one being typed
 * is dropped. Nothing is paid until it is saved or cleared.
 */
function unsavedAddress(form: FormData): boolean {
  return ADDRESS_TEXT_FIELDS.some((field) => String(form.get(`newAddress.${field}`) ?? "").trim() !== "");
}

function unsavedAddressReply(submission: {
  reply: (options: { fieldErrors: Record<string, string[]>; hideFields: string[] }) => SubmissionResult<string[]>;
}) {
  return submission.reply({ fieldErrors: { newAddress: [UNSAVED_ADDRESS] }, hideFields: SECRET_FIELDS });
}

export default function Checkout() {
  const loaded = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>() as CheckoutReply | undefined;
  if (loaded.cart.items.length === 0 && !reply?.success) {
    return (
      <div className="mx-auto max-w-xl px-4 py-16 text-center">
        <h1 className="text-2xl font-bold text-slate-900">Checkout</h1>
        <p className="mt-4 text-lg text-slate-700">Your cart is empty</p>
        <Link to="/products" className="btn-primary mt-6">
          Continue Shopping
        </Link>
      </div>
    );
  }
  if (loaded.paidOrderBeingPlaced && !reply?.success) {
    return <PaidOrderBeingPlaced amount={loaded.paidOrderBeingPlaced.amount} userId={loaded.userId} />;
  }
  return <CheckoutForm {...loaded} reply={reply} />;
}

/**
 * An earlier checkout was charged and its order is not placed yet (cut off after the charge; decision 0033): the page
 * says so instead of offering to pay again, which the shop would refuse until that order is placed.
 */
function PaidOrderBeingPlaced({ amount, userId }: { amount: number; userId: number }) {
  return (
    <div className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className="text-2xl font-bold text-slate-900">Checkout</h1>
      <div role="status" className="mt-6 rounded-lg border border-amber-300 bg-amber-50 p-4 text-left text-slate-800">
        <p className="font-semibold">A paid order is being placed.</p>
        <p className="mt-2">
          Your card was charged <Price value={amount} /> for an earlier checkout whose order is not placed yet. We are
          placing it now: it will show under your orders and you will get its confirmation by e-mail within a few
          minutes (or a refund if an item sold out). You will not be charged again for it.
        </p>
        <p className="mt-2">Once it shows, check your cart and pay for what is left.</p>
      </div>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <Link to={`/user-profile/${userId}/profile`} className="btn-primary">
          See my orders
        </Link>
        <Link to="." className="btn-secondary">
          Check again
        </Link>
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
