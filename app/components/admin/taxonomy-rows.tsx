import { useFetcher } from "@remix-run/react";
import { useState } from "react";
import { useFetcherToasts } from "~/hooks/use-fetcher-toasts";
import { JsMarker } from "~/components/ui/js-marker";
import type { IntentReply } from "~/schemas/common";
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
            className="btn-secondary px-3 text-red-700"
            aria-label={`Delete ${kind} ${row.name}`}
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
}: {
  kind: "category" | "brand";
  title: string;
  note: string;
  rows: TaxonomyRow[];
  noJsReply: TaxonomyReply | undefined;
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
    </section>
  );
}
