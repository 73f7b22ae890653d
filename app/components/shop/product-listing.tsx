import { Form, useLocation, useNavigation, useSubmit } from "@remix-run/react";
import { useEffect, useRef, type FormEvent } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import type { Category, ProductPage } from "~/schemas/catalogue";
import { listingHref, SORT_LABELS, type ListingParams } from "~/utils/listing";
import { SORTS } from "~/schemas/constants";
import { Spinner } from "../ui/spinner";
import { FilterSidebar } from "./filter-sidebar";
import { Pagination } from "./pagination";
import { ProductCard } from "./product-card";
import { SearchBar } from "./search-bar";

const TYPING_DELAY_MS = 350;

/**
 * The product listing: one GET form holds the search bar, sort and filters, so without JavaScript it is a plain
 * form; with JavaScript it applies as the user types or ticks. Every state is a URL, so back/forward work.
 */
export function ProductListing({
  heading,
  params,
  page,
  categories,
}: {
  heading: string;
  params: ListingParams;
  page: ProductPage;
  categories: Category[];
}) {
  const submit = useSubmit();
  const navigation = useNavigation();
  const location = useLocation();
  const hydrated = useHydrated();
  const formRef = useRef<HTMLFormElement>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  const typingBurst = useRef(false);
  const pending = navigation.state === "loading" && navigation.location.pathname === "/products";

  // back/forward change the URL under a text field the user is not typing in: show what the URL says
  useEffect(() => {
    const input = searchRef.current;
    if (input && document.activeElement !== input) input.value = params.search;
  }, [params.search]);
  useEffect(() => () => clearTimeout(timer.current), []);

  function onChange(event: FormEvent<HTMLFormElement>) {
    const target = event.target as HTMLInputElement;
    const typed = target.type === "search" || target.type === "number";
    clearTimeout(timer.current);
    if (typed) {
      timer.current = setTimeout(() => {
        // the first change of a burst of typing adds a history entry, the rest replace it
        submit(formRef.current, { replace: typingBurst.current, preventScrollReset: true });
        typingBurst.current = true;
      }, TYPING_DELAY_MS);
    } else {
      typingBurst.current = false;
      submit(formRef.current, { preventScrollReset: true });
    }
  }

  const first = (page.page - 1) * page.size + 1;
  const last = Math.min(page.page * page.size, page.totalElements);

  return (
    <div className="mx-auto max-w-7xl px-4 py-6">
      <Form ref={formRef} method="get" action="/products" onChange={onChange} role="search" aria-label="Products">
        <SearchBar categories={categories} category={params.category} search={params.search} inputRef={searchRef} resetKey={location.search} />
        <div className="mt-6 grid gap-6 lg:grid-cols-[16rem_1fr]">
          <aside aria-label="Filters">
            <FilterSidebar params={params} facets={page.facets} showApply={!hydrated} resetKey={location.search} />
          </aside>
          <section aria-labelledby="listing-heading" aria-busy={pending}>
            <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
              <div>
                <h1 id="listing-heading" className="text-xl font-bold text-slate-900">
                  {heading}
                </h1>
                <p className="text-sm text-slate-600" aria-live="polite">
                  {page.totalElements === 0
                    ? "No products found"
                    : `Showing ${first}–${last} of ${page.totalElements} product${page.totalElements === 1 ? "" : "s"}`}
                  {pending ? (
                    <span className="ml-2 inline-flex align-middle text-brand-600">
                      <Spinner label="Updating results" className="h-4 w-4" />
                    </span>
                  ) : null}
                </p>
                {page.correctedQuery ? (
                  <p className="mt-1 text-sm text-amber-800">
                    No exact matches for “{params.search}”. Showing results for “{page.correctedQuery}”.
                  </p>
                ) : null}
              </div>
              <div className="flex items-center gap-2">
                <label htmlFor="sort" className="text-sm text-slate-600">
                  Sort by
                </label>
                <select key={location.search} id="sort" name="sort" defaultValue={params.sort} className="input w-auto">
                  {SORTS.map((sort) => (
                    <option key={sort} value={sort}>
                      {SORT_LABELS[sort]}
                    </option>
                  ))}
                </select>
              </div>
            </div>
            {page.content.length === 0 ? (
              <div className="rounded-xl border border-dashed border-slate-300 bg-white p-10 text-center">
                <p className="font-semibold">No products found</p>
                <p className="mt-1 text-sm text-slate-600">Try other words, fewer filters, or clear the filters.</p>
              </div>
            ) : (
              <ul className={`grid grid-cols-2 gap-3 sm:gap-5 xl:grid-cols-3 ${pending ? "opacity-60 transition-opacity" : ""}`}>
                {page.content.map((product, index) => (
                  <li key={product.id} className="flex">
                    <ProductCard product={product} eager={index < 2} />
                  </li>
                ))}
              </ul>
            )}
            <Pagination page={page.page} totalPages={page.totalPages} href={(n) => listingHref(params, { page: n })} />
          </section>
        </div>
      </Form>
    </div>
  );
}
