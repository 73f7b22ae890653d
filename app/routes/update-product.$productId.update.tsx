import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigate, useNavigation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { DeleteProductLink } from "~/components/admin/delete-product";
import { hasFile, ImagePicker, NO_IMAGE } from "~/components/admin/image-picker";
import { ProductFields } from "~/components/admin/product-fields";
import { imageSrc } from "~/components/shop/product-image";
import { Spinner } from "~/components/ui/spinner";
import { IdSchema } from "~/schemas/common";
import { ProductFormFieldsSchema, ProductFormSchema } from "~/schemas/product-form";
import { ApiError, api } from "~/services/api-client.server";
import { ADMIN_GUARD, productIdParam, productOr404 } from "~/utils/admin.server";
import { requireAuth, type Auth } from "~/utils/auth.server";
import { pageTitle } from "~/utils/site";

export const meta: MetaFunction = () => [
  { title: pageTitle("Update Product") },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const auth = await requireAuth(request, ADMIN_GUARD);
  const id = productIdParam(params.productId);
  const [product, brands, categories] = await Promise.all([
    productOr404(id),
    api.products.brands(),
    api.categories.all(),
  ]);
  // the image modal is part of the URL: ?image=new (add) or ?image={id} (replace); without JavaScript it is a page
  const image = new URL(request.url).searchParams.get("image");
  const editing = image && image !== "new" ? product.images.find((i) => String(i.id) === image) : undefined;
  const modal =
    image === "new" ? { mode: "add" as const } : editing ? { mode: "update" as const, image: editing } : null;
  return data({ product, brands, categories, modal }, { headers: auth.headers });
}

type Reply = { result?: SubmissionResult<string[]>; imageError?: string };

async function imageAction(auth: Auth, form: FormData, productId: number, page: string) {
  const intent = form.get("intent");
  const files = form.getAll("files").filter((f): f is File => f instanceof File && (f.size > 0 || f.name !== ""));
  const imageId = IdSchema.safeParse(form.get("imageId"));
  if ((intent === "delete-image" || intent === "replace-image") && !imageId.success) {
    return auth.redirect(page, { type: "error", message: "Choose an image." });
  }
  if (intent === "delete-image") {
    const result = await auth.call((token) => api.images.remove(token, imageId.data!));
    return auth.redirect(page, { type: "success", message: result.message });
  }
  if (files.length === 0) return data<Reply>({ imageError: NO_IMAGE }, { status: 422, headers: auth.headers });
  if (intent === "replace-image") {
    const result = await auth.call((token) => api.images.replace(token, imageId.data!, files[0]!));
    return auth.redirect(page, { type: "success", message: result.message });
  }
  const result = await auth.call((token) => api.images.upload(token, productId, files));
  return auth.redirect(page, { type: "success", message: result.message });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const auth = await requireAuth(request, ADMIN_GUARD);
  const id = productIdParam(params.productId);
  const page = `/update-product/${id}/update`;
  const form = await request.formData();
  try {
    if (form.get("intent") !== "update") return await imageAction(auth, form, id, page);
    const submission = parseWithZod(form, { schema: ProductFormSchema });
    if (submission.status !== "success")
      return data<Reply>({ result: submission.reply() }, { status: 422, headers: auth.headers });
    try {
      const result = await auth.call((token) => api.products.update(token, id, submission.value));
      return auth.redirect(page, { type: "success", message: result.message });
    } catch (error) {
      if (!(error instanceof ApiError) || error.status >= 500) throw error;
      return data<Reply>(
        {
          result: submission.reply({
            fieldErrors: error.errors ?? {},
            formErrors: error.errors ? [] : [error.message],
          }),
        },
        { status: error.status, headers: auth.headers },
      );
    }
  } catch (error) {
    if (!(error instanceof ApiError) || error.status >= 500) throw error;
    if (form.get("intent") === "delete-image") return auth.redirect(page, { type: "error", message: error.message });
    return data<Reply>({ imageError: error.message }, { status: error.status, headers: auth.headers });
  }
}

function ImageModal({
  modal,
  productId,
  error,
}: {
  modal: { mode: "add" } | { mode: "update"; image: { id: number; fileName: string } };
  productId: number;
  error?: string;
}) {
  const navigate = useNavigate();
  const navigation = useNavigation();
  const [noFile, setNoFile] = useState(false);
  const close = `/update-product/${productId}/update`;
  const title = modal.mode === "add" ? "Add Product Image" : "Update Product Image";
  useEffect(() => {
    const onKey = (event: KeyboardEvent) =>
      event.key === "Escape" && navigate(close, { replace: true, preventScrollReset: true });
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [navigate, close]);
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
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
        <Form
          method="post"
          encType="multipart/form-data"
          className="mt-4"
          onSubmit={(event) => {
            if (!hasFile(event.currentTarget, "files")) {
              event.preventDefault();
              setNoFile(true);
            }
          }}
        >
          <input type="hidden" name="intent" value={modal.mode === "add" ? "add-image" : "replace-image"} />
          {modal.mode === "update" ? <input type="hidden" name="imageId" value={modal.image.id} /> : null}
          <ImagePicker name="files" multiple={modal.mode === "add"} error={noFile ? NO_IMAGE : error} />
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

export default function UpdateProduct() {
  const { product, brands, categories, modal } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>() as Reply | undefined;
  const navigation = useNavigation();
  const busy =
    navigation.state !== "idle" && navigation.formMethod === "POST" && navigation.formData?.get("intent") === "update";
  const [form, fields] = useForm({
    lastResult: reply?.result,
    constraint: getZodConstraint(ProductFormFieldsSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    defaultValue: {
      name: product.name,
      brand: product.brand,
      price: product.price.toFixed(2),
      inventory: String(product.inventory),
      description: product.description,
      category: String(product.category.id),
    },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ProductFormSchema }),
  });
  return (
    <div className="mx-auto max-w-4xl space-y-8 px-4 py-8">
      <Form method="post" {...getFormProps(form)} className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
          <h1 className="text-2xl font-bold text-slate-900">Update Product</h1>
          <Link to={`/product/${product.id}/details`} className="text-sm font-medium text-brand-700 hover:underline">
            View in the shop
          </Link>
        </div>
        <input type="hidden" name="intent" value="update" />
        <ProductFields
          key={`${product.id}-${product.brand}`}
          fields={fields as never}
          brands={brands}
          categories={categories}
        />
        <p id={form.errorId} role="alert" className="min-h-[1.25rem] text-sm text-red-700">
          {form.errors?.[0] ?? ""}
        </p>
        <div className="mt-2 flex items-center gap-4">
          <button type="submit" className="btn-primary" disabled={busy}>
            {busy ? <Spinner label="Saving" className="h-4 w-4" /> : null}
            Update product
          </button>
          <DeleteProductLink product={product} className="text-sm font-medium text-red-700 hover:underline" />
        </div>
      </Form>

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
      {modal ? <ImageModal modal={modal} productId={product.id} error={reply?.imageError} /> : null}
    </div>
  );
}
