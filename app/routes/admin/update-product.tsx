import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { callApi, endpoints } from "~/client/api.server";
import type { Auth } from "~/client/auth.server";
import { DeleteProductLink } from "~/components/admin/delete-product";
import { ProductFields } from "~/components/admin/product-fields";
import { ImageModal, ProductImages, type ImageModalState } from "~/components/admin/product-images";
import { GeneralErrorBoundary, noProduct } from "~/components/layout/error-boundary";
import { Spinner } from "~/components/ui/spinner";
import { useIsPending } from "~/hooks/use-is-pending";
import type { ProductInput } from "~/schemas/product-admin";
import { IMAGE_UPLOAD_LIMITS } from "~/schemas/constants";
import {
  ProductFormFieldsSchema,
  ProductFormSchema,
  UpdateProductIntentSchema,
  type ProductFormValues,
  type UpdateProductIntent,
} from "~/schemas/product-form";
import { attempt, readUpload, refusedReply } from "~/web/actions.server";
import { requireAdmin } from "~/web/guards.server";
import { loadProduct, productIdParam } from "~/web/products.server";
import { formObject } from "~/lib/request-body.server";
import { pageTitle } from "~/lib/site";

export const meta: MetaFunction = () => [
  { title: pageTitle("Update Product") },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const [product, { data: brands }, { data: categories }] = await Promise.all([
    loadProduct(params.productId),
    callApi(endpoints.products.brands, {}),
    callApi(endpoints.categories.all, {}),
  ]);
  // the image modal is part of the URL: ?image=new (add) or ?image={id} (replace); without JavaScript it is a page
  const image = new URL(request.url).searchParams.get("image");
  const editing = image && image !== "new" ? product.images.find((i) => String(i.id) === image) : undefined;
  const modal: ImageModalState | null =
    image === "new" ? { mode: "add" } : editing ? { mode: "update", image: editing } : null;
  return data({ product, brands, categories, modal });
}

type Reply = { result?: SubmissionResult<string[]>; imageError?: string };

export async function action({ request, params }: ActionFunctionArgs) {
  const auth = await requireAdmin(request);
  const id = productIdParam(params.productId);
  const page = `/update-product/${id}/update`;
  const read = await readUpload(request, IMAGE_UPLOAD_LIMITS);
  if (!read.ok) return data<Reply>({ imageError: read.message }, { status: read.status });
  const intent = UpdateProductIntentSchema.safeParse(formObject(read.form));
  if (!intent.success) {
    const issue = intent.error.issues[0];
    if (issue?.path[0] === "files") return data<Reply>({ imageError: issue.message }, { status: 422 });
    return auth.redirect(page, { type: "error", message: issue?.message ?? "Please try again." });
  }
  const input = intent.data;
  if (input.intent === "update") {
    const submission = parseWithZod(read.form, { schema: ProductFormSchema });
    if (submission.status !== "success") {
      return data<Reply>({ result: submission.reply() }, { status: 422 });
    }
    const updated = await attempt(auth.api(endpoints.adminProducts.update, { params: { id }, body: submission.value }));
    if (updated.ok) return auth.redirect(page, { type: "success", message: updated.value.message });
    const result = refusedReply(submission, updated.error);
    return data<Reply>({ result }, { status: updated.error.status });
  }
  const outcome = await attempt(sendImageIntent(auth, id, input));
  if (outcome.ok) return auth.redirect(page, { type: "success", message: outcome.value.message });
  // a refused deletion is said on the page; a refused file is said in the modal that sent it
  if (input.intent === "delete-image") return auth.redirect(page, { type: "error", message: outcome.error.message });
  return data<Reply>({ imageError: outcome.error.message }, { status: outcome.error.status });
}

function sendImageIntent(
  auth: Auth,
  productId: number,
  input: Exclude<UpdateProductIntent, { intent: "update" }>,
): Promise<{ message: string }> {
  switch (input.intent) {
    case "add-image":
      return auth.api(endpoints.images.upload, { body: { productId, files: input.files } });
    case "replace-image":
      return auth.api(endpoints.images.replace, {
        params: { imageId: input.imageId },
        body: { file: input.files[0]! },
      });
    case "delete-image":
      return auth.api(endpoints.images.remove, { params: { imageId: input.imageId } });
  }
}

export default function UpdateProduct() {
  const { product, brands, categories, modal } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const busy = useIsPending({ intent: "update" });
  const [form, fields] = useForm<ProductFormValues, ProductInput>({
    lastResult: reply?.result,
    constraint: getZodConstraint(ProductFormFieldsSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    defaultValue: {
      name: product.name,
      brand: product.brand,
      price: product.price.toFixed(2),
      compareAtPrice: product.variants.length === 1 ? (product.variants[0]!.compareAtPrice?.toFixed(2) ?? "") : "",
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
          <span className="flex gap-4">
            <Link
              to={`/admin/audit?entityType=product&entityId=${product.id}`}
              className="text-sm font-medium text-brand-700 hover:underline"
            >
              History
            </Link>
            <Link
              to={`/update-product/${product.id}/variants`}
              className="text-sm font-medium text-brand-700 hover:underline"
            >
              Options and variants
            </Link>
            <Link to={`/product/${product.id}/details`} className="text-sm font-medium text-brand-700 hover:underline">
              View in the shop
            </Link>
          </span>
        </div>
        <input type="hidden" name="intent" value="update" />
        <ProductFields
          key={`${product.id}-${product.brand}`}
          fields={fields}
          brands={brands}
          categories={categories}
          withCompareAt={product.variants.length === 1}
        />
        <p id={form.errorId} role="alert" className="min-h-[1.25rem] text-sm text-red-700">
          {form.errors?.[0] ?? (modal ? "" : reply?.imageError) ?? ""}
        </p>
        <div className="mt-2 flex items-center gap-4">
          <button type="submit" className="btn-primary" disabled={busy}>
            {busy ? <Spinner label="Saving" className="h-4 w-4" /> : null}
            Update product
          </button>
          <DeleteProductLink product={product} className="text-sm font-medium text-red-700 hover:underline" />
        </div>
      </Form>

      <ProductImages product={product} />
      {modal ? <ImageModal modal={modal} productId={product.id} error={reply?.imageError} /> : null}
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary statusHandlers={noProduct()} />;
}
