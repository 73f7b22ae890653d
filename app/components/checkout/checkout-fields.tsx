import { getInputProps, type FieldMetadata, type useForm } from "@conform-to/react";
import { Field } from "~/components/ui/field";
import type { AddressField } from "~/schemas/account";

/** The checkout form's fields as the browser posts them (`newAddress`: "Add a new shipping address"). */
export type CheckoutFields = { newAddress: Record<AddressField, string> } & Record<
  | "firstName"
  | "lastName"
  | "email"
  | "street"
  | "city"
  | "state"
  | "country"
  | "postalCode"
  | "amount"
  | "shippingAddressId"
  | "cardNumber"
  | "exp"
  | "cvc",
  string
>;

export function TextField({
  field,
  label,
  autoComplete,
  type = "text",
  className,
}: {
  field: FieldMetadata<string>;
  label: string;
  autoComplete: string;
  type?: "text" | "email";
  className?: string;
}) {
  return (
    <Field id={field.id} label={label} errors={field.errors} className={className}>
      <input {...getInputProps(field, { type })} autoComplete={autoComplete} className="input" />
    </Field>
  );
}

export function CardFields({ fields }: { fields: ReturnType<typeof useForm<CheckoutFields>>[1] }) {
  return (
    <div className="mt-2">
      <p className="mb-4 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
        <strong>Test mode:</strong> no real payment is made. Pay with 4242 4242 4242 4242, any future expiry date and
        any CVC.
      </p>
      <div className="grid gap-x-4 sm:grid-cols-[1fr_8rem_6rem]">
        <CardInput
          field={fields.cardNumber}
          label="Card number"
          autoComplete="cc-number"
          placeholder="1234 1234 1234 1234"
          maxLength={23}
        />
        <CardInput
          field={fields.exp}
          label="Expiry (MM / YY)"
          autoComplete="cc-exp"
          placeholder="MM / YY"
          maxLength={7}
        />
        <CardInput field={fields.cvc} label="CVC" autoComplete="cc-csc" placeholder="123" maxLength={4} />
      </div>
    </div>
  );
}

function CardInput({
  field,
  label,
  autoComplete,
  placeholder,
  maxLength,
}: {
  field: FieldMetadata<string>;
  label: string;
  autoComplete: string;
  placeholder: string;
  maxLength: number;
}) {
  return (
    <Field id={field.id} label={label} errors={field.errors}>
      <input
        {...getInputProps(field, { type: "text" })}
        autoComplete={autoComplete}
        inputMode="numeric"
        placeholder={placeholder}
        maxLength={maxLength}
        className="input"
      />
    </Field>
  );
}
