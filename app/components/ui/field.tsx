import { getInputProps, type FieldMetadata } from "@conform-to/react";
import type { ReactNode } from "react";

/** A labelled control with room reserved for its error, so nothing jumps when one appears. */
export function Field({
  id,
  label,
  errors,
  children,
  className = "",
}: {
  id: string;
  label: string;
  errors?: string[];
  children: ReactNode;
  className?: string;
}) {
  return (
    <div className={className}>
      <label htmlFor={id} className="label">
        {label}
      </label>
      {children}
      <p id={`${id}-error`} className="mb-1 mt-1 min-h-4 text-xs leading-4 text-red-700" aria-live="polite">
        {errors?.[0] ?? ""}
      </p>
    </div>
  );
}

/**
 * A conform field as a labelled input with its error: the text, e-mail and password inputs of the account forms.
 * (`autoComplete` tells password managers which password it is: current-password or new-password.)
 */
export function InputField({
  field,
  label,
  type,
  autoComplete,
}: {
  field: FieldMetadata<string>;
  label: string;
  type: "text" | "email" | "password";
  autoComplete: string;
}) {
  return (
    <Field id={field.id} label={label} errors={field.errors}>
      <input {...getInputProps(field, { type })} autoComplete={autoComplete} className="input" />
    </Field>
  );
}
