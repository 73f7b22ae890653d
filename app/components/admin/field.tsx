// A labelled admin form field: its label, the control, an optional hint and the first error, tied together for
// assistive technology (the error's line keeps its height, so the form does not jump when one appears).
import type { ReactNode } from "react";

export function FieldBox({
  id,
  label,
  errors,
  hint,
  children,
  className = "",
}: {
  id: string;
  label: string;
  errors?: string[];
  hint?: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div className={className}>
      <label htmlFor={id} className="label">
        {label}
      </label>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
      <p id={`${id}-error`} className="mt-1 min-h-4 text-xs leading-4 text-red-700" aria-live="polite">
        {errors?.[0] ?? ""}
      </p>
    </div>
  );
}

/** The input attributes that tie a field to its hint and error. */
export function described(id: string, errors: string[] | undefined, hint?: boolean) {
  return {
    id,
    "aria-invalid": errors?.length ? true : undefined,
    "aria-describedby":
      [hint ? `${id}-hint` : null, errors?.length ? `${id}-error` : null].filter(Boolean).join(" ") || undefined,
  } as const;
}
