import { useEffect, useState, type FormEvent } from "react";
import { Field } from "~/components/ui/field";
import { NO_IMAGE } from "~/schemas/product-form";

/** A file input for images with previews (with JavaScript); `multiple` for uploads, single for a replacement. */
export function ImagePicker({
  name,
  multiple,
  error,
  label = multiple ? "Images" : "Image",
  onPick,
}: {
  name: string;
  multiple: boolean;
  error?: string;
  label?: string;
  /** a file was chosen (or the choice emptied) */
  onPick?: () => void;
}) {
  const [previews, setPreviews] = useState<Array<{ url: string; name: string }>>([]);
  useEffect(() => () => previews.forEach((p) => URL.revokeObjectURL(p.url)), [previews]);
  return (
    <div>
      <Field id={`${name}-input`} label={label} errors={error ? [error] : undefined}>
        <input
          id={`${name}-input`}
          type="file"
          name={name}
          accept="image/jpeg,image/png,image/webp,image/gif"
          multiple={multiple}
          aria-describedby={`${name}-input-error`}
          onChange={(event) => {
            // a file that is no image has nothing to preview (the server says why it is refused)
            const files = Array.from(event.currentTarget.files ?? []).filter((file) => file.type.startsWith("image/"));
            setPreviews(files.map((file) => ({ url: URL.createObjectURL(file), name: file.name })));
            onPick?.();
          }}
          className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-lg file:border-0 file:bg-slate-100 file:px-4 file:py-2 file:font-semibold hover:file:bg-slate-200"
        />
      </Field>
      {previews.length > 0 ? (
        <ul className="mt-2 flex flex-wrap gap-3" aria-label="Selected images">
          {previews.map((preview) => (
            <li key={preview.url}>
              <img
                src={preview.url}
                alt={`Preview of ${preview.name}`}
                className="h-24 w-24 rounded-lg border border-slate-200 object-cover"
              />
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

function hasFile(form: HTMLFormElement, name: string): boolean {
  const input = form.elements.namedItem(name) as HTMLInputElement | null;
  return Boolean(input?.files && input.files.length > 0);
}

/**
 * The warning for an upload without a file (docs/product.md#add-product), shown before any request when JavaScript
 * runs. It lasts only until a file is chosen: after that, what the picker shows is the server's answer (a file that is
 * no image, too large…), which the stale warning used to hide, until other files are chosen (that answer was about
 * the files sent before). `error` is what to show under the picker.
 */
export function useImageRequired(name: string, serverError: string | undefined) {
  const [missing, setMissing] = useState(false);
  // the server's refusal of the files sent before stops applying once other files are chosen; the next answer shows
  const [stale, setStale] = useState(false);
  return {
    error: missing ? NO_IMAGE : stale ? undefined : serverError,
    onSubmit(event: FormEvent<HTMLFormElement>) {
      const chosen = hasFile(event.currentTarget, name);
      if (!chosen) event.preventDefault();
      setMissing(!chosen);
      setStale(false);
    },
    onPick: () => {
      setMissing(false);
      setStale(true);
    },
  };
}
