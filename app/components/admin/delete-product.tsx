import { Form, Link, useLocation } from "@remix-run/react";
import { useRef } from "react";
import { useHydrated } from "remix-utils/use-hydrated";

/**
 * 'delete' for admins: a link to the confirmation page (without JavaScript), or the same question in a dialog.
 * Past orders keep their snapshot; cart lines of the product disappear.
 */
export function DeleteProductLink({
  product,
  className = "",
}: {
  product: { id: number; name: string };
  className?: string;
}) {
  const hydrated = useHydrated();
  const dialog = useRef<HTMLDialogElement>(null);
  const location = useLocation();
  const back = location.pathname.startsWith("/update-product") ? "/products" : location.pathname + location.search;
  const href = `/delete-product/${product.id}?back=${encodeURIComponent(back)}`;
  return (
    <>
      <Link
        to={href}
        className={className}
        aria-label={`delete ${product.name}`}
        onClick={(event) => {
          if (!hydrated || !dialog.current) return;
          event.preventDefault();
          dialog.current.showModal();
        }}
      >
        delete
      </Link>
      {hydrated ? (
        <dialog
          ref={dialog}
          aria-labelledby={`delete-${product.id}-title`}
          className="w-[min(28rem,calc(100vw-2rem))] rounded-xl p-6 shadow-xl backdrop:bg-slate-900/50"
        >
          <h2 id={`delete-${product.id}-title`} className="text-lg font-semibold text-slate-900">
            Delete {product.name}?
          </h2>
          <p className="mt-2 text-sm text-slate-600">
            It leaves the shop and every cart. Past orders keep their copy of it.
          </p>
          <Form
            method="post"
            action={href}
            className="mt-5 flex justify-end gap-3"
            onSubmit={() => dialog.current?.close()}
          >
            <button type="button" className="btn-secondary" onClick={() => dialog.current?.close()}>
              Cancel
            </button>
            <button type="submit" className="btn bg-red-600 text-white hover:bg-red-700">
              Delete
            </button>
          </Form>
        </dialog>
      ) : null}
    </>
  );
}
