import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useState } from "react";
import { hasFile, ImagePicker, NO_IMAGE } from "~/components/admin/image-picker";
import { ProductFields } from "~/components/admin/product-fields";
import { Spinner } from "~/components/ui/spinner";
import { IdSchema } from "~/schemas/common";
import { ProductFormFieldsSchema, ProductFormSchema } from "~/schemas/product-form";
import { ApiError, api } from "~/services/api-client.server";
import { ADMIN_GUARD } from "~/utils/admin.server";
import { requireAuth } from "~/utils/auth.server";
import { pageTitle } from "~/utils/site";

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
  const auth = await requireAuth(request, ADMIN_GUARD);
  const [brands, categories] = await Promise.all([api.products.brands(), api.categories.all()]);
  const { step, productId } = stepOf(new URL(request.url));
  const product = step === 2 && productId ? await api.products.byId(productId).catch(() => null) : null;
  return data(
    { brands, categories, step: product ? step : 1, product: product ? { id: product.id, name: product.name } : null },
    { headers: auth.headers },
  );
}

export async function action({ request }: ActionFunctionArgs) {
  const auth = await requireAuth(request, ADMIN_GUARD);
  const formData = await request.formData();
  if (formData.get("intent") === "upload") {
    const productId = IdSchema.safeParse(formData.get("productId"));
    const files = formData.getAll("files").filter((f): f is File => f instanceof File && (f.size > 0 || f.name !== ""));
    if (!productId.success)
      return data(
        { uploadError: "Save the product first.", result: undefined },
        { status: 422, headers: auth.headers },
      );
    if (files.length === 0)
      return data({ uploadError: NO_IMAGE, result: undefined }, { status: 422, headers: auth.headers });
    try {
      const uploaded = await auth.call((token) => api.images.upload(token, productId.data, files));
      return auth.redirect(`/update-product/${productId.data}/update`, { type: "success", message: uploaded.message });
    } catch (error) {
      if (!(error instanceof ApiError) || error.status >= 500) throw error;
      return data({ uploadError: error.message, result: undefined }, { status: error.status, headers: auth.headers });
    }
  }
  const submission = parseWithZod(formData, { schema: ProductFormSchema });
  if (submission.status !== "success")
    return data({ result: submission.reply(), uploadError: undefined }, { status: 422, headers: auth.headers });
  try {
    const added = await auth.call((token) => api.products.add(token, submission.value));
    // the form is cleared by moving to step 2, which holds the new product's id
    return auth.redirect(`/add-product?step=2&productId=${added.data.id}`, { type: "success", message: added.message });
  } catch (error) {
    if (!(error instanceof ApiError) || error.status >= 500) throw error;
    return data(
      {
        result: submission.reply({ fieldErrors: error.errors ?? {}, formErrors: error.errors ? [] : [error.message] }),
        uploadError: undefined,
      },
      { status: error.status, headers: auth.headers },
    );
  }
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
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  const [form, fields] = useForm({
    lastResult: reply?.result,
    constraint: getZodConstraint(ProductFormFieldsSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ProductFormSchema }),
  });
  const [noFile, setNoFile] = useState(false);
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
          <ProductFields fields={fields as never} brands={brands} categories={categories} />
          <p id={form.errorId} role="alert" className="min-h-[1.25rem] text-sm text-red-700">
            {form.errors?.[0] ?? ""}
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
          onSubmit={(event) => {
            if (!hasFile(event.currentTarget, "files")) {
              event.preventDefault();
              setNoFile(true);
            }
          }}
        >
          <h1 className="text-2xl font-bold text-slate-900">Upload Product Image</h1>
          <p className="mb-4 mt-1 text-sm text-slate-600">
            For <strong>{product?.name}</strong> (product {product?.id}).
          </p>
          <input type="hidden" name="intent" value="upload" />
          <input type="hidden" name="productId" value={product?.id ?? ""} />
          <ImagePicker name="files" multiple error={noFile ? NO_IMAGE : reply?.uploadError} />
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
