import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { ApiError, api } from "~/services/api-client.server";
import { ADMIN_GUARD, productIdParam, productOr404 } from "~/utils/admin.server";
import { requireAuth } from "~/utils/auth.server";
import { safeRedirectPath } from "~/utils/safe-redirect";
import { pageTitle } from "~/utils/site";

export const meta: MetaFunction = () => [
  { title: pageTitle("Delete product") },
  { name: "robots", content: "noindex" },
];

/** The confirmation page of 'delete' (the dialog's form posts here too). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const auth = await requireAuth(request, ADMIN_GUARD);
  const product = await productOr404(productIdParam(params.productId));
  const back = safeRedirectPath(new URL(request.url).searchParams.get("back") ?? "", "/products");
  return data(
    { product: { id: product.id, name: product.name, brand: product.brand }, back },
    { headers: auth.headers },
  );
}

export async function action({ request, params }: ActionFunctionArgs) {
  const auth = await requireAuth(request, ADMIN_GUARD);
  const id = productIdParam(params.productId);
  const back = safeRedirectPath(new URL(request.url).searchParams.get("back") ?? "", "/products");
  try {
    const result = await auth.call((token) => api.products.remove(token, id));
    return auth.redirect(back, { type: "success", message: result.message });
  } catch (error) {
    if (!(error instanceof ApiError) || error.status >= 500) throw error;
    return auth.redirect(back, { type: "error", message: error.message });
  }
}

export default function DeleteProduct() {
  const { product, back } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-xl px-4 py-16">
      <div className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        <h1 className="text-xl font-bold text-slate-900">
          Delete {product.name} ({product.brand})?
        </h1>
        <p className="mt-2 text-slate-600">It leaves the shop and every cart. Past orders keep their copy of it.</p>
        <Form method="post" className="mt-6 flex gap-3">
          <Link to={back} className="btn-secondary">
            Cancel
          </Link>
          <button type="submit" className="btn bg-red-600 text-white hover:bg-red-700">
            Delete
          </button>
        </Form>
      </div>
    </div>
  );
}
