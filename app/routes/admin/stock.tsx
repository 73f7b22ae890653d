import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { endpoints } from "~/client/api.server";
import { GeneralErrorBoundary } from "~/components/layout/error-boundary";
import { Pager } from "~/components/ui/pager";
import { textProblem } from "~/schemas/common";
import { InventoryQuerySchema } from "~/schemas/product-admin";
import { requireStaff } from "~/web/guards.server";
import { pageTitle } from "~/lib/site";

export const meta: MetaFunction = () => [{ title: pageTitle("Stock") }, { name: "robots", content: "noindex" }];

/** The stock of every product, for staff and admins: find a product, open its variants to set their stock. */
export async function loader({ request }: LoaderFunctionArgs) {
  const auth = await requireStaff(request);
  const parsed = InventoryQuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  const query = parsed.success ? parsed.data : { page: 1, size: 50, q: undefined, lowStock: undefined };
  // text the API refuses (a control character, broken Unicode) searches for nothing rather than failing the page
  const q = query.q !== undefined && textProblem(query.q) === null ? query.q : undefined;
  const { data: stock } = await auth.api(endpoints.adminProducts.inventory, {
    query: { q, lowStock: query.lowStock, page: query.page, size: 50 },
  });
  return data({ stock, q: q ?? "", lowStock: Boolean(query.lowStock) });
}

export default function StockPage() {
  const { stock, q, lowStock } = useLoaderData<typeof loader>();
  const href = (page: number) =>
    `?${new URLSearchParams({ ...(q ? { q } : {}), ...(lowStock ? { lowStock: "true" } : {}), page: String(page) })}`;
  return (
    <div className="mx-auto max-w-5xl px-4 py-8">
      <h1 className="text-2xl font-bold text-slate-900">Stock</h1>
      <Form method="get" className="mt-4 flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor="q" className="label">
            Name or brand
          </label>
          <input id="q" name="q" type="search" defaultValue={q} className="input" />
        </div>
        <label className="flex items-center gap-2 text-sm text-slate-700">
          <input type="checkbox" name="lowStock" value="true" defaultChecked={lowStock} />
          Low stock only
        </label>
        <button type="submit" className="btn-secondary">
          Find
        </button>
        <p className="ml-auto text-sm text-slate-600">
          {stock.totalElements} product{stock.totalElements === 1 ? "" : "s"}
        </p>
      </Form>
      {stock.content.length === 0 ? <p className="mt-8 text-slate-600">No products found</p> : null}
      {stock.content.length > 0 ? (
        <div className="mt-6 overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead>
              <tr className="border-b border-slate-300 text-slate-700">
                <th scope="col" className="py-2 pr-3">
                  Product
                </th>
                <th scope="col" className="py-2 pr-3">
                  Brand
                </th>
                <th scope="col" className="py-2 pr-3 text-right">
                  In stock
                </th>
                <th scope="col" className="py-2">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {stock.content.map((row) => (
                <tr key={row.id} className="border-b border-slate-200" data-testid="stock-row">
                  <td className="py-2 pr-3">{row.name}</td>
                  <td className="py-2 pr-3">{row.brand}</td>
                  <td className="py-2 pr-3 text-right tabular-nums">{row.inventory}</td>
                  <td className="py-2 text-right">
                    <Link
                      to={`/admin/stock/${row.id}`}
                      className="text-blue-700 underline hover:text-blue-900"
                      aria-label={`Set stock: ${row.name}`}
                    >
                      Set stock
                    </Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <Pager page={stock.page} totalPages={stock.totalPages} href={href} />
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
