import { Form, useSubmit } from "@remix-run/react";
import { useHydrated } from "remix-utils/use-hydrated";
import type { ChoiceState, VariantChoice } from "~/lib/variant-choice";

const NOTE: Record<ChoiceState, string> = { available: "", "sold-out": "sold out", "not-offered": "not offered" };

/**
 * Each option of a product as a group of choices in a GET form: the chosen combination is the page's URL, so a
 * variant can be shared and reached without JavaScript (Choose); with JavaScript a choice reloads the page at once.
 * Sold-out and not-offered combinations stay in the list, marked.
 */
export function VariantPicker({ choice }: { choice: VariantChoice }) {
  const hydrated = useHydrated();
  const submit = useSubmit();
  if (choice.options.length === 0) return null;
  return (
    <Form
      method="get"
      className="space-y-3"
      preventScrollReset
      data-testid="variant-picker"
      onChange={(event) => submit(event.currentTarget, { replace: true, preventScrollReset: true })}
    >
      {choice.options.map((option, i) => (
        <fieldset key={option.param}>
          <legend className="text-sm font-semibold text-slate-900">
            {option.name}: <span className="font-normal">{choice.chosen[i]}</span>
          </legend>
          <div className="mt-2 flex flex-wrap gap-2">
            {option.values.map(({ value, state }) => {
              const checked = value === choice.chosen[i];
              return (
                <label
                  key={value}
                  className={`inline-flex min-h-10 cursor-pointer items-center gap-2 rounded-lg border px-3 py-2 text-sm has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500 ${
                    checked ? "border-brand-600 bg-brand-50 font-semibold" : "border-slate-300 bg-white"
                  } ${state === "available" ? "" : "text-slate-500"}`}
                >
                  <input type="radio" name={option.param} value={value} defaultChecked={checked} className="h-4 w-4" />
                  <span className={state === "not-offered" ? "line-through" : undefined}>{value}</span>
                  {state === "available" ? null : <span className="text-xs">({NOTE[state]})</span>}
                </label>
              );
            })}
          </div>
        </fieldset>
      ))}
      {hydrated ? null : (
        <button type="submit" className="btn-secondary">
          Choose
        </button>
      )}
      {choice.variant ? null : (
        <p className="text-sm font-medium text-red-700" role="status">
          This combination is not offered. Choose another.
        </p>
      )}
    </Form>
  );
}
