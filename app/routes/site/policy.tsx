import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { callApi, endpoints } from "~/client/api.server";
import { GeneralErrorBoundary } from "~/components/layout/error-boundary";
import { PolicySlugSchema } from "~/schemas/policies";
import { loadOrThrow } from "~/web/actions.server";
import { pageTitle } from "~/lib/site";
import { formatLongDay } from "~/lib/dates";

// One of the shop's policy pages (terms, privacy, shipping, returns and withdrawal, contact and imprint), as the admin
// wrote it in Markdown, turned into HTML on the server with raw HTML shown as text (docs/decisions/0043-policy-pages.md).

const NO_PAGE = "There is no such page.";

export async function loader({ params }: LoaderFunctionArgs) {
  const slug = PolicySlugSchema.safeParse(params.slug);
  if (!slug.success) throw new Response(NO_PAGE, { status: 404 });
  const [{ data: page }, { data: pages }] = await Promise.all([
    loadOrThrow(callApi(endpoints.pages.get, { params: { slug: slug.data } }), NO_PAGE),
    callApi(endpoints.pages.list, {}),
  ]);
  return { page, pages };
}

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data ? [{ title: pageTitle(data.page.title) }] : [{ title: pageTitle("Page not found") }];

export default function PolicyPage() {
  const { page, pages } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto grid max-w-5xl gap-8 px-4 py-8 md:grid-cols-[1fr_14rem]">
      <article>
        <h1 className="text-3xl font-bold text-slate-900">{page.title}</h1>
        {page.updatedAt ? (
          <p className="mt-1 text-sm text-slate-600">Last changed {formatLongDay(page.updatedAt)}</p>
        ) : null}
        {/* the server's HTML of the admin's Markdown: raw HTML in it is escaped, links are checked (markdown.server.ts) */}
        <div className="prose-policy mt-6" dangerouslySetInnerHTML={{ __html: page.html }} />
      </article>
      <nav aria-label="Shop policies" className="text-sm">
        <h2 className="font-semibold text-slate-900">Shop policies</h2>
        <ul className="mt-2 space-y-1">
          {pages.map((other) => (
            <li key={other.slug}>
              <Link
                to={`/policies/${other.slug}`}
                aria-current={other.slug === page.slug ? "page" : undefined}
                className="text-brand-700 underline aria-[current=page]:font-semibold aria-[current=page]:no-underline"
              >
                {other.title}
              </Link>
            </li>
          ))}
          <li>
            <Link to="/withdraw" className="text-brand-700 underline">
              Withdraw from contract
            </Link>
          </li>
        </ul>
      </nav>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
