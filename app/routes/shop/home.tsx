import { redirect, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import keenSliderStyles from "keen-slider/keen-slider.min.css?url";
import { HeroSlider } from "~/components/shop/hero-slider";
import { Pagination } from "~/components/listing/pagination";
import { DealCard, DistinctProductCard, HOME_GRID } from "~/components/shop/product-card";
import { SearchBar } from "~/components/listing/search-bar";
import { PAGE_SIZE } from "~/schemas/constants";
import { callApi, endpoints } from "~/client/api.server";
import { GeneralErrorBoundary } from "~/components/layout/error-boundary";
import { pageTitle, SITE_NAME } from "~/lib/site";
import { dealCard, productCard } from "~/lib/product-card";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data && data.page.page > 1 ? pageTitle(`Products, page ${data.page.page}`) : pageTitle() },
  {
    name: "description",
    content: `${SITE_NAME}: gaming mice, mechanical keyboards, headsets, controllers, chairs, monitors and streaming gear, in stock and shipped fast.`,
  },
];

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: keenSliderStyles },
  {
    rel: "preload",
    as: "image",
    href: "/hero/hero-1-800.webp",
    imageSrcSet: "/hero/hero-1-800.webp 800w, /hero/hero-1.webp 1600w",
    imageSizes: "100vw",
  },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const requested = Number(new URL(request.url).searchParams.get("page"));
  const pageNumber = Number.isInteger(requested) && requested > 0 && requested <= 100_000 ? requested : 1;
  const [{ data: categories }, { data: page }, { data: deals }] = await Promise.all([
    // the search bar offers the categories with products (like the footer, decision 0022)
    callApi(endpoints.categories.all, { query: { withProducts: true } }),
    callApi(endpoints.products.search, { query: { distinct: true, facets: false, page: pageNumber, size: PAGE_SIZE } }),
    // what is on sale, biggest saving first (docs/decisions/0041-sale-prices.md); on the first page only
    pageNumber === 1 ? callApi(endpoints.products.deals, { query: { limit: DEALS_SHOWN } }) : { data: [] },
  ]);
  if (page.totalPages > 0 && pageNumber > page.totalPages)
    throw redirect(page.totalPages > 1 ? `/?page=${page.totalPages}` : "/");
  // the browser gets what the cards render, not the API's whole products (app/lib/product-card.ts)
  return { categories, page: { ...page, content: page.content.map(productCard) }, deals: deals.map(dealCard) };
}

const DEALS_SHOWN = 8;

export default function Home() {
  const { categories, page, deals } = useLoaderData<typeof loader>();
  return (
    <>
      <HeroSlider>
        <div className="max-w-2xl text-white">
          <h1 className="text-3xl font-extrabold tracking-tight drop-shadow sm:text-5xl">Welcome to {SITE_NAME}</h1>
          <p className="mt-3 max-w-lg text-base text-slate-200 sm:text-lg">
            Gear up for your next win: mice, keyboards, headsets and more from the brands players trust.
          </p>
          <Form
            method="get"
            action="/products"
            role="search"
            aria-label="Search the shop"
            className="pointer-events-auto mt-6 rounded-xl bg-white/95 p-2 text-slate-900 shadow-lg"
          >
            <SearchBar categories={categories} category={undefined} search="" suggest />
          </Form>
          <div className="pointer-events-auto mt-6 flex flex-wrap gap-3">
            <Link to="/products" className="btn-primary px-6 py-3 text-base">
              Shop Now
            </Link>
            {/* to the deals below (a plain anchor: the same page); nothing on sale: the cheapest in stock */}
            {deals.length > 0 ? (
              <a href="#todays-deals" className="btn-accent px-6 py-3 text-base">
                Today's Deals
              </a>
            ) : (
              <Link to="/products?sort=price_asc&inStock=true" className="btn-accent px-6 py-3 text-base">
                Today's Deals
              </Link>
            )}
          </div>
        </div>
      </HeroSlider>
      {deals.length > 0 ? (
        <section aria-labelledby="todays-deals" className="mx-auto max-w-7xl px-4 pt-10">
          <h2 id="todays-deals" className="mb-1 text-2xl font-bold text-slate-900">
            Today&apos;s Deals
          </h2>
          <p className="mb-6 text-sm text-slate-600">On sale now, biggest saving first.</p>
          <ul className={HOME_GRID.className}>
            {deals.map((product) => (
              <li key={product.id} className="flex">
                <DealCard product={product} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <section aria-labelledby="home-products" className="mx-auto max-w-7xl px-4 py-10">
        <h2 id="home-products" className="mb-6 text-2xl font-bold text-slate-900">
          Our products
        </h2>
        <ul className={HOME_GRID.className}>
          {page.content.map((product) => (
            <li key={product.id} className="flex">
              <DistinctProductCard product={product} />
            </li>
          ))}
        </ul>
        {/* the grid's own anchor: another page opens at the grid, not above the hero (with and without JavaScript) */}
        <Pagination
          page={page.page}
          totalPages={page.totalPages}
          href={(n) => `${n > 1 ? `/?page=${n}` : "/"}#home-products`}
        />
      </section>
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
