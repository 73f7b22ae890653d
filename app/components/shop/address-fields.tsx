import { Field } from "~/components/ui/field";
import type { AddressDto } from "~/schemas/account";
import { ADDRESS_TYPES } from "~/schemas/account-constants";

export interface CountryOption {
  name: string;
  code: string;
}

type AddressValues = Partial<Omit<AddressDto, "id">>;

/**
 * The fields of one address. `name(field)` gives each input's name (a conform list item or a plain form),
 * `errors(field)` its messages; `form` the id of the form they belong to when they stand outside it.
 */
export function AddressFields({
  idPrefix,
  name,
  defaults = {},
  errors = () => undefined,
  countries,
  form,
}: {
  form?: string;
  idPrefix: string;
  name: (field: keyof AddressValues) => string;
  defaults?: AddressValues;
  errors?: (field: keyof AddressValues) => string[] | undefined;
  countries: CountryOption[];
}) {
  const id = (field: string) => `${idPrefix}-${field}`;
  const text = (field: keyof AddressValues, label: string, props: Record<string, unknown> = {}) => (
    <Field id={id(field)} label={label} errors={errors(field)}>
      <input
        id={id(field)}
        name={name(field)}
        form={form}
        defaultValue={defaults[field] ?? ""}
        className="input"
        aria-invalid={errors(field) ? true : undefined}
        aria-describedby={`${id(field)}-error`}
        {...props}
      />
    </Field>
  );
  return (
    <div className="grid gap-x-4 sm:grid-cols-2">
      {text("street", "Street", { autoComplete: "street-address", maxLength: 200, className: "input" })}
      {text("city", "City", { autoComplete: "address-level2", maxLength: 100 })}
      {text("state", "State", { autoComplete: "address-level1", maxLength: 100 })}
      <Field id={id("country")} label="Country" errors={errors("country")}>
        <select
          id={id("country")}
          name={name("country")}
          form={form}
          defaultValue={defaults.country === "XX" ? "" : (defaults.country ?? "")}
          autoComplete="country"
          className="input"
          aria-invalid={errors("country") ? true : undefined}
          aria-describedby={`${id("country")}-error`}
        >
          {countries.map((country) => (
            <option key={country.code} value={country.code}>
              {country.name}
            </option>
          ))}
        </select>
      </Field>
      {text("postalCode", "Postal code", { autoComplete: "postal-code", maxLength: 20 })}
      {text("mobileNumber", "Mobile number", { type: "tel", autoComplete: "tel", maxLength: 30 })}
      <Field id={id("addressType")} label="Address type" errors={errors("addressType")}>
        <select
          id={id("addressType")}
          name={name("addressType")}
          form={form}
          defaultValue={defaults.addressType ?? "HOME"}
          className="input"
        >
          {ADDRESS_TYPES.map((type) => (
            <option key={type} value={type}>
              {addressTypeLabel(type)}
            </option>
          ))}
        </select>
      </Field>
    </div>
  );
}

/** "Home", "Office", "Shipping": the type as a shopper reads it (the API's value is HOME, OFFICE, SHIPPING). */
export function addressTypeLabel(type: string): string {
  return type.charAt(0) + type.slice(1).toLowerCase();
}
