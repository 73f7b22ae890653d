import { Link } from "@remix-run/react";
import type { Ref } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import type { Category } from "~/schemas/catalogue";
import { useSearchSuggestions } from "./search-suggestions";

/**
 * Category dropdown ('All Category' + names), search text and 'Clear Filter'. Its fields belong to the form that
 * wraps it (the listing's filter form), or to a form of its own on the home page. With `suggest` and JavaScript, the
 * field suggests products and categories as the shopper types (the home page; the listing shows its results as the
 * shopper types instead, and a list over them would hide them).
 */
export function SearchBar({
  categories,
  category,
  search,
  inputRef,
  suggest = false,
}: {
  categories: Category[];
  category: number | undefined;
  search: string;
  inputRef?: Ref<HTMLInputElement>;
  suggest?: boolean;
}) {
  const suggesting = useHydrated() && suggest;
  const suggestions = useSearchSuggestions(inputRef);
  return (
    <div className="flex w-full flex-col gap-2 sm:flex-row sm:items-center">
      <label htmlFor="search-category" className="sr-only">
        Category
      </label>
      <select
        id="search-category"
        name="category"
        defaultValue={category === undefined ? "" : String(category)}
        className="input sm:w-48"
      >
        <option value="">All Category</option>
        {categories.map((c) => (
          <option key={c.id} value={c.id}>
            {c.name}
          </option>
        ))}
      </select>
      <div className="relative flex-1">
        <label htmlFor="search-text" className="sr-only">
          Search products
        </label>
        <input
          ref={suggestions.ref}
          {...(suggesting ? suggestions.inputProps : {})}
          id="search-text"
          type="search"
          name="search"
          defaultValue={search}
          placeholder="Search mice, keyboards…"
          maxLength={200}
          autoComplete="off"
          enterKeyHint="search"
          className="input pr-24"
        />
        <button type="submit" className="btn-primary absolute inset-y-1 right-1 px-3 py-1">
          Search
        </button>
        {suggesting ? suggestions.list : null}
      </div>
      <Link to="/products" className="btn-secondary whitespace-nowrap">
        Clear Filter
      </Link>
    </div>
  );
}
