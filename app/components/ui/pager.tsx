import { Link } from "@remix-run/react";

/** Previous / "Page n of m" / Next for the admin's tables; `href(page)` keeps the page's other parameters. */
export function Pager({
  page,
  totalPages,
  href,
}: {
  page: number;
  totalPages: number;
  href: (page: number) => string;
}) {
  if (totalPages <= 1) return null;
  return (
    <nav aria-label="Pages" className="mt-4 flex items-center justify-between text-sm">
      {page > 1 ? (
        <Link to={href(page - 1)} className="btn-secondary">
          Previous
        </Link>
      ) : (
        <span />
      )}
      <span>
        Page {page} of {totalPages}
      </span>
      {page < totalPages ? (
        <Link to={href(page + 1)} className="btn-secondary">
          Next
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
