import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod/v4";
import { endpoints } from "~/client/api.server";
import type { Auth } from "~/client/auth.server";
import {
  AddCategoryForm,
  TaxonomySection,
  useTaxonomyToasts,
  type TaxonomyReply,
} from "~/components/admin/taxonomy-rows";
import { GeneralErrorBoundary } from "~/components/layout/error-boundary";
import { brandRow, categoryRow, NEW_CATEGORY_ROW, TaxonomyIntentSchema, type TaxonomyIntent } from "~/schemas/taxonomy";
import { attempt, readForm, sentWithJs } from "~/web/actions.server";
import { requireAdmin } from "~/web/guards.server";
import { pageTitle } from "~/lib/site";

const PAGE = "/admin/catalogue";

export const meta: MetaFunction = () => [
  { title: pageTitle("Brands & categories") },
  { name: "robots", content: "noindex" },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const auth = await requireAdmin(request);
  const [{ data: categories }, { data: brands }] = await Promise.all([
    auth.api(endpoints.categories.usage, {}),
    auth.api(endpoints.brands.usage, {}),
  ]);
  return data({ categories, brands });
}

function send(auth: Auth, input: TaxonomyIntent): Promise<{ message: string }> {
  switch (input.intent) {
    case "add-category":
      return auth.api(endpoints.categories.add, { body: { name: input.name } });
    case "rename-category":
      return auth.api(endpoints.categories.rename, { params: { id: input.categoryId }, body: { name: input.name } });
    case "delete-category":
      return auth.api(endpoints.categories.remove, { params: { id: input.categoryId } });
    case "rename-brand":
      return auth.api(endpoints.brands.rename, { params: { brand: input.brand }, body: { name: input.name } });
    case "delete-brand":
      return auth.api(endpoints.brands.remove, { params: { brand: input.brand } });
  }
}

/** The row a posted form names, whether or not the rest of it parsed. */
function rowOf(form: FormData): string | null {
  if (form.get("intent") === "add-category") return NEW_CATEGORY_ROW;
  const categoryId = Number(form.get("categoryId"));
  if (Number.isInteger(categoryId) && categoryId > 0) return categoryRow(categoryId);
  const brand = form.get("brand");
  return typeof brand === "string" && brand.trim() ? brandRow(brand.trim()) : null;
}

/**
 * With JavaScript (a fetcher) the outcome as data; without, a success is a 303 back with a toast and a refusal is the
 * page again, with the reason under the row and the typed name in its field.
 */
function reply(
  auth: Auth,
  form: FormData,
  outcome: { ok: boolean; message: string; errors?: Record<string, string[]> | null; status?: number },
) {
  if (outcome.ok && !sentWithJs(form)) return auth.redirect(PAGE, { type: "success", message: outcome.message });
  const name = form.get("name");
  return data<TaxonomyReply>(
    {
      ok: outcome.ok,
      message: outcome.message,
      errors: outcome.errors ?? null,
      row: rowOf(form),
      name: typeof name === "string" ? name : null,
    },
    { status: outcome.status ?? (outcome.ok ? 200 : 422) },
  );
}

export async function action({ request }: ActionFunctionArgs) {
  const auth = await requireAdmin(request);
  const form = await readForm(request);
  const parsed = TaxonomyIntentSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) {
    const { fieldErrors } = z.flattenError(parsed.error);
    const errors = fieldErrors as Record<string, string[]>;
    const message = errors.name?.[0] ?? parsed.error.issues[0]?.message ?? "Please try again.";
    return reply(auth, form, { ok: false, message, errors });
  }
  const outcome = await attempt(send(auth, parsed.data));
  if (outcome.ok) return reply(auth, form, { ok: true, message: outcome.value.message });
  const { message, errors, status } = outcome.error;
  return reply(auth, form, { ok: false, message, errors, status });
}

export default function AdminCatalogue() {
  const { categories, brands } = useLoaderData<typeof loader>();
  const noJsReply = useActionData<typeof action>();
  useTaxonomyToasts();
  // a refusal for a row that is no longer listed (deleted meanwhile) is said at the top
  const keys = new Set([
    NEW_CATEGORY_ROW,
    ...categories.map((c) => categoryRow(c.id)),
    ...brands.map((b) => brandRow(b.name)),
  ]);
  const orphan = noJsReply && !noJsReply.ok && !(noJsReply.row && keys.has(noJsReply.row)) ? noJsReply : null;
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <h1 className="text-2xl font-bold text-slate-900">Brands &amp; categories</h1>
      <p className="mt-1 max-w-3xl text-sm text-slate-600">
        Add a category, rename or delete them here; products follow a rename at once. Only the categories that have
        products are listed in the shop&apos;s footer.
      </p>
      {orphan ? (
        <p role="alert" className="mt-4 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-900">
          {orphan.message}
        </p>
      ) : null}
      <div className="mt-6 grid items-start gap-6 lg:grid-cols-2">
        <TaxonomySection
          kind="category"
          title="Categories"
          note="A category with products cannot be deleted: move its products to another category first."
          rows={categories.map((c) => ({
            key: categoryRow(c.id),
            domId: categoryRow(c.id),
            name: c.name,
            products: c.products,
            target: { categoryId: String(c.id) },
          }))}
          noJsReply={noJsReply}
          footer={<AddCategoryForm noJsReply={noJsReply} />}
        />
        <TaxonomySection
          kind="brand"
          title="Brands"
          note="A brand is its products' brand: renaming it to another brand's name moves its products there, and it goes when no product has it."
          footer={
            <p className="mt-4 text-sm text-slate-600">
              A new brand comes with its first product:{" "}
              <Link to="/add-product" className="font-medium text-brand-700 underline">
                add a product
              </Link>{" "}
              and type the brand&apos;s name.
            </p>
          }
          rows={brands.map((b, index) => ({
            key: brandRow(b.name),
            domId: `brand-${index}`,
            name: b.name,
            products: b.products,
            target: { brand: b.name },
          }))}
          noJsReply={noJsReply}
        />
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
