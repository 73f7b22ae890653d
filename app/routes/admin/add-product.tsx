import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { callApi, endpoints } from "~/client/api.server";
import { ImagePicker, useImageRequired } from "~/components/admin/image-picker";
import { ProductFields } from "~/components/admin/product-fields";
import { GeneralErrorBoundary } from "~/components/layout/error-boundary";
import { Spinner } from "~/components/ui/spinner";
import { useIsPending } from "~/hooks/use-is-pending";
import type { ProductInput } from "~/schemas/product-admin";
import { IdSchema } from "~/schemas/common";
import { IMAGE_UPLOAD_LIMITS } from "~/schemas/constants";
import {
  AddProductIntentSchema,
  ProductFormFieldsSchema,
  ProductFormSchema,
  type ProductFormValues,
} from "~/schemas/product-form";
import { attempt, readUpload, refusedReply } from "~/web/actions.server";
import { requireAdmin } from "~/web/guards.server";
import { formObject } from "~/lib/request-body.server";
import { pageTitle } from "~/lib/site";

export const meta: MetaFunction = () => [
  { title: pageTitle("Add New Product") },
  { name: "robots", content: "noindex" },
];

/** The stepper's state lives in the URL: ?step=2&productId=… after a save, so reloads and JavaScript-off work. */
function stepOf(url: URL) {
  const productId = IdSchema.safeParse(url.searchParams.get("productId"));
  const step = url.searchParams.get("step") === "2" && productId.success ? 2 : 1;
  return { step, productId: productId.success ? productId.data : null };
}

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const [{ data: brands }, { data: categories }] = await Promise.all([
    callApi(endpoints.products.brands, {}),
    callApi(endpoints.categories.all, {}),
  ]);
  const { step, productId } = stepOf(new URL(request.url));
  const product =
    step === 2 && productId
      ? await callApi(endpoints.products.byId, { params: { id: productId } }).then(
          (answer) => answer.data,
          () => null,
        )
      : null;
  return data({
    brands,
    categories,
    step: product ? step : 1,
    product: product ? { id: product.id, name: product.name } : null,
  });
}

type Reply = { result?: SubmissionResult<string[]>; uploadError?: string };

export async function action({ request }: ActionFunctionArgs) {
  const auth = await requireAdmin(request);
  const read = await readUpload(request, IMAGE_UPLOAD_LIMITS);
  if (!read.ok) return data<Reply>({ uploadError: read.message }, { status: read.status });
  const intent = AddProductIntentSchema.safeParse(formObject(read.form));
  if (!intent.success) {
    return data<Reply>({ uploadError: intent.error.issues[0]?.message }, { status: 422 });
  }
  if (intent.data.intent === "upload") {
    const { productId, files } = intent.data;
    const uploaded = await attempt(auth.api(endpoints.images.upload, { body: { productId, files } }));
    if (!uploaded.ok) {
      return data<Reply>({ uploadError: uploaded.error.message }, { status: uploaded.error.status });
    }
    return auth.redirect(`/update-product/${productId}/update`, { type: "success", message: uploaded.value.message });
  }
  const submission = parseWithZod(read.form, { schema: ProductFormSchema });
  if (submission.status !== "success") {
    return data<Reply>({ result: submission.reply() }, { status: 422 });
  }
  const added = await attempt(auth.api(endpoints.adminProducts.add, { body: submission.value }));
  if (!added.ok) {
    return data<Reply>({ result: refusedReply(submission, added.error) }, { status: added.error.status });
  }
  // the form is cleared by moving to step 2, which holds the new product's id
  return auth.redirect(`/add-product?step=2&productId=${added.value.data.id}`, {
    type: "success",
    message: added.value.message,
  });
}

function Stepper({ step }: { step: number }) {
  const steps = ["Add New Product", "Upload Product Image"];
  return (
    <ol className="flex gap-4 text-sm" aria-label="Steps">
      {steps.map((label, index) => (
        <li
          key={label}
          aria-current={step === index + 1 ? "step" : undefined}
          className={`flex items-center gap-2 ${step === index + 1 ? "font-semibold text-brand-700" : "text-slate-500"}`}
        >
          <span
            className={`flex h-7 w-7 items-center justify-center rounded-full ${step === index + 1 ? "bg-brand-600 text-white" : "bg-slate-200"}`}
          >
            {index + 1}
          </span>
          {label}
        </li>
      ))}
    </ol>
  );
}

export default function AddProduct() {
  const { brands, categories, step, product } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const busy = useIsPending();
  const [form, fields] = useForm<ProductFormValues, ProductInput>({
    lastResult: reply?.result,
    constraint: getZodConstraint(ProductFormFieldsSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ProductFormSchema }),
  });
  const picked = useImageRequired("files", reply?.uploadError);
  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <Stepper step={step} />
      {step === 1 ? (
        <Form
          method="post"
          {...getFormProps(form)}
          className="mt-6 rounded-xl border border-slate-200 bg-white p-6 shadow-sm"
        >
          <h1 className="mb-4 text-2xl font-bold text-slate-900">Add New Product</h1>
          <input type="hidden" name="intent" value="save" />
          <ProductFields fields={fields} brands={brands} categories={categories} />
          <p id={form.errorId} role="alert" className="min-h-[1.25rem] text-sm text-red-700">
            {form.errors?.[0] ?? reply?.uploadError ?? ""}
          </p>
          <button type="submit" className="btn-primary mt-2" disabled={busy}>
            {busy ? <Spinner label="Saving" className="h-4 w-4" /> : null}
            Save product
          </button>
        </Form>
      ) : (
        <Form
          method="post"
          encType="multipart/form-data"
          className="mt-6 rounded-xl border border-slate-200 bg-white p-6 shadow-sm"
          onSubmit={picked.onSubmit}
        >
          <h1 className="text-2xl font-bold text-slate-900">Upload Product Image</h1>
          <p className="mb-4 mt-1 text-sm text-slate-600">
            For <strong>{product?.name}</strong> (product {product?.id}).
          </p>
          <input type="hidden" name="intent" value="upload" />
          <input type="hidden" name="productId" value={product?.id ?? ""} />
          <ImagePicker name="files" multiple error={picked.error} onPick={picked.onPick} />
          <div className="mt-4 flex gap-3">
            <Link to="/add-product" className="btn-secondary">
              Previous
            </Link>
            <button type="submit" className="btn-primary" disabled={busy}>
              {busy ? <Spinner label="Uploading" className="h-4 w-4" /> : null}
              Upload
            </button>
          </div>
        </Form>
      )}
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
