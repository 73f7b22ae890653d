import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { z } from "zod/v4";
import { endpoints } from "~/client/api.server";
import {
  AddVariantForm,
  OptionsForm,
  VariantPicturesForms,
  VariantTable,
  type VariantReply,
} from "~/components/admin/variant-forms";
import { GeneralErrorBoundary, noProduct } from "~/components/layout/error-boundary";
import {
  BulkVariantsInputSchema,
  NewVariantInputSchema,
  ProductOptionsInputSchema,
  VariantImagesInputSchema,
  VariantsInputSchema,
} from "~/schemas/variant-admin";
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

/** Each form of the page (by its `intent`): its schema and the API call that saves it. */
const FORMS = {
  options: { schema: ProductOptionsInputSchema, endpoint: endpoints.adminProducts.setOptions },
  variants: { schema: VariantsInputSchema, endpoint: endpoints.adminProducts.updateVariants },
  bulk: { schema: BulkVariantsInputSchema, endpoint: endpoints.adminProducts.bulkUpdateVariants },
  "add-variant": { schema: NewVariantInputSchema, endpoint: endpoints.adminProducts.addVariant },
} as const;

/**
 * Plain POSTs that work without JavaScript: the options (saving them makes every combination a variant), the variant
 * table (every row, or one price/stock for the selected rows), one variant added by hand, and a variant deleted.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const auth = await requireAdmin(request);
  const productId = productIdParam(params.productId);
  const page = `/update-product/${productId}/variants`;
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "");
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
  if (intent === "variant-images") {
    const variantId = Number(form.get("variantId"));
    const submission = parseWithZod(form, { schema: VariantImagesInputSchema });
    const saved =
      submission.status === "success"
        ? await attempt(
            auth.api(endpoints.adminProducts.setVariantImages, {
              params: { productId, variantId },
              body: submission.value,
            }),
          )
        : null;
    return auth.redirect(
      page,
      saved?.ok
        ? { type: "success", message: saved.value.message }
        : { type: "error", message: saved ? saved.error.message : "Please check the pictures." },
    );
  }
  if (!Object.hasOwn(FORMS, intent)) return auth.redirect(page, { type: "error", message: "Please try again." });
  const { schema, endpoint } = FORMS[intent as keyof typeof FORMS];
  const sent =
    intent === "add-variant" || intent === "variants"
      ? Object.fromEntries([...form].flatMap(([k, v]) => (typeof v === "string" ? [[k, v]] : [])))
      : undefined;
  const refused = (message: string, errors: Record<string, string[] | null>, status: number) =>
    data<VariantReply>({ intent, message, errors, sent }, { status });
  const submission = parseWithZod(form, { schema: schema as z.ZodType });
  if (submission.status !== "success") {
    const errors = submission.reply().error ?? {};
    const first = Object.entries(errors).find(([, list]) => list && list.length > 0);
    const message = first ? `${first[0] ? `${first[0]}: ` : ""}${first[1]![0]}` : "Please check the form.";
    return refused(message, errors, 422);
  }
  const saved = await attempt(
    auth.api(endpoint as typeof endpoints.adminProducts.setOptions, {
      params: { productId },
      body: submission.value as never,
    }),
  );
  if (saved.ok) return auth.redirect(page, { type: "success", message: saved.value.message });
  return refused(saved.error.message, saved.error.errors ?? {}, saved.error.status);
}

export default function ProductVariants() {
  const { product } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
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
        <OptionsForm product={product} reply={reply} />
      </section>

      <section aria-labelledby="variants-heading" className="space-y-3">
        <h2 id="variants-heading" className="text-lg font-semibold">
          Variants
        </h2>
        <VariantTable product={product} reply={reply} />
      </section>

      <section aria-labelledby="pictures-heading" className="space-y-3">
        <h2 id="pictures-heading" className="text-lg font-semibold">
          Pictures of each variant
        </h2>
        <p className="text-sm text-slate-600">
          Tick the product&apos;s pictures that show a variant; the details page shows them when the variant is chosen.
        </p>
        <VariantPicturesForms product={product} />
      </section>

      {product.options.length > 0 ? (
        <section aria-labelledby="add-variant-heading" className="space-y-3">
          <h2 id="add-variant-heading" className="text-lg font-semibold">
            Add a variant
          </h2>
          <p className="text-sm text-slate-600">
            One combination, a value for each option; a value an option does not have yet is added to it. A deleted
            combination comes back this way.
          </p>
          <AddVariantForm product={product} reply={reply} />
        </section>
      ) : null}
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary statusHandlers={noProduct()} />;
}
