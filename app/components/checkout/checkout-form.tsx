import { getFormProps, getSelectProps, useForm } from "@conform-to/react";
import { Form, Link, useFetcher, useNavigate, useNavigation } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { JsMarker } from "~/components/ui/js-marker";
import { Price } from "~/components/shop/price";
import { Field } from "~/components/ui/field";
import { Spinner } from "~/components/ui/spinner";
import { useToast } from "~/components/ui/toast";
import { useIsPending } from "~/hooks/use-is-pending";
import { useLazyValidation } from "~/hooks/use-lazy-validation";
import { useNewest } from "~/hooks/use-newest";
import type { CheckoutReply } from "~/schemas/checkout";
import type { AddressDto } from "~/schemas/account";
import { ADD_ADDRESS_INTENT } from "~/schemas/cart-constants";
import type { CartDto } from "~/schemas/cart";
import type { QuoteDto } from "~/schemas/orders";
import type { PaymentConfig } from "~/schemas/payments";
import { PriceSummary } from "~/components/shop/price-summary";

import { CardFields, TextField, type CheckoutFields } from "./checkout-fields";
import { PaymentSuccess } from "./payment-success";
import { AddShippingAddress, ShipToChoice } from "./ship-to";
import { ShippingMethods } from "./shipping-methods";
import { StripeCardBox, type ConfirmCard } from "./stripe-card";

interface Props {
  cart: CartDto;
  userId: number;
  payments: PaymentConfig;
  countries: Array<{ code: string; name: string }>;
  billing: Record<string, string>;
  /** the inputs' attributes (required, maxLength, …): `getZodConstraint` of the mode's schema, by the loader */
  constraint: NonNullable<Parameters<typeof useForm>[0]["constraint"]>;
  /** the saved addresses the order can ship to, and the one offered first (an id, or "billing") */
  addresses: AddressDto[];
  shipTo: string;
  cancelled: boolean;
  /** the checkout attempt this page shows: posted back, so a repeated post pays at most once */
  attempt: string;
  /** the cart priced for the address and method offered (the server's figures: the amount shown and checked) */
  quote: QuoteDto;
  reply: CheckoutReply | undefined;
}

const NOT_READY = "Loading..., please try again";

/** The form was sent by "Save and ship here" (its button's intent), not by Pay Now. */
const addingAddress = (formData: FormData) => formData.getAll("intent").includes(ADD_ADDRESS_INTENT);

export function CheckoutForm({
  cart,
  payments,
  countries,
  billing,
  constraint,
  addresses,
  shipTo,
  cancelled,
  attempt,
  quote,
  reply,
}: Props) {
  const hydrated = useHydrated();
  const toast = useToast();
  const stripeMode = payments.provider === "stripe";
  const fetcher = useFetcher<CheckoutReply>();
  const confirmRef = useRef<ConfirmCard | null>(null);
  const [processing, setProcessing] = useState(false);
  // Stripe with JavaScript pays through the fetcher, and "Save and ship here" is a post of the page: the later answer
  const latest = useNewest(fetcher.data, reply);

  // the schemas (and zod) are fetched when the page's forms are first used; the server checks every post anyway
  const validation = useLazyValidation(() => import("~/schemas/checkout"));
  const [form, fields] = useForm<CheckoutFields, unknown>({
    lastResult: latest?.result,
    constraint,
    defaultValue: { ...billing, shippingAddressId: shipTo },
    ...validation.options(({ parseWithZod, schemas }, formData) =>
      addingAddress(formData)
        ? parseWithZod(formData, { schema: schemas.CheckoutNewAddressSchema })
        : parseWithZod(formData, {
            schema: stripeMode ? schemas.CheckoutBillingFormSchema : schemas.TestCheckoutFormSchema,
          }),
    ),
    onSubmit(event, { formData }) {
      // test payments, and "Save and ship here": a plain form post
      if (!stripeMode || addingAddress(formData)) return;
      event.preventDefault();
      if (!confirmRef.current) {
        toast({ type: "error", message: NOT_READY });
        return;
      }
      setProcessing(true);
      formData.set("intent", "create-intent");
      fetcher.submit(formData, { method: "post" });
    },
  });

  // Stripe with JavaScript: the server made the payment; the card is confirmed with Stripe, then the order placed
  const confirming = useRef<string | null>(null);
  useEffect(() => {
    const payment = fetcher.data?.payment;
    if (fetcher.state !== "idle" || !payment || confirming.current === payment.paymentIntentId) return;
    confirming.current = payment.paymentIntentId;
    const values = Object.fromEntries(new FormData(document.getElementById(form.id) as HTMLFormElement)) as Record<
      string,
      string
    >;
    void (async () => {
      const confirm = confirmRef.current;
      const outcome = confirm
        ? await confirm(payment.clientSecret, {
            name: `${values.firstName} ${values.lastName}`.trim(),
            email: values.email ?? "",
            address: {
              line1: values.street ?? "",
              city: values.city ?? "",
              state: values.state ?? "",
              country: values.country ?? "",
              postal_code: values.postalCode ?? "",
            },
          }).catch((error: Error) => ({ error: `Error processing payment: ${error.message}` }))
        : { error: NOT_READY };
      if ("error" in outcome) {
        toast({ type: "error", message: outcome.error });
        setProcessing(false);
        return;
      }
      if (outcome.status !== "succeeded") {
        toast({ type: "error", message: "Error processing payment: the payment did not go through." });
        setProcessing(false);
        return;
      }
      fetcher.submit(
        { ...values, intent: "place-order", paymentIntentId: outcome.paymentIntentId, js: "1" },
        { method: "post" },
      );
    })();
  }, [fetcher, form.id, toast]);

  // a declined card or a failed order is also a toast, besides the message by the button (docs/product.md#checkout)
  useEffect(() => {
    const formError = latest?.result?.error?.[""]?.[0];
    if (formError) toast({ type: "error", message: formError });
  }, [latest?.result, toast]);

  // a failed step ends processing; the form shows what went wrong
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.result) setProcessing(false);
  }, [fetcher.state, fetcher.data]);

  // with JavaScript another address or method re-prices the page at once (the typed fields stay as they are)
  const navigate = useNavigate();
  const reprice = (event: React.FormEvent<HTMLElement>) => {
    const input = event.target as HTMLInputElement;
    if (input.name !== "shippingAddressId" && input.name !== "shippingMethodId") return;
    const data = new FormData(input.form ?? undefined);
    const search = new URLSearchParams();
    search.set("shipTo", String(data.get("shippingAddressId") ?? shipTo));
    const method = data.get("shippingMethodId");
    if (method && input.name === "shippingMethodId") search.set("shipping", String(method));
    navigate(`?${search.toString()}`, { replace: true, preventScrollReset: true });
  };

  const success = latest?.success;
  const navigation = useNavigation();
  const submitting = useIsPending();
  // one form, two buttons: which one was pressed says what is on its way (and which button shows it)
  const savingAddress = submitting && navigation.formData !== undefined && addingAddress(navigation.formData);
  const paying = (submitting && !savingAddress) || processing || fetcher.state !== "idle";
  const busy = paying || savingAddress;

  if (success) return <PaymentSuccess message={success.message} redirectTo={success.redirectTo} />;

  return (
    // the triggers sit on the page, not the form: the new address's fields are outside it (form="…")
    <div className="mx-auto max-w-6xl px-4 py-8" {...validation.triggers}>
      <h1 className="text-2xl font-bold text-slate-900">Checkout</h1>
      {/* without JavaScript a refused payment comes back as this page: say so at the top, not only by Pay Now (on a
          phone that is far down); with JavaScript a toast says it */}
      {!hydrated && form.errors?.[0] ? (
        <p className="mt-3 rounded-lg border border-red-200 bg-red-50 p-3 text-sm font-medium text-red-900">
          {form.errors[0]}{" "}
          <a href={`#${form.errorId}`} className="underline">
            Back to the payment
          </a>
        </p>
      ) : null}
      {cancelled ? (
        <p className="mt-3 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
          The payment was cancelled. Nothing was charged.
        </p>
      ) : null}
      <Form method="post" {...getFormProps(form)} className="mt-6 grid gap-8 lg:grid-cols-[1fr_22rem]">
        <div className="space-y-6">
          <fieldset className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
            <legend className="px-1 text-lg font-semibold text-slate-900">Billing details</legend>
            <div className="mt-2 grid gap-x-4 sm:grid-cols-2">
              <TextField field={fields.firstName} label="First name" autoComplete="given-name" />
              <TextField field={fields.lastName} label="Last name" autoComplete="family-name" />
              <TextField
                field={fields.email}
                label="Email"
                autoComplete="email"
                type="email"
                className="sm:col-span-2"
              />
              <TextField field={fields.street} label="Street" autoComplete="address-line1" className="sm:col-span-2" />
              <TextField field={fields.city} label="City" autoComplete="address-level2" />
              <TextField field={fields.state} label="State" autoComplete="address-level1" />
              <Field id={fields.country.id} label="Country" errors={fields.country.errors}>
                <select {...getSelectProps(fields.country)} autoComplete="country" className="input">
                  {countries.map((country) => (
                    <option key={country.code} value={country.code}>
                      {country.name}
                    </option>
                  ))}
                </select>
              </Field>
              <TextField field={fields.postalCode} label="Postal code" autoComplete="postal-code" />
            </div>
          </fieldset>

          <fieldset className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
            <legend className="px-1 text-lg font-semibold text-slate-900">Card</legend>
            {stripeMode ? (
              hydrated && payments.publishableKey ? (
                <div className="mt-2">
                  <StripeCardBox publishableKey={payments.publishableKey} confirmRef={confirmRef} />
                </div>
              ) : (
                <p className="mt-2 text-sm text-slate-600">
                  <input type="hidden" name="intent" value="hosted" />
                  After &lsquo;Pay Now&rsquo; you enter your card on Stripe&rsquo;s secure payment page, then come back
                  here.
                </p>
              )
            ) : (
              <CardFields fields={fields} />
            )}
          </fieldset>
        </div>

        <aside
          onChange={reprice}
          aria-labelledby="order-summary"
          className="h-fit rounded-xl border border-slate-200 bg-white p-6 shadow-sm lg:sticky lg:top-4"
        >
          <h2 id="order-summary" className="text-lg font-semibold text-slate-900">
            Order summary
          </h2>
          <ul className="mt-4 divide-y divide-slate-100 text-sm">
            {cart.items.map((item) => (
              <li key={item.variantId} className="flex justify-between gap-3 py-2">
                <span className="min-w-0">
                  <span className="font-medium text-slate-900">{item.product.name}</span>
                  {item.variantLabel ? <span className="block text-xs text-slate-600">{item.variantLabel}</span> : null}
                  <span className="block text-xs text-slate-500">
                    {item.quantity} × <Price value={item.unitPrice} className="font-normal" />
                  </span>
                </span>
                <Price value={item.totalPrice} />
              </li>
            ))}
          </ul>
          <ShipToChoice
            addresses={addresses}
            selected={String(latest?.result?.initialValue?.shippingAddressId ?? shipTo)}
            errors={fields.shippingAddressId.errors}
            countries={countries}
            added={latest?.added?.message}
          />
          <ShippingMethods quote={quote} disabled={busy} />
          <PriceSummary parts={quote} totalLabel="Total Amount" />
          {quote.discountCode?.refusal ? (
            <p className="mt-2 text-sm font-medium text-red-700" data-testid="discount-refusal">
              The discount code {quote.discountCode.code} cannot be used: {quote.discountCode.refusal} Remove it in your
              cart to pay.
            </p>
          ) : null}
          <input type="hidden" name="amount" value={quote.total.toFixed(2)} />
          <input type="hidden" name="attempt" value={attempt} />
          <JsMarker />
          <p id={form.errorId} role="alert" className="mt-4 min-h-[1.25rem] text-sm font-medium text-red-700">
            {form.errors?.[0] ?? ""}
          </p>
          <button
            type="submit"
            className="btn-primary mt-2 w-full py-3 text-base"
            disabled={busy || !quote.shippable}
            aria-disabled={busy || !quote.shippable}
          >
            {paying ? <Spinner label="Processing payment" className="h-4 w-4" /> : null}
            Pay Now
          </button>
          <p className="mt-3 text-xs text-slate-600" data-testid="checkout-terms">
            By paying you accept our{" "}
            <Link to="/policies/terms" className="text-brand-700 underline">
              terms and conditions
            </Link>
            . You may withdraw from the contract as our{" "}
            <Link to="/policies/returns" className="text-brand-700 underline">
              returns and withdrawal policy
            </Link>{" "}
            says.
          </p>
        </aside>
      </Form>
      {/* after an address is added its fields start empty again, closed */}
      <AddShippingAddress
        key={latest?.added?.addressId ?? "new"}
        formId={form.id}
        address={fields.newAddress}
        countries={countries}
        saving={savingAddress}
        disabled={busy}
      />
    </div>
  );
}
