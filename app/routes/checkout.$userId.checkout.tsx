import { parseWithZod } from "@conform-to/zod/v4";
import type { SubmissionResult } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { CheckoutForm } from "~/components/checkout/checkout-form";
import { CheckoutBillingFormSchema, TestCheckoutFormSchema } from "~/schemas/checkout";
import { BillingSchema } from "~/schemas/orders";
import { ApiError, api } from "~/services/api-client.server";
import { requireAuth, type Auth } from "~/utils/auth.server";
import { countryList } from "~/utils/countries.server";
import { nanoid } from "nanoid";
import { pageTitle } from "~/utils/site";

export const meta: MetaFunction = () => [{ title: pageTitle("Checkout") }, { name: "robots", content: "noindex" }];

export interface CheckoutReply {
  result?: SubmissionResult<string[]>;
  /** Stripe with JavaScript: the payment to confirm in the browser */
  payment?: { clientSecret: string; paymentIntentId: string };
  success?: { message: string; redirectTo: string };
}

const SECRET_FIELDS = ["cardNumber", "cvc"];

/** Checkout is the signed-in owner's own: an admin has no business paying with someone else's cart. */
async function requireOwner(request: Request, userId: string | undefined) {
  const auth = await requireAuth(request, { roles: ["ROLE_ADMIN", "ROLE_USER"] });
  if (String(auth.userId) !== userId)
    throw redirect(`/unauthorized?from=${encodeURIComponent(new URL(request.url).pathname)}`);
  return auth;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const auth = await requireOwner(request, params.userId);
  const [cart, user, payments] = await Promise.all([
    auth.call((token) => api.cart.get(token, auth.userId)),
    auth.call((token) => api.users.get(token, auth.userId)),
    api.payments.config(),
  ]);
  const address = user.addressList[0];
  return data(
    {
      cart,
      userId: auth.userId,
      payments,
      countries: countryList().map((c) => (c.code === "XX" ? { code: "", name: "Choose a country" } : c)),
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
      cancelled: new URL(request.url).searchParams.has("cancelled"),
      checkoutId: nanoid(),
    },
    { headers: auth.headers },
  );
}

const profileOf = (userId: number) => `/user-profile/${userId}/profile`;

/** The answer to a placed order: with JavaScript the page shows it and moves on after 5 s; without, the profile at once. */
function placed(auth: Auth, withJs: boolean, message: string) {
  const redirectTo = profileOf(auth.userId);
  if (withJs) return data<CheckoutReply>({ success: { message, redirectTo } }, { headers: auth.headers });
  return auth.redirect(redirectTo, { type: "success", message });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const auth = await requireOwner(request, params.userId);
  const formData = await request.formData();
  const withJs = formData.get("js") === "1";
  const intent = String(formData.get("intent") ?? "pay");
  const fail = (result: SubmissionResult<string[]>, status: number) =>
    data<CheckoutReply>({ result }, { status, headers: auth.headers });

  try {
    if (intent === "place-order") {
      // Stripe with JavaScript: the browser confirmed the card; the server checks the payment and places the order
      const paymentIntentId = String(formData.get("paymentIntentId") ?? "");
      const billing = BillingSchema.safeParse(Object.fromEntries(formData));
      const result = await auth.call((token) =>
        api.orders.place(token, auth.userId, { paymentIntentId, billing: billing.success ? billing.data : undefined }),
      );
      return placed(auth, withJs, result.message);
    }

    if (intent === "create-intent" || intent === "hosted") {
      const submission = parseWithZod(formData, { schema: CheckoutBillingFormSchema });
      if (submission.status !== "success") return fail(submission.reply(), 422);
      if (intent === "create-intent") {
        const payment = await auth.call((token) => api.payments.createIntent(token, submission.value.amount));
        return data<CheckoutReply>(
          { payment: { clientSecret: payment.clientSecret, paymentIntentId: payment.paymentIntentId } },
          { headers: auth.headers },
        );
      }
      // Stripe without JavaScript: its hosted page, and back to /checkout/{userId}/complete
      const origin = new URL(request.url).origin;
      const session = await auth.call((token) =>
        api.payments.checkoutSession(token, {
          amount: submission.value.amount,
          email: submission.value.email,
          successUrl: `${origin}/checkout/${auth.userId}/complete?session_id={CHECKOUT_SESSION_ID}`,
          cancelUrl: `${origin}/checkout/${auth.userId}/checkout?cancelled=1`,
        }),
      );
      return redirect(session.url, { status: 303, headers: auth.headers });
    }

    // test payments: the card form posts here, with or without JavaScript
    const submission = parseWithZod(formData, { schema: TestCheckoutFormSchema });
    if (submission.status !== "success") return fail(submission.reply({ hideFields: SECRET_FIELDS }), 422);
    const { amount, billing, card } = submission.value;
    const checkoutId = String(formData.get("checkoutId") ?? "") || undefined;
    const payment = await auth.call((token) => api.payments.createIntent(token, amount, checkoutId));
    const confirmed = await auth
      .call((token) =>
        api.payments.testConfirm(token, {
          paymentIntentId: payment.paymentIntentId,
          cardNumber: card.cardNumber,
          expMonth: card.expMonth,
          expYear: card.expYear,
          cvc: card.cvc,
        }),
      )
      .catch((error: unknown) => {
        // the same form posted twice: the first post paid already, so this one only places (or finds) the order
        if (error instanceof ApiError && error.status === 409) return null;
        throw error;
      });
    if (confirmed?.error)
      return fail(submission.reply({ formErrors: [confirmed.error.message], hideFields: SECRET_FIELDS }), 402);
    const result = await auth.call((token) =>
      api.orders.place(token, auth.userId, { paymentIntentId: payment.paymentIntentId, billing }),
    );
    return placed(auth, withJs, result.message);
  } catch (error) {
    if (!(error instanceof ApiError) || error.status >= 500) throw error;
    const fieldErrors: Record<string, string[]> = {};
    for (const [key, messages] of Object.entries(error.errors ?? {})) {
      const field = key === "expMonth" || key === "expYear" ? "exp" : key;
      (fieldErrors[field] ??= []).push(...messages);
    }
    const submission = parseWithZod(formData, { schema: BillingSchema });
    return fail(
      submission.reply({
        formErrors: Object.keys(fieldErrors).length ? [] : [error.message],
        fieldErrors,
        hideFields: SECRET_FIELDS,
      }),
      error.status,
    );
  }
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
  return <CheckoutForm {...loaded} reply={reply} />;
}
