import { useEffect, useRef, useState, type KeyboardEvent } from "react";
import { AddressFields } from "~/components/shop/address-fields";
import { Spinner } from "~/components/ui/spinner";
import type { AddressDto } from "~/schemas/account";
import { ADDRESS_FIELDS, type AddressField } from "~/schemas/account-constants";
import { ADD_ADDRESS_INTENT, SHIP_TO_BILLING } from "~/schemas/cart-constants";

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
  added,
}: {
  addresses: AddressDto[];
  selected: string;
  errors?: string[];
  countries: Countries;
  /** the message of an address just added (and chosen) */
  added?: string;
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
      <p role="status" className="text-sm font-medium text-green-800 empty:hidden">
        {added ?? ""}
      </p>
      <a href="#add-address" className="text-sm font-medium text-blue-700 underline hover:text-blue-900">
        Add a new address
      </a>
    </fieldset>
  );
}

/**
 * "Add a new shipping address": fields and a button of the checkout form (placed after it on the page, joined to it
 * by their `form` attribute: forms cannot nest). Its button posts the whole form, so the billing details typed above
 * come back with the new address chosen, with or without JavaScript; a refusal keeps what was typed here too.
 */
export function AddShippingAddress({
  formId,
  address,
  countries,
  saving = false,
  disabled = false,
}: {
  formId: string;
  address: {
    errors?: string[];
    initialValue?: unknown;
    getFieldset: () => Record<AddressField, { name: string; errors?: string[] }>;
  };
  countries: Countries;
  /** this button's post is on its way */
  saving?: boolean;
  /** a post of the checkout form (this one or Pay Now) is on its way: a second click would add the address twice */
  disabled?: boolean;
}) {
  const fields = address.getFieldset();
  const typed = (address.initialValue ?? {}) as Record<string, string>;
  // (conform's fieldset is a proxy: its fields are asked for by name)
  const refused = Boolean(address.errors) || ADDRESS_FIELDS.some((field) => fields[field].errors);
  // open after a refusal, and open until the shopper closes it (typing clears the errors, not the section)
  const [open, setOpen] = useState(refused);
  useEffect(() => {
    if (refused) setOpen(true);
  }, [refused]);
  const button = useRef<HTMLButtonElement>(null);
  // Enter in these fields adds the address (the form's own first button would pay)
  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const target = event.target as HTMLElement;
    // (an Enter that ends an input method's composition only picks the word)
    if (event.key !== "Enter" || event.nativeEvent.isComposing) return;
    if (target.tagName !== "INPUT" || !button.current?.form) return;
    event.preventDefault();
    if (!button.current.disabled) button.current.form.requestSubmit(button.current);
  }
  return (
    <details
      id="add-address"
      className="mt-6 rounded-xl border border-slate-200 bg-white p-6 shadow-sm"
      open={open}
      onToggle={(event) => setOpen(event.currentTarget.open)}
    >
      <summary className="cursor-pointer text-lg font-semibold text-slate-900">Add a new shipping address</summary>
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- only passes Enter on to the button */}
      <div role="group" aria-label="Add a new shipping address" className="mt-4" onKeyDown={onKeyDown}>
        <AddressFields
          form={formId}
          idPrefix="new-address"
          name={(field) => fields[field].name}
          defaults={{ addressType: "SHIPPING", ...typed, country: typed.country ?? "" }}
          errors={(field) => fields[field].errors}
          countries={countries}
        />
        <p role="alert" className="min-h-[1.25rem] text-sm font-medium text-red-700">
          {address.errors?.[0] ?? ""}
        </p>
        <button
          ref={button}
          type="submit"
          form={formId}
          name="intent"
          value={ADD_ADDRESS_INTENT}
          // the billing and card fields need not be filled to save an address
          formNoValidate
          className="btn-secondary mt-2"
          disabled={disabled}
        >
          {saving ? <Spinner label="Saving the address" className="h-4 w-4" /> : null}
          Save and ship here
        </button>
      </div>
    </details>
  );
}
