import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { endpoints } from "~/client/api.server";
import { GeneralErrorBoundary } from "~/components/layout/error-boundary";
import { useIsPending } from "~/hooks/use-is-pending";
import { IdSchema } from "~/schemas/common";
import { StockFormSchema } from "~/schemas/staff";
import { attempt, intentReply, loadOrThrow, outcomeReply, readForm } from "~/web/actions.server";
import { requireStaff } from "~/web/guards.server";
import { pageTitle } from "~/lib/site";

export const meta: MetaFunction = () => [{ title: pageTitle("Set stock") }, { name: "robots", content: "noindex" }];

function productIdOf(value: string | undefined) {
  const id = IdSchema.safeParse(value);
  if (!id.success) throw data("Not found", { status: 404 });
  return id.data;
}

/** One product's variants and their stock: the one thing about a product staff may change. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const auth = await requireStaff(request);
  const id = productIdOf(params.productId);
  // a product that is not there (any more) is the page's 404, not a 500
  const { data: product } = await loadOrThrow(auth.api(endpoints.products.byId, { params: { id } }));
  return data({ product, isAdmin: auth.isAdmin });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const auth = await requireStaff(request);
  const productId = productIdOf(params.productId);
  const form = await readForm(request);
  const back = `/admin/stock/${productId}`;
  const parsed = StockFormSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) {
    return intentReply(auth, form, back, {
      ok: false,
      message: parsed.error.issues[0]?.message ?? "Give the stock as a whole number.",
    });
  }
  const outcome = await attempt(
    auth.api(endpoints.staff.setStock, {
      params: { productId },
      body: { variants: [{ id: parsed.data.variantId, inventory: parsed.data.inventory }] },
    }),
  );
  return outcomeReply(auth, form, back, outcome);
}

export default function StockProductPage() {
  const { product, isAdmin } = useLoaderData<typeof loader>();
  const busy = useIsPending();
  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <p className="text-sm">
        <Link to="/admin/stock" className="text-blue-700 underline hover:text-blue-900">
          ← Stock
        </Link>
      </p>
      <h1 className="mt-2 text-2xl font-bold text-slate-900">Stock of {product.name}</h1>
      <p className="mt-1 text-sm text-slate-600">
        {product.brand} · {product.inventory} in stock in all
        {isAdmin ? (
          <>
            {" · "}
            <Link to={`/update-product/${product.id}/update`} className="text-blue-700 underline hover:text-blue-900">
              Edit product
            </Link>
          </>
        ) : null}
      </p>
      <ul className="mt-6 space-y-3">
        {product.variants.map((variant) => (
          <li key={variant.id} className="rounded-lg border border-slate-200 p-3" data-testid="stock-variant">
            <Form method="post" className="flex flex-wrap items-end gap-3">
              <input type="hidden" name="variantId" value={variant.id} />
              <div className="min-w-40 flex-1">
                <p className="font-medium text-slate-900">{variant.label || "Default"}</p>
                <p className="text-sm text-slate-600">SKU {variant.sku}</p>
              </div>
              <div>
                <label htmlFor={`inventory-${variant.id}`} className="label">
                  In stock
                </label>
                <input
                  id={`inventory-${variant.id}`}
                  name="inventory"
                  type="number"
                  min={0}
                  max={1_000_000}
                  step={1}
                  required
                  defaultValue={variant.inventory}
                  className="input w-28"
                />
              </div>
              <button
                type="submit"
                disabled={busy}
                className="btn-primary"
                aria-label={`Save stock: ${variant.label || "Default"}`}
              >
                Save
              </button>
            </Form>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
