import { ReplyMessage, type VariantReply } from "./variant-reply";
import { Field } from "~/components/ui/field";

/**
 * The variant table's "for the selected" fields (inputs of its form, by `form=`): one price, compare-at price (or
 * clear it) and/or stock for the ticked rows. Keyed by the variants' figures where it is drawn: after an applied
 * action its fields are empty again, after a refused one they keep what was typed.
 */
export function BulkFields({ reply }: { reply: VariantReply | undefined }) {
  const bulkError = (field: string) => (reply?.intent === "bulk" ? reply.errors[field]?.[0] : undefined);
  return (
    <fieldset className="space-y-2 rounded-md border border-slate-200 p-3">
      <legend className="px-1 text-sm font-semibold">For the selected variants</legend>
      <p className="text-xs text-slate-600">
        Tick rows above, then give a price, a compare-at price (above the price: the &ldquo;was&rdquo; price of a sale)
        or a stock, or clear the compare-at price; the other figures of those rows stay as saved.
      </p>
      <div className="flex flex-wrap items-start gap-3">
        <Field id="bulk-price" label="Set price ($)" errors={bulkError("price") ? [bulkError("price")!] : undefined}>
          <input id="bulk-price" form="variants-form" name="price" inputMode="decimal" className="input w-32" />
        </Field>
        <Field
          id="bulk-compare-at"
          label="Set compare-at price ($)"
          errors={bulkError("compareAtPrice") ? [bulkError("compareAtPrice")!] : undefined}
        >
          <input
            id="bulk-compare-at"
            form="variants-form"
            name="compareAtPrice"
            inputMode="decimal"
            className="input w-32"
          />
        </Field>
        <label className="mt-7 flex items-center gap-2 text-sm">
          <input type="checkbox" form="variants-form" name="clearCompareAt" className="h-4 w-4" />
          Clear compare-at price
        </label>
        <Field
          id="bulk-inventory"
          label="Set stock"
          errors={bulkError("inventory") ? [bulkError("inventory")!] : undefined}
        >
          <input id="bulk-inventory" form="variants-form" name="inventory" inputMode="numeric" className="input w-32" />
        </Field>
        <button type="submit" form="variants-form" name="intent" value="bulk" className="btn-secondary mt-5">
          Apply to the selected
        </button>
      </div>
      {bulkError("variantIds") ? (
        <p role="alert" className="text-sm text-red-700">
          {bulkError("variantIds")}
        </p>
      ) : (
        <ReplyMessage
          reply={reply?.errors.price || reply?.errors.compareAtPrice || reply?.errors.inventory ? undefined : reply}
          intent="bulk"
        />
      )}
    </fieldset>
  );
}
