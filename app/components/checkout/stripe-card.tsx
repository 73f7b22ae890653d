import { CardElement, Elements, useElements, useStripe } from "@stripe/react-stripe-js";
import type { ReleaseTrain, Stripe } from "@stripe/stripe-js";
import { loadStripe } from "@stripe/stripe-js/pure";
import { useEffect, useState, type MutableRefObject } from "react";

export interface BillingDetails {
  name: string;
  email: string;
  address: { line1: string; city: string; state: string; country: string; postal_code: string };
}

/** Confirms a PaymentIntent with the card typed into Stripe's box: Stripe's error message, or the intent's status. */
export type ConfirmCard = (
  clientSecret: string,
  billing: BillingDetails,
) => Promise<{ error: string } | { status: string; paymentIntentId: string }>;

/** The release of Stripe.js this @stripe/stripe-js expects: a type error when an update moves it to another. */
const RELEASE: ReleaseTrain = "endive";
const STRIPE_JS = `https://js.stripe.com/${RELEASE}/stripe.js`;

let script: Promise<boolean> | undefined;

/**
 * Stripe's script, requested once per page load and only on this page. loadStripe would add it too, but when that
 * request fails (blocked, offline) it adds it again at once: two requests on every such visit. With the script already
 * there, loadStripe only makes the client. A failed script is not tried again until the next page load; paying then
 * says it is not ready, and without JavaScript the hosted Checkout remains.
 */
function stripeScript(): Promise<boolean> {
  script ??= new Promise((resolve) => {
    if ("Stripe" in window) return resolve(true);
    const element = document.createElement("script");
    element.src = STRIPE_JS;
    element.async = true;
    element.addEventListener("load", () => resolve("Stripe" in window));
    element.addEventListener("error", () => resolve(false));
    document.head.appendChild(element);
  });
  return script;
}

const loaded = new Map<string, Promise<Stripe | null>>();

function stripeFor(publishableKey: string) {
  let promise = loaded.get(publishableKey);
  if (!promise) {
    promise = stripeScript()
      .then((ready) => (ready ? loadStripe(publishableKey) : null))
      .catch(() => null);
    loaded.set(publishableKey, promise);
  }
  return promise;
}

function CardBox({ confirmRef }: { confirmRef: MutableRefObject<ConfirmCard | null> }) {
  const stripe = useStripe();
  const elements = useElements();
  useEffect(() => {
    confirmRef.current =
      stripe && elements
        ? async (clientSecret, billing) => {
            const card = elements.getElement(CardElement);
            if (!card) return { error: "Loading..., please try again" };
            const result = await stripe.confirmCardPayment(clientSecret, {
              payment_method: { card, billing_details: billing },
            });
            if (result.error) return { error: result.error.message ?? "Error processing payment" };
            return { status: result.paymentIntent.status, paymentIntentId: result.paymentIntent.id };
          }
        : null;
    return () => {
      confirmRef.current = null;
    };
  }, [stripe, elements, confirmRef]);
  return (
    <div className="input py-3" aria-label="Card details">
      <CardElement options={{ hidePostalCode: true, style: { base: { fontSize: "16px" } } }} />
    </div>
  );
}

/** Stripe Elements' card box; `confirmRef` is set once Stripe has loaded (until then, paying says so). */
export function StripeCardBox({
  publishableKey,
  confirmRef,
}: {
  publishableKey: string;
  confirmRef: MutableRefObject<ConfirmCard | null>;
}) {
  const [stripe] = useState(() => stripeFor(publishableKey));
  return (
    <Elements stripe={stripe}>
      <CardBox confirmRef={confirmRef} />
    </Elements>
  );
}
