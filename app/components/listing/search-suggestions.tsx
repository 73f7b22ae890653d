import { useNavigate } from "@remix-run/react";
import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent, type Ref } from "react";
import type { SearchSuggestions } from "~/schemas/catalogue";
import { formatPrice } from "~/lib/money";

const DELAY_MS = 120;

interface Option {
  key: string;
  href: string;
  label: string;
  detail: string;
}

function toOptions(suggestions: SearchSuggestions): Option[] {
  return [
    ...suggestions.categories.map((category) => ({
      key: `c${category.id}`,
      href: `/products/category/${category.id}/products`,
      label: category.name,
      detail: "Category",
    })),
    ...suggestions.products.map((product) => ({
      key: `p${product.id}`,
      href: `/product/${product.id}/details`,
      label: product.name,
      detail: `${product.brand} · ${formatPrice(product.price)}`,
    })),
  ];
}

/**
 * The search field's suggestions, once JavaScript runs (an ARIA 1.2 combobox: the list opens as the shopper types,
 * arrows move through it, Enter opens the chosen product or category, Escape closes it). Without an option chosen,
 * Enter submits the search form as it does without JavaScript.
 */
export function useSearchSuggestions(inputRef: Ref<HTMLInputElement> | undefined) {
  const navigate = useNavigate();
  const listId = useId();
  const [options, setOptions] = useState<Option[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  const request = useRef<AbortController>();
  const input = useRef<HTMLInputElement | null>(null);

  useEffect(
    () => () => {
      clearTimeout(timer.current);
      request.current?.abort();
    },
    [],
  );

  const close = useCallback(() => {
    setOpen(false);
    setActive(-1);
  }, []);

  function load(text: string) {
    clearTimeout(timer.current);
    request.current?.abort();
    if (text.trim() === "") {
      setOptions([]);
      close();
      return;
    }
    timer.current = setTimeout(() => void fetchOptions(text), DELAY_MS);
  }

  async function fetchOptions(text: string) {
    const controller = new AbortController();
    request.current = controller;
    try {
      const response = await fetch(`/search/suggestions?q=${encodeURIComponent(text)}`, { signal: controller.signal });
      if (!response.ok) return;
      const next = toOptions((await response.json()) as SearchSuggestions);
      setOptions(next);
      setActive(-1);
      setOpen(next.length > 0 && document.activeElement === input.current);
    } catch {
      // aborted by newer typing, or offline: the search form still works
    }
  }

  function choose(option: Option) {
    close();
    navigate(option.href);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === "Escape" && open) {
      event.preventDefault();
      close();
    } else if ((event.key === "ArrowDown" || event.key === "ArrowUp") && options.length > 0) {
      event.preventDefault();
      setOpen(true);
      const step = event.key === "ArrowDown" ? 1 : -1;
      // -1 is the field itself: the arrows cycle field → first … last → field
      setActive((current) => {
        const next = current + step;
        return next >= options.length ? -1 : next < -1 ? options.length - 1 : next;
      });
    } else if (event.key === "Enter" && open && active >= 0 && active < options.length) {
      event.preventDefault();
      choose(options[active]!);
    }
  }

  const setInput = useCallback(
    (element: HTMLInputElement | null) => {
      input.current = element;
      if (typeof inputRef === "function") inputRef(element);
      else if (inputRef) (inputRef as { current: HTMLInputElement | null }).current = element;
    },
    [inputRef],
  );

  const activeIndex = active < options.length ? active : -1;
  return {
    /** the field's ref (passes the element on to the caller's ref too) */
    ref: setInput,
    inputProps: {
      role: "combobox" as const,
      "aria-autocomplete": "list" as const,
      "aria-expanded": open,
      "aria-controls": listId,
      "aria-activedescendant": open && activeIndex >= 0 ? `${listId}-${activeIndex}` : undefined,
      onInput: (event: { currentTarget: HTMLInputElement }) => load(event.currentTarget.value),
      onKeyDown,
      onBlur: close,
    },
    list: (
      <ul
        id={listId}
        role="listbox"
        aria-label="Suggestions"
        hidden={!open}
        className="absolute inset-x-0 top-full z-30 mt-1 max-h-96 overflow-y-auto rounded-lg border border-slate-200 bg-white py-1 text-left text-slate-900 shadow-lg"
      >
        {options.map((option, index) => (
          <li
            key={option.key}
            id={`${listId}-${index}`}
            role="option"
            aria-selected={index === activeIndex}
            // mousedown, not click: the field's blur would close the list first
            onMouseDown={(event) => {
              event.preventDefault();
              choose(option);
            }}
            className={`flex cursor-pointer items-baseline justify-between gap-3 px-3 py-2 text-sm ${
              index === activeIndex ? "bg-brand-50 text-brand-900" : "hover:bg-slate-50"
            }`}
          >
            <span className="font-medium">{option.label}</span>
            <span className="shrink-0 text-xs text-slate-600">{option.detail}</span>
          </li>
        ))}
      </ul>
    ),
  };
}
