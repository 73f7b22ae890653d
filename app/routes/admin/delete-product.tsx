import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { endpoints } from "~/client/api.server";
import { GeneralErrorBoundary, noProduct } from "~/components/layout/error-boundary";
import { attempt, outcomeReply, readForm } from "~/web/actions.server";
import { loadProduct, productIdParam } from "~/web/products.server";
import { requireAdmin } from "~/web/guards.server";
import { safeRedirectPath } from "~/lib/safe-redirect";
import { pageTitle } from "~/lib/site";

export const meta: MetaFunction = () => [
  { title: pageTitle("Delete product") },
  { name: "robots", content: "noindex" },
];

const backOf = (request: Request) => safeRedirectPath(new URL(request.url).searchParams.get("back") ?? "", "/products");

/** The confirmation page of 'delete' (the dialog's form posts here too). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const product = await loadProduct(params.productId);
  return data({ product: { id: product.id, name: product.name, brand: product.brand }, back: backOf(request) });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const auth = await requireAdmin(request);
  const id = productIdParam(params.productId);
  const form = await readForm(request);
  const outcome = await attempt(auth.api(endpoints.adminProducts.remove, { params: { id } }));
  return outcomeReply(auth, form, backOf(request), outcome);
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

export function ErrorBoundary() {
  return <GeneralErrorBoundary statusHandlers={noProduct()} />;
}
