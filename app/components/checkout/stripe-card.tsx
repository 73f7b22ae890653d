import { CardElement, Elements, useElements, useStripe } from "@stripe/react-stripe-js";
import type { Stripe } from "@stripe/stripe-js";
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

const loaded = new Map<string, Promise<Stripe | null>>();

/** Stripe's script, loaded only on this page (the `pure` entry does not inject it on import). */
function stripeFor(publishableKey: string) {
  let promise = loaded.get(publishableKey);
  if (!promise) {
    promise = loadStripe(publishableKey).catch(() => null);
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
