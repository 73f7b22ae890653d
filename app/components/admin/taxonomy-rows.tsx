import { useFetcher } from "@remix-run/react";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { useFetcherToasts } from "~/hooks/use-fetcher-toasts";
import { JsMarker } from "~/components/ui/js-marker";
import type { IntentReply } from "~/schemas/common";
import { NEW_CATEGORY_ROW } from "~/schemas/taxonomy";
import { PencilIcon, TrashIcon } from "../ui/icons";

/** The page's answer to one row's form: the outcome, and which row it was with what was typed (to show it again). */
export type TaxonomyReply = IntentReply & { row: string | null; name: string | null };

export interface TaxonomyRow {
  /** categoryRow(id) or brandRow(name): the fetchers' keys and where a reply goes back to */
  key: string;
  /** for the element ids (a brand's name may have spaces) */
  domId: string;
  name: string;
  products: number;
  /** the hidden fields naming the row to the action: { categoryId } or { brand } */
  target: Record<string, string>;
}

const FETCHER_PREFIX = "taxonomy-";

/** Toasts every row fetcher's answer once, from the page (a deleted row's own form is gone when its answer comes). */
export function useTaxonomyToasts() {
  useFetcherToasts(FETCHER_PREFIX);
}

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? "" : "s"}`;

const IN_USE_HINT = "Move or delete its products before deleting it.";

/**
 * One category or brand: its name and product count, a rename form and a delete button. With JavaScript both post
 * through fetchers: the new name shows at once and a deleted row hides, and a refusal brings the row back with the
 * reason under it (and the typed name kept). Without JavaScript they are plain posts: a success comes back as a 303
 * with a toast, a refusal as the page with the same reason under the row (`noJsReply`).
 */
function TaxonomyRowItem({
  kind,
  row,
  noJsReply,
}: {
  kind: "category" | "brand";
  row: TaxonomyRow;
  noJsReply: TaxonomyReply | undefined;
}) {
  const rename = useFetcher<TaxonomyReply>({ key: `${FETCHER_PREFIX}rename-${row.key}` });
  const remove = useFetcher<TaxonomyReply>({ key: `${FETCHER_PREFIX}delete-${row.key}` });
  const [last, setLast] = useState<"rename" | "delete">("rename");
  const fetched = last === "rename" ? rename.data : remove.data;
  const reply = fetched ?? (noJsReply?.row === row.key ? noJsReply : undefined);
  const refusal = reply && !reply.ok ? (reply.errors?.name?.[0] ?? reply.message) : null;
  const typed = rename.formData?.get("name");
  const shownName = rename.state !== "idle" && typeof typed === "string" && typed.trim() ? typed.trim() : row.name;
  const inputId = `${row.domId}-name`;
  const errorId = `${row.domId}-error`;
  // a row that still has products cannot be deleted: its Delete looks unavailable and says why (a press still asks the
  // server, which answers the reason under the row)
  const inUse = row.products > 0;
  const inUseId = `${row.domId}-in-use`;
  return (
    <li
      hidden={remove.state !== "idle"}
      data-testid={`${kind}-row`}
      className={`py-3 ${rename.state !== "idle" ? "opacity-60" : ""}`}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-x-3">
        <p className="font-medium text-slate-900" data-testid="row-name">
          {shownName}
        </p>
        <p className="text-sm text-slate-600" data-testid="row-count">
          {plural(row.products, "product")}
        </p>
      </div>
      <div className="mt-2 flex items-start gap-2">
        <rename.Form
          method="post"
          className="flex min-w-0 flex-1 gap-2"
          onSubmit={() => setLast("rename")}
          aria-label={`Rename ${kind} ${row.name}`}
        >
          <JsMarker />
          <input type="hidden" name="intent" value={`rename-${kind}`} />
          {Object.entries(row.target).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <label htmlFor={inputId} className="sr-only">
            New name for the {kind} {row.name}
          </label>
          <input
            id={inputId}
            name="name"
            defaultValue={noJsReply?.row === row.key && noJsReply.name !== null ? noJsReply.name : row.name}
            required
            maxLength={100}
            autoComplete="off"
            aria-invalid={reply && !reply.ok && reply.errors?.name ? true : undefined}
            aria-describedby={errorId}
            className="input min-w-0 flex-1"
          />
          <button type="submit" className="btn-secondary shrink-0 px-3" disabled={rename.state !== "idle"}>
            <PencilIcon />
            {/* icon only on a phone, so the name field keeps its room */}
            <span className="sr-only sm:not-sr-only">Rename</span>
          </button>
        </rename.Form>
        <remove.Form method="post" className="flex self-stretch" onSubmit={() => setLast("delete")}>
          <JsMarker />
          <input type="hidden" name="intent" value={`delete-${kind}`} />
          {Object.entries(row.target).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <button
            type="submit"
            className={inUse ? "btn-unavailable px-3" : "btn-secondary px-3 text-red-700"}
            aria-label={`Delete ${kind} ${row.name}`}
            aria-describedby={inUse ? inUseId : undefined}
            title={inUse ? IN_USE_HINT : undefined}
            disabled={remove.state !== "idle"}
          >
            <TrashIcon />
            <span className="sr-only sm:not-sr-only">Delete</span>
          </button>
        </remove.Form>
      </div>
      <p id={errorId} role={refusal ? "alert" : undefined} className="mt-1 min-h-[1rem] text-xs text-red-700">
        {refusal ?? ""}
      </p>
      {inUse ? (
        <p id={inUseId} className="text-xs text-slate-600">
          {IN_USE_HINT}
        </p>
      ) : null}
    </li>
  );
}

/** A card listing the categories or the brands. */
export function TaxonomySection({
  kind,
  title,
  note,
  rows,
  noJsReply,
  footer,
}: {
  kind: "category" | "brand";
  title: string;
  note: string;
  rows: TaxonomyRow[];
  noJsReply: TaxonomyReply | undefined;
  /** under the list: the add form (categories) or how one is added (brands) */
  footer?: ReactNode;
}) {
  const headingId = `${kind}-heading`;
  return (
    <section aria-labelledby={headingId} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        {title} <span className="text-sm font-normal text-slate-500">({rows.length})</span>
      </h2>
      <p className="mt-1 text-sm text-slate-600">{note}</p>
      {rows.length === 0 ? <p className="mt-4 text-slate-600">None yet</p> : null}
      <ul className="mt-2 divide-y divide-slate-100">
        {rows.map((row) => (
          <TaxonomyRowItem key={row.key} kind={kind} row={row} noJsReply={noJsReply} />
        ))}
      </ul>
      {footer}
    </section>
  );
}

/**
 * "Add a category": a name and a button. With JavaScript through a fetcher (the field empties on success and the list
 * reloads); without, a plain post: a success comes back as a 303 with a toast, a refusal as the page with the reason
 * under the field and the typed name kept.
 */
export function AddCategoryForm({ noJsReply }: { noJsReply: TaxonomyReply | undefined }) {
  const add = useFetcher<TaxonomyReply>({ key: `${FETCHER_PREFIX}add-category` });
  const form = useRef<HTMLFormElement>(null);
  const noJs = noJsReply?.row === NEW_CATEGORY_ROW ? noJsReply : undefined;
  const reply = add.data ?? noJs;
  const refusal = reply && !reply.ok ? (reply.errors?.name?.[0] ?? reply.message) : null;
  useEffect(() => {
    if (add.state === "idle" && add.data?.ok) form.current?.reset();
  }, [add.state, add.data]);
  return (
    <add.Form ref={form} method="post" className="mt-4 border-t border-slate-100 pt-4" aria-label="Add a category">
      <JsMarker />
      <input type="hidden" name="intent" value="add-category" />
      <label htmlFor="new-category-name" className="label">
        New category
      </label>
      <div className="mt-1 flex gap-2">
        <input
          id="new-category-name"
          name="name"
          defaultValue={noJs && !noJs.ok ? (noJs.name ?? "") : ""}
          required
          maxLength={100}
          autoComplete="off"
          aria-invalid={refusal ? true : undefined}
          aria-describedby="new-category-error"
          className="input min-w-0 flex-1"
        />
        <button type="submit" className="btn-primary shrink-0" disabled={add.state !== "idle"}>
          Add category
        </button>
      </div>
      <p
        id="new-category-error"
        role={refusal ? "alert" : undefined}
        className="mt-1 min-h-[1rem] text-xs text-red-700"
      >
        {refusal ?? ""}
      </p>
    </add.Form>
  );
}
