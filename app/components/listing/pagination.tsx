import { Link } from "@remix-run/react";

/** Page links that keep the other parameters of the URL; `href(page)` builds each one. */
export function Pagination({
  page,
  totalPages,
  href,
}: {
  page: number;
  totalPages: number;
  href: (page: number) => string;
}) {
  if (totalPages <= 1) return null;
  // (a flex item drops the space between the arrow and its word: the gap is that space)
  const item = "inline-flex h-10 min-w-10 items-center justify-center gap-1 rounded-lg border px-3 text-sm font-medium";
  return (
    <nav aria-label="Pagination" className="mt-10 flex flex-wrap items-center justify-center gap-2">
      {page > 1 ? (
        <Link to={href(page - 1)} rel="prev" className={`${item} border-slate-300 bg-white hover:bg-slate-100`}>
          <span aria-hidden="true">‹</span>
          {/* a phone has the arrows only, so the page numbers keep to one row */}
          <span className="max-sm:sr-only">Previous</span>
        </Link>
      ) : null}
      {pageWindow(page, totalPages).map((n, index) =>
        n === null ? (
          <span key={`gap-${index}`} aria-hidden="true" className="px-1 text-slate-400">
            …
          </span>
        ) : (
          <Link
            key={n}
            to={href(n)}
            aria-label={`Page ${n}`}
            aria-current={n === page ? "page" : undefined}
            className={`${item} ${n === page ? "border-brand-600 bg-brand-600 text-white" : "border-slate-300 bg-white hover:bg-slate-100"}`}
          >
            {n}
          </Link>
        ),
      )}
      {page < totalPages ? (
        <Link to={href(page + 1)} rel="next" className={`${item} border-slate-300 bg-white hover:bg-slate-100`}>
          <span className="max-sm:sr-only">Next</span> <span aria-hidden="true">›</span>
        </Link>
      ) : null}
    </nav>
  );
}

/** Page numbers to show around the current one, with null for a gap: 1 … 4 5 [6] 7 8 … 20 */
export function pageWindow(current: number, total: number, radius = 2): Array<number | null> {
  const pages: Array<number | null> = [];
  for (let page = 1; page <= total; page++) {
    if (page === 1 || page === total || Math.abs(page - current) <= radius) pages.push(page);
    else if (pages[pages.length - 1] !== null) pages.push(null);
  }
  return pages;
}
