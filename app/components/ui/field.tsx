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
      <p id={`${id}-error`} className="mt-1 min-h-[1.25rem] text-xs text-red-700" aria-live="polite">
        {errors?.[0] ?? ""}
      </p>
    </div>
  );
}
