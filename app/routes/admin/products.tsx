import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useSubmit } from "@remix-run/react";
import { useEffect, useRef, type FormEvent } from "react";
import { endpoints } from "~/client/api.server";
import { DeleteProductLink } from "~/components/admin/delete-product";
import { GeneralErrorBoundary } from "~/components/layout/error-boundary";
import { useHydrated } from "remix-utils/use-hydrated";
import { FormErrorBanner } from "~/components/ui/form-error-banner";
import { Pager } from "~/components/ui/pager";
import { Spinner } from "~/components/ui/spinner";
import { useIsPending } from "~/hooks/use-is-pending";
import { InventoryQuerySchema } from "~/schemas/product-admin";
import { MAX_CSV_BYTES } from "~/schemas/constants";
import { attempt, loadOrThrow, readUpload } from "~/web/actions.server";
import { requireAdmin } from "~/web/guards.server";
import { formatPrice } from "~/lib/money";
import { pageTitle } from "~/lib/site";

const CSV_UPLOAD_LIMITS = { maxBytes: MAX_CSV_BYTES + 64 * 1024, maxFiles: 1, maxFileBytes: MAX_CSV_BYTES };

export const meta: MetaFunction = () => [{ title: pageTitle("Products") }, { name: "robots", content: "noindex" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const auth = await requireAdmin(request);
  const parsed = InventoryQuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  const query = parsed.success ? parsed.data : { q: undefined, lowStock: undefined, page: 1 };
  // a search the API cannot read (a control character) is the page's 400, not a failure of ours
  const { data: inventory } = await loadOrThrow(
    auth.api(endpoints.adminProducts.inventory, {
      query: { q: query.q, lowStock: query.lowStock || undefined, page: query.page },
    }),
  );
  return data({ inventory, q: query.q ?? "", lowStock: Boolean(query.lowStock) });
}

type ImportReply = { message: string; errors: Record<string, string[]> | null };

export async function action({ request }: ActionFunctionArgs) {
  const auth = await requireAdmin(request);
  const read = await readUpload(request, CSV_UPLOAD_LIMITS);
  if (!read.ok) return data<ImportReply>({ message: read.message, errors: null }, { status: read.status });
  const file = read.form.get("file");
  if (!(file instanceof File) || file.size === 0) {
    return data<ImportReply>({ message: "Please select a CSV file.", errors: null }, { status: 422 });
  }
  const outcome = await attempt(auth.api(endpoints.adminProducts.importCsv, { body: await file.text() }));
  if (outcome.ok) return auth.redirect("/admin/products", { type: "success", message: outcome.value.message });
  const { message, errors = null, status } = outcome.error;
  return data<ImportReply>({ message, errors }, { status });
}

const TYPING_DELAY_MS = 350;

/**
 * With JavaScript the search and "Low stock only" apply as the listing's filters do (typing after a short pause, a run
 * of typing one history entry; a tick at once), without "Show"; back/forward show what the URL says.
 */
function useApplyAsTyped(q: string, lowStock: boolean) {
  const submit = useSubmit();
  const timer = useRef<ReturnType<typeof setTimeout>>();
  const typing = useRef(false);
  const searchRef = useRef<HTMLInputElement>(null);
  const lowStockRef = useRef<HTMLInputElement>(null);
  useEffect(() => () => clearTimeout(timer.current), []);
  useEffect(() => {
    if (searchRef.current && document.activeElement !== searchRef.current) searchRef.current.value = q;
    if (lowStockRef.current) lowStockRef.current.checked = lowStock;
  }, [q, lowStock]);
  function applyAsTyped(event: FormEvent<HTMLFormElement>) {
    const form = event.currentTarget;
    clearTimeout(timer.current);
    if ((event.target as HTMLInputElement).type === "search") {
      timer.current = setTimeout(() => {
        submit(form, { replace: typing.current, preventScrollReset: true });
        typing.current = true;
      }, TYPING_DELAY_MS);
    } else {
      typing.current = false;
      submit(form, { preventScrollReset: true });
    }
  }
  return { applyAsTyped, searchRef, lowStockRef };
}

export default function AdminProducts() {
  const { inventory, q, lowStock } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const importing = useIsPending();
  const hydrated = useHydrated();
  const { applyAsTyped, searchRef, lowStockRef } = useApplyAsTyped(q, lowStock);
  const pageHref = (page: number) =>
    `?${new URLSearchParams({ ...(q ? { q } : {}), ...(lowStock ? { lowStock: "true" } : {}), page: String(page) })}`;
  return (
    <>
      {/* the answer comes back at the page's top, above the product rows: the refusal is said there, with a link */}
      {reply && !hydrated ? (
        <FormErrorBanner message={reply.message} formId="import-csv" linkText="Go to the import's errors" />
      ) : null}
      <div className="mx-auto max-w-6xl px-4 py-8">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h1 className="text-2xl font-bold text-slate-900">Products</h1>
          <div className="flex gap-3">
            <Link to="/add-product" className="btn-primary">
              Add New Product
            </Link>
            <a href="/admin/products.csv" className="btn-secondary" download>
              Export CSV
            </a>
          </div>
        </div>

        <Form
          method="get"
          className="mt-6 flex flex-wrap items-end gap-3"
          onChange={applyAsTyped}
          aria-label="Find products"
        >
          <div>
            <label htmlFor="q" className="label">
              Search name or brand
            </label>
            <input ref={searchRef} id="q" name="q" type="search" defaultValue={q} className="input" />
          </div>
          <label className="flex items-center gap-2 pb-2 text-sm">
            <input
              ref={lowStockRef}
              type="checkbox"
              name="lowStock"
              value="true"
              defaultChecked={lowStock}
              className="h-4 w-4"
            />
            Low stock only (5 or fewer)
          </label>
          {/* without JavaScript nothing applies by itself; hidden by CSS where scripting is on (no shift at hydration) */}
          <button type="submit" className="btn-secondary [@media(scripting:enabled)]:hidden">
            Show
          </button>
          <p className="ml-auto pb-2 text-sm text-slate-600">
            {inventory.totalElements} {inventory.totalElements === 1 ? "product" : "products"}
          </p>
        </Form>

        <div className="relative mt-4 overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm">
          <table className="w-full text-left text-sm">
            <thead className="bg-slate-50 text-xs uppercase tracking-wide text-slate-500">
              <tr>
                <th scope="col" className="hidden px-2 py-2 sm:px-3 sm:table-cell">
                  Id
                </th>
                <th scope="col" className="px-2 py-2 sm:px-3">
                  Name
                </th>
                <th scope="col" className="hidden px-2 py-2 sm:px-3 sm:table-cell">
                  Brand
                </th>
                <th scope="col" className="hidden px-2 py-2 sm:px-3 sm:table-cell">
                  Category
                </th>
                <th scope="col" className="px-2 py-2 sm:px-3 text-right">
                  Price
                </th>
                <th scope="col" className="px-2 py-2 sm:px-3 text-right">
                  <span className="sm:hidden">Stock</span>
                  <span className="hidden sm:inline">Inventory</span>
                </th>
                <th scope="col" className="px-2 py-2 sm:px-3">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {inventory.content.map((p) => (
                <tr key={p.id} data-testid="inventory-row">
                  <td className="hidden px-2 py-2 sm:px-3 tabular-nums text-slate-500 sm:table-cell">{p.id}</td>
                  <td className="px-2 py-2 sm:px-3">
                    <span className="font-medium text-slate-900">{p.name}</span>
                    {/* on a phone the brand and category columns are folded in here */}
                    <span className="block text-xs text-slate-600 sm:hidden">
                      #{p.id} · {p.brand} · {p.category}
                    </span>
                  </td>
                  <td className="hidden px-2 py-2 sm:px-3 sm:table-cell">{p.brand}</td>
                  <td className="hidden px-2 py-2 sm:px-3 sm:table-cell">{p.category}</td>
                  <td className="px-2 py-2 sm:px-3 text-right tabular-nums">{formatPrice(p.price)}</td>
                  <td
                    className={`px-2 py-2 sm:px-3 text-right tabular-nums ${p.inventory <= 5 ? "font-semibold text-red-700" : ""}`}
                  >
                    {p.inventory}
                  </td>
                  <td className="px-2 py-2 sm:px-3">
                    <div className="flex flex-col items-end gap-1 sm:flex-row sm:justify-end sm:gap-3">
                      <Link
                        to={`/update-product/${p.id}/update`}
                        className="font-medium text-brand-700 hover:underline"
                        aria-label={`edit ${p.name}`}
                      >
                        edit
                      </Link>
                      <DeleteProductLink product={p} className="font-medium text-red-700 hover:underline" />
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {inventory.content.length === 0 ? <p className="p-4 text-slate-600">No products found</p> : null}
        </div>
        <Pager page={inventory.page} totalPages={inventory.totalPages} href={pageHref} />

        <Form
          method="post"
          id="import-csv"
          encType="multipart/form-data"
          className="mt-8 rounded-xl border border-slate-200 bg-white p-6 shadow-sm"
        >
          <h2 className="text-lg font-semibold text-slate-900">Import CSV</h2>
          <p className="mt-1 text-sm text-slate-600">
            One row per variant, as the export: id, name, brand, category, description (the same on each row of a
            product), option1_name, option1_value … option3_value (empty for a product sold in one form), sku, price,
            compare_at_price, inventory, weight_grams. A row with an id updates that product; otherwise the product of
            the same name and brand is updated or a new one added. Variants are matched by SKU, else by their options; a
            new combination becomes a new variant; variants missing from the file are kept and listed. Files of one row
            per product (id, name, brand, category, price, inventory, description) still import. Every row is checked
            first: one error and nothing is imported.
          </p>
          <div className="mt-4 flex flex-wrap items-end gap-3">
            <div>
              <label htmlFor="csv-file" className="label">
                CSV file
              </label>
              <input id="csv-file" type="file" name="file" accept=".csv,text/csv" className="block text-sm" />
            </div>
            <button type="submit" className="btn-primary" disabled={importing}>
              {importing ? <Spinner label="Importing" className="h-4 w-4" /> : null}
              Import
            </button>
          </div>
          {reply ? (
            // with JavaScript announced here (the page does not move); without, by the banner at the page's top
            <div
              role={hydrated ? "alert" : undefined}
              className="mt-4 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-900"
            >
              <p className="font-semibold">{reply.message}</p>
              {reply.errors ? (
                <ul className="mt-2 list-disc space-y-1 pl-5">
                  {Object.entries(reply.errors).map(([line, problems]) => (
                    <li key={line}>
                      {line}: {problems.join("; ")}
                    </li>
                  ))}
                </ul>
              ) : null}
            </div>
          ) : null}
        </Form>
      </div>
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
