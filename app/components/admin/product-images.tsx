import { Form, Link, useNavigate } from "@remix-run/react";
import { useEffect } from "react";
import { imageSrc } from "~/components/shop/product-image";
import { Spinner } from "~/components/ui/spinner";
import { useIsPending } from "~/hooks/use-is-pending";
import type { ImageDto } from "~/schemas/catalogue";
import { ImagePicker, useImageRequired } from "./image-picker";

export type ImageModalState = { mode: "add" } | { mode: "update"; image: { id: number; fileName: string } };

/** The images of a product in the admin's Update Product page: a table with edit and remove. */
export function ProductImages({ product }: { product: { name: string; images: ImageDto[] } }) {
  return (
    <section aria-labelledby="images-title" className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
      <div className="flex items-center justify-between">
        <h2 id="images-title" className="text-lg font-semibold text-slate-900">
          Images
        </h2>
        <Link to="?image=new" preventScrollReset className="btn-secondary">
          Add Image
        </Link>
      </div>
      {product.images.length === 0 ? (
        <p className="mt-3 text-slate-600">No images yet.</p>
      ) : (
        <table className="mt-4 w-full text-left text-sm">
          <thead className="text-xs uppercase tracking-wide text-slate-500">
            <tr>
              <th scope="col" className="py-2">
                Image
              </th>
              <th scope="col" className="py-2">
                File
              </th>
              <th scope="col" className="py-2 text-right">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {product.images.map((image) => (
              <tr key={image.id} data-testid="product-image-row">
                <td className="py-2">
                  <img
                    src={imageSrc(image, 200)}
                    alt={`${product.name}: ${image.fileName}`}
                    width={64}
                    height={64}
                    className="h-16 w-16 rounded-lg object-cover"
                  />
                </td>
                <td className="py-2 break-all text-slate-700">{image.fileName}</td>
                <td className="py-2 text-right">
                  <div className="flex items-center justify-end gap-3">
                    <Link
                      to={`?image=${image.id}`}
                      preventScrollReset
                      className="font-medium text-brand-700 hover:underline"
                      aria-label={`edit image ${image.fileName}`}
                    >
                      edit
                    </Link>
                    <Form method="post" preventScrollReset>
                      <input type="hidden" name="intent" value="delete-image" />
                      <input type="hidden" name="imageId" value={image.id} />
                      <button
                        type="submit"
                        className="font-medium text-red-700 hover:underline"
                        aria-label={`remove image ${image.fileName}`}
                      >
                        remove
                      </button>
                    </Form>
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

/**
 * Add or replace an image. The modal is part of the URL (?image=new or ?image={id}), so without JavaScript it is
 * simply the page with the form open; Escape and Close go back to the page.
 */
export function ImageModal({ modal, productId, error }: { modal: ImageModalState; productId: number; error?: string }) {
  const navigate = useNavigate();
  const picked = useImageRequired("files", error);
  const close = `/update-product/${productId}/update`;
  const title = modal.mode === "add" ? "Add Product Image" : "Update Product Image";
  useEffect(() => {
    const onKey = (event: KeyboardEvent) =>
      event.key === "Escape" && navigate(close, { replace: true, preventScrollReset: true });
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [navigate, close]);
  const busy = useIsPending();
  return (
    <div className="fixed inset-0 z-40 flex items-center justify-center bg-slate-900/50 p-4">
      <div
        role="dialog"
        aria-modal="true"
        aria-labelledby="image-modal-title"
        className="w-full max-w-md rounded-xl bg-white p-6 shadow-xl"
      >
        <h2 id="image-modal-title" className="text-lg font-semibold text-slate-900">
          {title}
        </h2>
        {modal.mode === "update" ? (
          <p className="mt-1 text-sm text-slate-600">Replaces {modal.image.fileName}.</p>
        ) : null}
        <Form method="post" encType="multipart/form-data" className="mt-4" onSubmit={picked.onSubmit}>
          <input type="hidden" name="intent" value={modal.mode === "add" ? "add-image" : "replace-image"} />
          {modal.mode === "update" ? <input type="hidden" name="imageId" value={modal.image.id} /> : null}
          <ImagePicker name="files" multiple={modal.mode === "add"} error={picked.error} onPick={picked.onPick} />
          <div className="mt-6 flex justify-end gap-3">
            <Link to={close} replace preventScrollReset className="btn-secondary">
              Close
            </Link>
            <button type="submit" className="btn-primary" disabled={busy}>
              {busy ? <Spinner label="Saving" className="h-4 w-4" /> : null}
              {modal.mode === "add" ? "Upload Image" : "Save Changes"}
            </button>
          </div>
        </Form>
      </div>
    </div>
  );
}
