import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { endpoints } from "~/client/api.server";
import { GeneralErrorBoundary, noProduct } from "~/components/layout/error-boundary";
import { ProductOptionsInputSchema, VariantsInputSchema } from "~/schemas/catalogue";
import { attempt, readForm } from "~/web/actions.server";
import { requireAdmin } from "~/web/guards.server";
import { loadProduct, productIdParam } from "~/web/products.server";
import { pageTitle } from "~/lib/site";

export const meta: MetaFunction = () => [
  { title: pageTitle("Options and variants") },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return data({ product: await loadProduct(params.productId) });
}

type Reply = { intent: string; message: string; errors: Record<string, string[] | null> };

/**
 * Three forms, each a plain POST that works without JavaScript: the options (saving them makes every combination a
 * variant), the variant table (SKU, price, stock, weight of each), and one per variant to delete it.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const auth = await requireAdmin(request);
  const productId = productIdParam(params.productId);
  const page = `/update-product/${productId}/variants`;
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "");
  if (intent === "options" || intent === "variants") {
    const refused = (message: string, errors: Record<string, string[] | null>, status: number) =>
      data<Reply>({ intent, message, errors }, { status });
    const invalid = (errors: Record<string, string[] | null>) => {
      const first = Object.entries(errors).find(([, list]) => list && list.length > 0);
      return refused(
        first ? `${first[0] ? `${first[0]}: ` : ""}${first[1]![0]}` : "Please check the form.",
        errors,
        422,
      );
    };
    let saved;
    if (intent === "options") {
      const submission = parseWithZod(form, { schema: ProductOptionsInputSchema });
      if (submission.status !== "success") return invalid(submission.reply().error ?? {});
      saved = await attempt(
        auth.api(endpoints.adminProducts.setOptions, { params: { productId }, body: submission.value }),
      );
    } else {
      const submission = parseWithZod(form, { schema: VariantsInputSchema });
      if (submission.status !== "success") return invalid(submission.reply().error ?? {});
      saved = await attempt(
        auth.api(endpoints.adminProducts.updateVariants, { params: { productId }, body: submission.value }),
      );
    }
    if (saved.ok) return auth.redirect(page, { type: "success", message: saved.value.message });
    return refused(saved.error.message, saved.error.errors ?? {}, saved.error.status);
  }
  if (intent === "delete-variant") {
    const variantId = Number(form.get("variantId"));
    const deleted = await attempt(
      auth.api(endpoints.adminProducts.deleteVariant, { params: { productId, variantId } }),
    );
    return auth.redirect(
      page,
      deleted.ok
        ? { type: "success", message: deleted.value.message }
        : { type: "error", message: deleted.error.message },
    );
  }
  return auth.redirect(page, { type: "error", message: "Please try again." });
}

export default function ProductVariants() {
  const { product } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const optionRows = [0, 1, 2].map((i) => product.options[i] ?? { name: "", values: [] });
  const cell = "border-b border-slate-200 px-2 py-2 align-middle";
  const input = "w-full rounded-md border border-slate-300 px-2 py-1 text-sm";
  return (
    <div className="mx-auto max-w-5xl space-y-8 px-4 py-8">
      <div>
        <Link to={`/update-product/${product.id}/update`} className="text-sm text-brand-700 hover:underline">
          Back to {product.name}
        </Link>
        <h1 className="mt-2 text-2xl font-bold text-slate-900">Options and variants of {product.name}</h1>
      </div>

      <section aria-labelledby="options-heading" className="space-y-3">
        <h2 id="options-heading" className="text-lg font-semibold">
          Options
        </h2>
        <p className="text-sm text-slate-600">
          Up to three options, each with its values separated by commas (Switch: Red, Brown, Blue). Saving makes every
          combination a variant: the variants there keep their SKU, price and stock; new ones start with no stock.
        </p>
        <Form method="post" className="space-y-3">
          <input type="hidden" name="intent" value="options" />
          {optionRows.map((option, i) => (
            <div key={i} className="grid gap-2 sm:grid-cols-[12rem_1fr]">
              <label className="text-sm">
                <span className="block font-medium">Option {i + 1} name</span>
                <input name={`options[${i}].name`} defaultValue={option.name} className={input} />
              </label>
              <label className="text-sm">
                <span className="block font-medium">Option {i + 1} values</span>
                <input name={`options[${i}].values`} defaultValue={option.values.join(", ")} className={input} />
              </label>
            </div>
          ))}
          <button type="submit" className="btn-primary">
            Save options and make the variants
          </button>
          {reply?.intent === "options" ? (
            <p role="alert" className="text-sm text-red-700">
              {reply.message}
            </p>
          ) : null}
        </Form>
      </section>

      <section aria-labelledby="variants-heading" className="space-y-3">
        <h2 id="variants-heading" className="text-lg font-semibold">
          Variants
        </h2>
        <Form method="post" id="variants-form">
          <input type="hidden" name="intent" value="variants" />
        </Form>
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">The variants of {product.name}</caption>
            <thead>
              <tr className="text-xs uppercase tracking-wide text-slate-500">
                <th scope="col" className="px-2 py-2">
                  Variant
                </th>
                <th scope="col" className="px-2 py-2">
                  SKU
                </th>
                <th scope="col" className="px-2 py-2">
                  Price ($)
                </th>
                <th scope="col" className="px-2 py-2">
                  Stock
                </th>
                <th scope="col" className="px-2 py-2">
                  Weight (g)
                </th>
                <th scope="col" className="px-2 py-2">
                  <span className="sr-only">Delete</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {product.variants.map((variant, i) => {
                const name = variant.label || "Default";
                return (
                  <tr key={variant.id} data-testid="variant-row">
                    <th scope="row" className={`${cell} font-medium`}>
                      {name}
                      <input type="hidden" form="variants-form" name={`variants[${i}].id`} value={variant.id} />
                    </th>
                    <td className={cell}>
                      <input
                        form="variants-form"
                        name={`variants[${i}].sku`}
                        defaultValue={variant.sku}
                        aria-label={`SKU of ${name}`}
                        required
                        className={input}
                      />
                    </td>
                    <td className={cell}>
                      <input
                        form="variants-form"
                        name={`variants[${i}].price`}
                        defaultValue={variant.price.toFixed(2)}
                        aria-label={`Price of ${name}`}
                        inputMode="decimal"
                        required
                        className={input}
                      />
                    </td>
                    <td className={cell}>
                      <input
                        form="variants-form"
                        name={`variants[${i}].inventory`}
                        defaultValue={variant.inventory}
                        aria-label={`Stock of ${name}`}
                        inputMode="numeric"
                        required
                        className={input}
                      />
                    </td>
                    <td className={cell}>
                      <input
                        form="variants-form"
                        name={`variants[${i}].weightGrams`}
                        defaultValue={variant.weightGrams ?? ""}
                        aria-label={`Weight of ${name}`}
                        inputMode="numeric"
                        className={input}
                      />
                    </td>
                    <td className={cell}>
                      {product.variants.length > 1 ? (
                        <Form method="post">
                          <input type="hidden" name="intent" value="delete-variant" />
                          <input type="hidden" name="variantId" value={variant.id} />
                          <button
                            type="submit"
                            className="text-sm font-medium text-red-700 hover:underline"
                            aria-label={`Delete ${name}`}
                          >
                            Delete
                          </button>
                        </Form>
                      ) : null}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
        <button type="submit" form="variants-form" className="btn-primary">
          Save variants
        </button>
        {reply?.intent === "variants" ? (
          <p role="alert" className="text-sm text-red-700">
            {reply.message}
          </p>
        ) : null}
      </section>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary statusHandlers={noProduct()} />;
}
