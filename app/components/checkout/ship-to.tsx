import { Form } from "@remix-run/react";
import { AddressFields } from "~/components/shop/address-fields";
import type { AddressDto } from "~/schemas/account";
import { SHIP_TO_BILLING, type CheckoutReply } from "~/schemas/checkout";

type Countries = Array<{ code: string; name: string }>;

function AddressSummary({ address, countries }: { address: AddressDto; countries: Countries }) {
  const country = countries.find((c) => c.code === address.country)?.name;
  const place = [address.city, address.state, address.postalCode].filter(Boolean).join(", ");
  return (
    <span className="min-w-0 break-words">
      <span className="block font-medium text-slate-900">{address.street || "(no street)"}</span>
      {place ? <span className="block text-slate-700">{place}</span> : null}
      {country && address.country !== "XX" ? <span className="block text-slate-700">{country}</span> : null}
      {address.mobileNumber ? <span className="block text-slate-600">{address.mobileNumber}</span> : null}
    </span>
  );
}

const OPTION =
  "flex cursor-pointer items-start gap-3 rounded-lg border border-slate-300 p-3 text-sm has-[:checked]:border-blue-700 has-[:checked]:bg-blue-50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-blue-600";

/**
 * The order summary's "Ship to": the saved addresses and the billing address as radio buttons of the checkout form,
 * so the address the order ships to is chosen where the total is read, with or without JavaScript.
 */
export function ShipToChoice({
  addresses,
  selected,
  errors,
  countries,
}: {
  addresses: AddressDto[];
  selected: string;
  errors?: string[];
  countries: Countries;
}) {
  return (
    <fieldset className="mt-4 border-t border-slate-200 pt-4" aria-describedby="ship-to-error">
      <legend className="text-base font-semibold text-slate-900">Ship to</legend>
      <div className="mt-2 space-y-2">
        {addresses.map((address) => (
          <label key={address.id} className={OPTION}>
            <input
              type="radio"
              name="shippingAddressId"
              value={address.id}
              defaultChecked={selected === String(address.id)}
              className="mt-1"
            />
            <AddressSummary address={address} countries={countries} />
          </label>
        ))}
        <label className={OPTION}>
          <input
            type="radio"
            name="shippingAddressId"
            value={SHIP_TO_BILLING}
            defaultChecked={selected === SHIP_TO_BILLING}
            className="mt-1"
          />
          <span className="font-medium text-slate-900">The billing address</span>
        </label>
      </div>
      <p id="ship-to-error" className="mt-1 min-h-[1.25rem] text-xs text-red-700" aria-live="polite">
        {errors?.[0] ?? ""}
      </p>
      <a href="#add-address" className="text-sm font-medium text-blue-700 underline hover:text-blue-900">
        Add a new address
      </a>
    </fieldset>
  );
}

/**
 * A form of its own (forms cannot nest): an address for the address book that the order then ships to. Open after
 * a refusal, with what was typed.
 */
export function AddShippingAddress({ reply, countries }: { reply: CheckoutReply | undefined; countries: Countries }) {
  const result = reply?.addressResult;
  const typed = (result?.initialValue ?? {}) as Record<string, string>;
  const fieldErrors = (result?.error ?? {}) as Record<string, string[] | null>;
  const formError = fieldErrors[""]?.[0];
  return (
    <details
      id="add-address"
      className="mt-6 rounded-xl border border-slate-200 bg-white p-6 shadow-sm"
      open={Boolean(result)}
    >
      <summary className="cursor-pointer text-lg font-semibold text-slate-900">Add a new shipping address</summary>
      <Form method="post" className="mt-4" aria-label="Add a new shipping address">
        <input type="hidden" name="intent" value="add-address" />
        <AddressFields
          idPrefix="new-address"
          name={(field) => field}
          defaults={{ addressType: "SHIPPING", ...typed, country: typed.country ?? "" }}
          errors={(field) => fieldErrors[field] ?? undefined}
          countries={countries}
        />
        <p role="alert" className="min-h-[1.25rem] text-sm font-medium text-red-700">
          {formError ?? ""}
        </p>
        <button type="submit" className="btn-secondary mt-2">
          Save and ship here
        </button>
      </Form>
    </details>
  );
}
