import { Link } from "@remix-run/react";
import { DeleteProductLink } from "./delete-product";

/** 'edit' and 'delete' under a listing card, for admins. */
export function AdminCardLinks({ product }: { product: { id: number; name: string } }) {
  return (
    <div className="flex justify-end gap-4 text-sm font-medium">
      <Link
        to={`/update-product/${product.id}/update`}
        className="text-brand-700 hover:underline"
        aria-label={`edit ${product.name}`}
      >
        edit
      </Link>
      <DeleteProductLink product={product} className="text-red-700 hover:underline" />
    </div>
  );
}
