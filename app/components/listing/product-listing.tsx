import { Form, Link, useNavigation, useSubmit } from "@remix-run/react";
import { useEffect, useRef, type FormEvent, type ReactNode } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import type { Category, ProductPage } from "~/schemas/catalogue";
import type { ProductCardData } from "~/lib/product-card";
import { SORTS, type Sort } from "~/schemas/constants";
import { activeFilterCount, listingHref, type ListingState } from "~/schemas/listing";
import { LISTING_GRID, ProductCard } from "../shop/product-card";
import { Spinner } from "../ui/spinner";
import { FilterSidebar } from "./filter-sidebar";
import { Pagination } from "./pagination";
import { SearchBar } from "./search-bar";

const SORT_LABELS: Record<Sort, string> = {
  relevance: "Best match",
  price_asc: "Price: low to high",
  price_desc: "Price: high to low",
  newest: "Newest",
  name: "Name",
};

/** A page of the search as the listing shows it: its products as cards (app/lib/product-card.ts). */
export type ListingPage = Omit<ProductPage, "content"> & { content: ProductCardData[] };

const TYPING_DELAY_MS = 350;
const BURST_PAUSE_MS = 1_200;

/**
 * The product listing: one GET form holds the search bar, sort and filters, so without JavaScript it is a plain
 * form; with JavaScript it applies as the user types or ticks. Every state is a URL, so back/forward work.
 */
export function ProductListing({
  heading,
  params,
  page,
  categories,
  cardExtras,
}: {
  heading: string;
  params: ListingState;
  page: ListingPage;
  categories: Category[];
  /** what goes under a product's card (the admin's links) */
  cardExtras?: (product: ProductCardData) => ReactNode;
}) {
  const submit = useSubmit();
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const formRef = useRef<HTMLFormElement>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  const burstEnd = useRef<ReturnType<typeof setTimeout>>();
  const typingBurst = useRef(false);
  const lastTyped = useRef(params.q);
  const pending = navigation.state === "loading" && navigation.location.pathname === "/products";

  // back/forward change the URL: the text field shows what the URL says, unless keystrokes are still waiting to apply
  const typingPending = useRef(false);
  useEffect(() => {
    const input = searchRef.current;
    if (input && !typingPending.current) input.value = params.q;
  }, [params.q]);
  useEffect(
    () => () => {
      clearTimeout(timer.current);
      clearTimeout(burstEnd.current);
    },
    [],
  );

  // Back/forward: show what the URL says in the checkboxes and selects without remounting them (a remount would
  // take the keyboard focus away from the control the user just used).
  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    const checked = new Set(
      [...params.brand.map((b) => `brand=${b}`), ...params.option.map((o) => `option=${o}`)].map((v) =>
        v.toLowerCase(),
      ),
    );
    for (const input of form.querySelectorAll<HTMLInputElement>('input[name="brand"],input[name="option"]')) {
      input.checked = checked.has(`${input.name}=${input.value}`.toLowerCase());
    }
    const inStock = form.querySelector<HTMLInputElement>('input[name="inStock"]');
    if (inStock) inStock.checked = params.inStock;
    const sort = form.querySelector<HTMLSelectElement>('select[name="sort"]');
    if (sort) sort.value = params.sort;
    const category = form.querySelector<HTMLSelectElement>('select[name="category"]');
    if (category) category.value = params.category === undefined ? "" : String(params.category);
  }, [params.brand, params.option, params.inStock, params.sort, params.category]);

  function onChange(event: FormEvent<HTMLFormElement>) {
    const target = event.target as HTMLInputElement;
    const typed = target.type === "search" || target.type === "number";
    clearTimeout(timer.current);
    clearTimeout(burstEnd.current);
    if (typed) {
      typingPending.current = true;
      timer.current = setTimeout(() => {
        typingPending.current = false;
        // Typing "tal" then "talon" is one search: its later steps replace the history entry. A pause, or a search
        // that is not an extension or a trim of the last one ("talon" then "raptor"), gets an entry of its own.
        const typedNow = searchRef.current?.value.trim().toLowerCase() ?? "";
        const previous = lastTyped.current.trim().toLowerCase();
        const sameSearch = typedNow.startsWith(previous) || previous.startsWith(typedNow);
        submit(formRef.current, { replace: typingBurst.current && sameSearch, preventScrollReset: true });
        lastTyped.current = typedNow;
        typingBurst.current = true;
        burstEnd.current = setTimeout(() => (typingBurst.current = false), BURST_PAUSE_MS);
      }, TYPING_DELAY_MS);
    } else {
      typingBurst.current = false;
      submit(formRef.current, { preventScrollReset: true });
    }
  }

  const first = (page.page - 1) * page.size + 1;
  const last = first - 1 + page.content.length;
  const total = `${page.totalElements.toLocaleString("en-US")}${page.totalCapped ? "+" : ""}`;

  return (
    <div className="mx-auto max-w-7xl px-4 py-6">
      <Form ref={formRef} method="get" action="/products" onChange={onChange} role="search" aria-label="Products">
        <SearchBar categories={categories} category={params.category} search={params.q} inputRef={searchRef} />
        <div className="mt-6 grid gap-6 lg:grid-cols-[16rem_1fr]">
          <aside aria-label="Filters">
            <FiltersDisclosure active={activeFilterCount(params)}>
              <FilterSidebar params={params} facets={page.facets} sampled={page.facetsSampled} showApply={!hydrated} />
            </FiltersDisclosure>
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
                    : `Showing ${first}–${last} of ${total} product${page.totalElements === 1 ? "" : "s"}`}
                  {pending ? (
                    <span className="ml-2 inline-flex align-middle text-brand-600">
                      <Spinner label="Updating results" className="h-4 w-4" />
                    </span>
                  ) : null}
                </p>
                {page.correctedQuery ? (
                  <p className="mt-1 text-sm text-amber-800">
                    No exact matches for “{params.q}”. Showing results for “{page.correctedQuery}”.
                  </p>
                ) : page.didYouMean ? (
                  <p className="mt-1 text-sm text-slate-700">
                    Did you mean{" "}
                    <Link
                      to={listingHref(params, { q: page.didYouMean, page: 1 })}
                      className="font-semibold text-brand-700 underline"
                    >
                      {page.didYouMean}
                    </Link>
                    ?
                  </p>
                ) : null}
              </div>
              <div className="flex items-center gap-2">
                <label htmlFor="sort" className="text-sm text-slate-600">
                  Sort by
                </label>
                <select id="sort" name="sort" defaultValue={params.sort} className="input w-auto">
                  {SORTS.map((sort) => (
                    <option key={sort} value={sort}>
                      {SORT_LABELS[sort]}
                    </option>
                  ))}
                </select>
              </div>
            </div>
            {page.content.length === 0 ? (
              <NoResults params={params} categories={categories} />
            ) : (
              <ul className={`${LISTING_GRID.className} ${pending ? "opacity-60 transition-opacity" : ""}`}>
                {page.content.map((product, index) => (
                  <li key={product.id} className="flex">
                    <ProductCard product={product} priority={index < 2} extras={cardExtras?.(product)} />
                  </li>
                ))}
              </ul>
            )}
            <Pagination page={page.page} totalPages={page.totalPages} href={(n) => listingHref(params, { page: n })} />
            {page.totalCapped && page.page >= page.totalPages ? (
              // a result counted as "1,000+" pages through its first 1,000 (docs/product.md#listing)
              <p className="mt-4 text-center text-sm text-slate-600">
                There are more than {page.totalElements.toLocaleString("en-US")} matches: add a word or a filter to see
                the others.
              </p>
            ) : null}
          </section>
        </div>
      </Form>
    </div>
  );
}

const WIDE = "(min-width: 1024px)";

/**
 * The filters behind a "Filters" disclosure that works without JavaScript: shut at first on a phone (the results come
 * first; the number of active filters is on it), a sidebar from the lg width up (CSS shows it there shut or open:
 * .filters-disclosure in tailwind.css; with JavaScript it is opened there too).
 */
function FiltersDisclosure({ active, children }: { active: number; children: ReactNode }) {
  const ref = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    if (ref.current && window.matchMedia(WIDE).matches) ref.current.open = true;
  }, []);
  return (
    <details ref={ref} className="filters-disclosure group">
      <summary className="flex cursor-pointer list-none items-center justify-between rounded-xl border border-slate-200 bg-white px-4 py-3 text-sm font-semibold text-slate-900 [&::-webkit-details-marker]:hidden">
        <span className="flex items-center gap-2">
          Filters
          {active > 0 ? (
            <span className="rounded-full bg-brand-600 px-2 py-0.5 text-xs font-semibold text-white">
              {active}
              <span className="sr-only"> active</span>
            </span>
          ) : null}
        </span>
        <span aria-hidden="true" className="text-slate-500 transition-transform group-open:rotate-180">
          ▾
        </span>
      </summary>
      <div className="mt-3 lg:mt-0">{children}</div>
    </details>
  );
}

/** What to do when nothing matched: drop the filters, search every category, or browse one. */
function NoResults({ params, categories }: { params: ListingState; categories: Category[] }) {
  const filtered = params.category !== undefined || activeFilterCount(params) > 0;
  const everywhere = listingHref(params, {
    category: undefined,
    brand: [],
    option: [],
    minPrice: undefined,
    maxPrice: undefined,
    inStock: false,
    page: 1,
  });
  return (
    <div className="rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center">
      <p className="font-semibold">No products found</p>
      <p className="mt-1 text-sm text-slate-600">
        {params.q ? `Nothing matches “${params.q}”` : "Nothing matches"}
        {filtered ? " with these filters." : "."} Check the spelling, or try fewer or more general words.
      </p>
      {filtered ? (
        <p className="mt-3 text-sm">
          <Link to={everywhere} className="font-semibold text-brand-700 underline">
            {params.q ? `Search “${params.q}” without filters` : "Remove the filters"}
          </Link>
        </p>
      ) : null}
      {categories.length > 0 ? (
        <nav aria-label="Browse a category" className="mt-5">
          <p className="text-sm text-slate-600">Or browse a category:</p>
          <ul className="mt-2 flex flex-wrap justify-center gap-2">
            {categories.map((category) => (
              <li key={category.id}>
                <Link
                  to={`/products/category/${category.id}/products`}
                  className="inline-block rounded-full border border-slate-300 px-3 py-1.5 text-sm text-slate-800 hover:border-brand-500 hover:text-brand-700"
                >
                  {category.name}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
    </div>
  );
}
