import { getInputProps, getTextareaProps, type FieldMetadata } from "@conform-to/react";
import { useRef, useState } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { Field } from "~/components/ui/field";
import { NEW_CATEGORY_PREFIX, NEW_OPTION } from "~/schemas/product-form";

type Fields = Record<
  "name" | "brand" | "newBrand" | "price" | "compareAtPrice" | "inventory" | "description" | "category" | "newCategory",
  FieldMetadata<string>
>;

interface Option {
  value: string;
  label: string;
}

/**
 * A native select with an 'Add New …' option. With JavaScript that option reveals a text input whose 'Add' puts the
 * value into the select and selects it (empty text is ignored), as Enter in it does; without JavaScript the text input
 * is always shown and a typed value wins on the server.
 */
function SelectWithNew({
  select,
  text,
  label,
  newLabel,
  options,
  toValue,
}: {
  select: FieldMetadata<string>;
  text: FieldMetadata<string>;
  label: string;
  newLabel: string;
  options: Option[];
  toValue: (name: string) => string;
}) {
  const hydrated = useHydrated();
  const [added, setAdded] = useState<Option[]>([]);
  const [value, setValue] = useState(String(select.initialValue ?? ""));
  const [draft, setDraft] = useState("");
  const selectRef = useRef<HTMLSelectElement>(null);
  const all = [...options, ...added];
  const revealing = !hydrated || value === NEW_OPTION;
  const add = () => {
    const name = draft.trim();
    if (!name) return;
    const existing = all.find((o) => o.label.toLowerCase() === name.toLowerCase());
    const option = existing ?? { value: toValue(name), label: name };
    if (!existing) setAdded((list) => [...list, option]);
    // Focus moves to the select before the text input goes: a focused input removed while React commits fires a
    // blur whose conform validation was sent as a native post (Enter reloaded the page with a 422 and wiped the form)
    selectRef.current?.focus();
    setValue(option.value);
    setDraft("");
  };
  return (
    <div>
      <Field id={select.id} label={label} errors={select.errors}>
        <select
          ref={selectRef}
          id={select.id}
          name={select.name}
          value={hydrated ? value : undefined}
          defaultValue={hydrated ? undefined : value}
          onChange={(event) => setValue(event.target.value)}
          aria-invalid={select.errors ? true : undefined}
          aria-describedby={`${select.id}-error`}
          className="input"
        >
          <option value="">Select {label.toLowerCase()}</option>
          {all.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
          <option value={NEW_OPTION}>{newLabel}</option>
        </select>
      </Field>
      {revealing ? (
        <Field
          id={text.id}
          label={hydrated ? newLabel : `${newLabel} (optional: replaces the choice above)`}
          errors={text.errors}
        >
          <div className="flex gap-2">
            <input
              id={text.id}
              name={text.name}
              value={hydrated ? draft : undefined}
              defaultValue={hydrated ? undefined : String(text.initialValue ?? "")}
              onChange={(event) => setDraft(event.target.value)}
              onKeyDown={(event) => {
                if (event.key === "Enter" && !event.nativeEvent.isComposing) {
                  event.preventDefault();
                  add();
                }
              }}
              maxLength={100}
              className="input"
            />
            {hydrated ? (
              <button type="button" className="btn-secondary" onClick={add}>
                Add
              </button>
            ) : null}
          </div>
        </Field>
      ) : null}
    </div>
  );
}

/** The fields of 'Add New Product' and 'Update Product'. */
export function ProductFields({
  fields,
  brands,
  categories,
  withCompareAt = true,
}: {
  fields: Fields;
  brands: string[];
  categories: Array<{ id: number; name: string }>;
  /** a product sold in one form; a product with variants has a compare-at price on each variant */
  withCompareAt?: boolean;
}) {
  return (
    <div className="grid gap-x-4 sm:grid-cols-2">
      <Field id={fields.name.id} label="Name" errors={fields.name.errors} className="sm:col-span-2">
        <input {...getInputProps(fields.name, { type: "text" })} className="input" />
      </Field>
      <SelectWithNew
        select={fields.brand}
        text={fields.newBrand}
        label="Brand"
        newLabel="Add New Brand"
        options={brands.map((b) => ({ value: b, label: b }))}
        toValue={(name) => name}
      />
      <SelectWithNew
        select={fields.category}
        text={fields.newCategory}
        label="Category"
        newLabel="Add New Category"
        options={categories.map((c) => ({ value: String(c.id), label: c.name }))}
        toValue={(name) => `${NEW_CATEGORY_PREFIX}${name}`}
      />
      <Field id={fields.price.id} label="Price ($)" errors={fields.price.errors}>
        <input
          {...getInputProps(fields.price, { type: "number" })}
          step="0.01"
          min="0"
          inputMode="decimal"
          className="input"
        />
      </Field>
      {withCompareAt ? (
        <Field id={fields.compareAtPrice.id} label="Compare-at ($)" errors={fields.compareAtPrice.errors}>
          <input
            {...getInputProps(fields.compareAtPrice, { type: "number" })}
            step="0.01"
            min="0"
            inputMode="decimal"
            className="input"
          />
        </Field>
      ) : null}
      <Field id={fields.inventory.id} label="Inventory" errors={fields.inventory.errors}>
        <input
          {...getInputProps(fields.inventory, { type: "number" })}
          step="1"
          min="0"
          inputMode="numeric"
          className="input"
        />
      </Field>
      <Field
        id={fields.description.id}
        label="Description"
        errors={fields.description.errors}
        className="sm:col-span-2"
      >
        <textarea {...getTextareaProps(fields.description)} rows={4} className="input" />
      </Field>
    </div>
  );
}
