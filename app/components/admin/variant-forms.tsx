import { Form } from "@remix-run/react";
import type { ProductDto, VariantDto } from "~/schemas/catalogue";
import { Field } from "~/components/ui/field";
import { imageSrc } from "~/components/shop/product-image";
import { BulkFields } from "./variant-bulk-fields";
import { ReplyMessage, type VariantReply } from "./variant-reply";

export type { VariantReply } from "./variant-reply";

const inputClass = "w-full min-w-0 rounded-md border border-slate-300 px-2 py-1 text-sm";
const cellClass = "border-b border-slate-200 px-2 py-2 align-middle";

/** One editable cell of the variant table: an input of the table's form, named after its row. */
function VariantCell({
  row,
  field,
  label,
  defaultValue,
  numeric,
  required = true,
  error,
}: {
  row: number;
  field: "sku" | "price" | "compareAtPrice" | "inventory" | "weightGrams";
  label: string;
  defaultValue: string | number;
  numeric?: "decimal" | "numeric";
  required?: boolean;
  /** the field's error from a refused save, under the input */
  error?: string;
}) {
  const name = `variants[${row}].${field}`;
  return (
    <td className={cellClass}>
      <input
        form="variants-form"
        name={name}
        defaultValue={defaultValue}
        aria-label={label}
        inputMode={numeric}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${name}-error` : undefined}
        className={inputClass}
      />
      {error ? (
        <p id={`${name}-error`} className="mt-1 text-xs text-red-700">
          {error}
        </p>
      ) : null}
    </td>
  );
}

/** The options form: saving it makes every combination a variant. */
export function OptionsForm({ product, reply }: { product: ProductDto; reply: VariantReply | undefined }) {
  const rows = [0, 1, 2].map((i) => product.options[i] ?? { name: "", values: [] });
  return (
    <Form method="post" className="space-y-3">
      <input type="hidden" name="intent" value="options" />
      {rows.map((option, i) => (
        <div key={i} className="grid gap-2 sm:grid-cols-[12rem_1fr]">
          <label className="text-sm">
            <span className="block font-medium">Option {i + 1} name</span>
            <input name={`options[${i}].name`} defaultValue={option.name} className={inputClass} />
          </label>
          <label className="text-sm">
            <span className="block font-medium">Option {i + 1} values</span>
            <input name={`options[${i}].values`} defaultValue={option.values.join(", ")} className={inputClass} />
          </label>
        </div>
      ))}
      <button type="submit" className="btn-primary">
        Save options and make the variants
      </button>
      <ReplyMessage reply={reply} intent="options" />
    </Form>
  );
}

function VariantRow({
  variant,
  row,
  deletable,
  reply,
}: {
  variant: VariantDto;
  row: number;
  deletable: boolean;
  reply: VariantReply | undefined;
}) {
  const name = variant.label || "Default";
  const refused = reply?.intent === "variants" ? reply : undefined;
  const error = (field: string) => refused?.errors[`variants[${row}].${field}`]?.[0];
  /** what was typed, when a refused save draws the page anew (without JavaScript), else the saved figure */
  const shown = (field: string, saved: string | number) => refused?.sent?.[`variants[${row}].${field}`] ?? saved;
  return (
    <tr data-testid="variant-row">
      <td className={cellClass}>
        <input
          type="checkbox"
          form="variants-form"
          name="variantIds"
          value={variant.id}
          aria-label={`Select ${name}`}
          className="h-4 w-4"
        />
      </td>
      <th scope="row" className={`${cellClass} font-medium`}>
        {name}
        <input type="hidden" form="variants-form" name={`variants[${row}].id`} value={variant.id} />
      </th>
      <VariantCell row={row} field="sku" label={`SKU of ${name}`} defaultValue={shown("sku", variant.sku)} />
      <VariantCell
        row={row}
        field="price"
        label={`Price of ${name}`}
        defaultValue={shown("price", variant.price.toFixed(2))}
        numeric="decimal"
        error={error("price")}
      />
      <VariantCell
        row={row}
        field="compareAtPrice"
        label={`Compare-at of ${name}`}
        defaultValue={shown("compareAtPrice", variant.compareAtPrice?.toFixed(2) ?? "")}
        numeric="decimal"
        required={false}
        error={error("compareAtPrice")}
      />
      <VariantCell
        row={row}
        field="inventory"
        label={`Stock of ${name}`}
        defaultValue={shown("inventory", variant.inventory)}
        numeric="numeric"
      />
      <VariantCell
        row={row}
        field="weightGrams"
        label={`Weight of ${name}`}
        defaultValue={shown("weightGrams", variant.weightGrams ?? "")}
        numeric="numeric"
        required={false}
      />
      <td className={cellClass}>
        {deletable ? (
          <Form method="post">
            <input type="hidden" name="intent" value="delete-variant" />
            <input type="hidden" name="variantId" value={variant.id} />
            <button
              type="submit"
              className="text-sm font-medium text-red-700 hover:underline"
              aria-label={`Delete ${name}`}
            >
              Delete
            </button>
          </Form>
        ) : null}
      </td>
    </tr>
  );
}

/** A variant's figures as one key: a row (and the bulk fields) drawn anew when they change. */
const figuresKey = (v: VariantDto) => `${v.id}:${v.sku}:${v.price}:${v.compareAtPrice}:${v.inventory}:${v.weightGrams}`;

/**
 * The variant table: one form (its inputs are outside it, named by `form=`) with two buttons, "Save variants" (every
 * row) and "Apply to the selected" (one price and/or stock for the ticked rows). "Save variants" comes first, so Enter
 * in a row saves the rows.
 */
export function VariantTable({ product, reply }: { product: ProductDto; reply: VariantReply | undefined }) {
  return (
    <div className="space-y-3">
      <Form method="post" id="variants-form" />
      <div className="relative overflow-x-auto">
        <table className="w-full min-w-[40rem] text-left text-sm">
          <caption className="sr-only">The variants of {product.name}</caption>
          <thead>
            <tr className="text-xs uppercase tracking-wide text-slate-500">
              <th scope="col" className="w-8 px-2 py-2">
                <span className="sr-only">Select</span>
              </th>
              <th scope="col" className="px-2 py-2">
                Variant
              </th>
              <th scope="col" className="px-2 py-2">
                SKU
              </th>
              <th scope="col" className="w-28 px-2 py-2">
                Price ($)
              </th>
              <th scope="col" className="w-28 px-2 py-2">
                Compare-at ($)
              </th>
              <th scope="col" className="w-24 px-2 py-2">
                Stock
              </th>
              <th scope="col" className="w-24 px-2 py-2">
                Weight (g)
              </th>
              <th scope="col" className="w-16 px-2 py-2">
                <span className="sr-only">Delete</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {product.variants.map((variant, i) => (
              // keyed by its figures too: after a save the inputs show what was saved, not what was typed
              <VariantRow
                key={figuresKey(variant)}
                variant={variant}
                row={i}
                deletable={product.variants.length > 1}
                reply={reply}
              />
            ))}
          </tbody>
        </table>
      </div>
      <button type="submit" form="variants-form" name="intent" value="variants" className="btn-primary">
        Save variants
      </button>
      <ReplyMessage reply={reply} intent="variants" />
      <BulkFields key={product.variants.map(figuresKey).join("|")} reply={reply} />
    </div>
  );
}

/** One combination added by hand: a value for each option (a new value joins its option), and its figures. */
export function AddVariantForm({ product, reply }: { product: ProductDto; reply: VariantReply | undefined }) {
  const error = (field: string) => {
    const first = reply?.intent === "add-variant" ? reply.errors[field]?.[0] : undefined;
    return first ? [first] : undefined;
  };
  const fieldErrors = reply?.intent === "add-variant" && Object.values(reply.errors).some((e) => e && e.length > 0);
  const sent = (name: string) => (reply?.intent === "add-variant" ? reply.sent?.[name] : undefined);
  return (
    // a new key after each added variant: the form starts empty again
    <Form method="post" key={product.variants.length} className="space-y-2">
      <input type="hidden" name="intent" value="add-variant" />
      <div className="grid gap-x-3 sm:grid-cols-3">
        {product.options.map((option, i) => (
          <Field key={option.name} id={`new-value-${i}`} label={option.name} errors={error(`values[${i}]`)}>
            <input
              id={`new-value-${i}`}
              name={`values[${i}]`}
              defaultValue={sent(`values[${i}]`)}
              list={`new-values-${i}`}
              required
              placeholder={option.values.slice(0, 3).join(", ")}
              className="input"
            />
            <datalist id={`new-values-${i}`}>
              {option.values.map((value) => (
                <option key={value} value={value} />
              ))}
            </datalist>
          </Field>
        ))}
      </div>
      <div className="grid gap-x-3 sm:grid-cols-4">
        <Field id="new-sku" label="SKU (blank: made for you)" errors={error("sku")}>
          <input id="new-sku" name="sku" defaultValue={sent("sku")} className="input" />
        </Field>
        <Field id="new-price" label="Price ($)" errors={error("price")}>
          <input
            id="new-price"
            name="price"
            defaultValue={sent("price")}
            inputMode="decimal"
            required
            className="input"
          />
        </Field>
        <Field id="new-inventory" label="Stock" errors={error("inventory")}>
          <input
            id="new-inventory"
            name="inventory"
            defaultValue={sent("inventory")}
            inputMode="numeric"
            required
            className="input"
          />
        </Field>
        <Field id="new-weight" label="Weight (g)" errors={error("weightGrams")}>
          <input
            id="new-weight"
            name="weightGrams"
            defaultValue={sent("weightGrams")}
            inputMode="numeric"
            className="input"
          />
        </Field>
      </div>
      <button type="submit" className="btn-primary">
        Add the variant
      </button>
      {error("values") ? (
        <p role="alert" className="text-sm text-red-700">
          {error("values")![0]}
        </p>
      ) : fieldErrors ? null : (
        <ReplyMessage reply={reply} intent="add-variant" />
      )}
    </Form>
  );
}

/** Per variant, a form of checkboxes: which of the product's images are its pictures (none: the product's). */
export function VariantPicturesForms({ product }: { product: ProductDto }) {
  if (product.images.length === 0) {
    return (
      <p className="text-sm text-slate-600">This product has no pictures yet: add them on the product&apos;s page.</p>
    );
  }
  return (
    <ul className="space-y-4">
      {product.variants.map((variant) => {
        const name = variant.label || "Default";
        return (
          <li key={`${variant.id}:${variant.imageIds.join(",")}`}>
            <Form method="post" className="space-y-2" aria-label={`Pictures of ${name}`}>
              <input type="hidden" name="intent" value="variant-images" />
              <input type="hidden" name="variantId" value={variant.id} />
              <fieldset>
                <legend className="text-sm font-medium">
                  {name}
                  <span className="ml-2 font-normal text-slate-500">
                    {variant.imageIds.length === 0 ? "(shows the product's pictures)" : ""}
                  </span>
                </legend>
                <div className="mt-1 flex flex-wrap gap-2">
                  {product.images.map((image, i) => (
                    <label
                      key={image.id}
                      className="flex items-center gap-1 rounded-md border border-slate-200 p-1 text-xs has-[:checked]:border-brand-600"
                    >
                      <input
                        type="checkbox"
                        name="imageIds"
                        value={image.id}
                        defaultChecked={variant.imageIds.includes(image.id)}
                        aria-label={`Picture ${i + 1} for ${name}`}
                      />
                      <img
                        src={imageSrc(image, 160)}
                        alt=""
                        width={48}
                        height={48}
                        className="h-12 w-12 object-cover"
                      />
                    </label>
                  ))}
                </div>
              </fieldset>
              <button type="submit" className="btn-secondary" aria-label={`Save pictures of ${name}`}>
                Save pictures
              </button>
            </Form>
          </li>
        );
      })}
    </ul>
  );
}
