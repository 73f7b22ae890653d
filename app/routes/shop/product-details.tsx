import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useState } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { FormErrorBanner } from "~/components/ui/form-error-banner";
import { ImageGallery } from "~/components/shop/image-gallery";
import { Price, WasPrice } from "~/components/shop/price";
import { imageSrc } from "~/components/shop/product-image";
import { QuantitySelector } from "~/components/shop/quantity-selector";
import { StockLabel } from "~/components/shop/stock-label";
import { Spinner } from "~/components/ui/spinner";
import { callApi, endpoints } from "~/client/api.server";
import { getAuth } from "~/client/auth.server";
import { GeneralErrorBoundary, noProduct } from "~/components/layout/error-boundary";
import { useIsPending } from "~/hooks/use-is-pending";
import { AddToCartIntentSchema } from "~/schemas/cart-intents";
import { QuantitySchema } from "~/schemas/cart";
import { attempt, readForm } from "~/web/actions.server";
import { loadProduct, productIdParam } from "~/web/products.server";
import { chooseVariant } from "~/lib/variant-choice";
import { wasPrice } from "~/lib/sale";
import { returnPolicy, salePriceSpecification, shippingDetails } from "~/lib/offer-json-ld";
import { VariantPicker } from "~/components/shop/variant-picker";
import { pageTitle, SITE_NAME } from "~/lib/site";
import { ReviewsSection } from "~/components/shop/reviews-section";
import { ratingLabel, Stars } from "~/components/shop/stars";
import { isReviewIntent, loadReviews, reviewAction } from "~/web/reviews.server";
import { reviewsStructuredData } from "~/lib/review-structured-data";

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) => {
  if (!loaded) return [{ title: pageTitle("No product") }];
  const { product } = loaded;
  const description = `${product.brand} ${product.name}: ${product.description}`.slice(0, 160);
  return [
    { title: pageTitle(`${product.name} by ${product.brand}`) },
    { name: "description", content: description },
    { property: "og:title", content: product.name },
    { property: "og:description", content: description },
    { property: "og:type", content: "product" },
    ...(loaded.ogImage ? [{ property: "og:image", content: loaded.ogImage }] : []),
  ];
};

export async function loader({ params, request }: LoaderFunctionArgs) {
  const product = await loadProduct(params.productId);
  const reviewing = await loadReviews(request, product.id);
  const url = new URL(request.url);
  const choice = chooseVariant(product, url.searchParams);
  const { variant } = choice;
  // what the page sells: the chosen variant's price and stock (a combination not offered has none)
  const price = variant?.price ?? product.price;
  const inventory = variant?.inventory ?? 0;
  const qty = Number(url.searchParams.get("qty"));
  const quantity = Number.isInteger(qty) ? Math.min(Math.max(qty, 1), Math.max(inventory, 1)) : 1;
  const pageUrl = new URL(`/product/${product.id}/details`, url.origin);
  if (variant && product.options.length > 0) pageUrl.searchParams.set("variant", String(variant.id));
  const image = Number(url.searchParams.get("image"));
  // the chosen variant's pictures, else the product's
  const pictures = variant?.imageIds.length
    ? variant.imageIds.flatMap((id) => product.images.filter((img) => img.id === id))
    : product.images;
  const first = pictures[0];
  const regularPrice = variant ? wasPrice(variant) : null;
  // shipping and returns as the offer states them (a combination not offered: the default variant's); the page
  // goes without them, never fails, when they cannot be read (the product deleted meanwhile, the pricing failing)
  const offered = await attempt(
    callApi(endpoints.offerTerms.get, { params: { id: product.id }, query: { variantId: variant?.id } }),
  );
  const terms = offered.ok ? offered.value.data : null;
  return {
    product,
    reviewing,
    pictures,
    choice,
    price,
    // the chosen variant's regular price when it is on sale; the JSON-LD's price stays the sale price
    regularPrice,
    inventory,
    quantity,
    imageIndex: Number.isInteger(image) && image >= 0 ? image : 0,
    ogImage: first ? new URL(imageSrc(first, 800), url.origin).toString() : null,
    structuredData: {
      "@context": "https://schema.org",
      "@type": "Product",
      name: product.name,
      description: product.description,
      sku: variant?.sku ?? String(product.id),
      brand: { "@type": "Brand", name: product.brand },
      category: product.category.name,
      image: pictures.map((img) => new URL(imageSrc(img), url.origin).toString()),
      offers: {
        "@type": "Offer",
        url: pageUrl.toString(),
        ...(variant ? { sku: variant.sku } : {}),
        priceCurrency: "USD",
        price: price.toFixed(2),
        ...salePriceSpecification(price, regularPrice),
        availability: inventory > 0 ? "https://schema.org/InStock" : "https://schema.org/OutOfStock",
        seller: { "@type": "Organization", name: SITE_NAME },
        ...(terms && terms.shipping.length > 0 ? { shippingDetails: shippingDetails(terms) } : {}),
        ...(terms
          ? { hasMerchantReturnPolicy: returnPolicy(terms, new URL("/policies/returns", url.origin).toString()) }
          : {}),
      },
      // only when real published reviews exist (docs/decisions/0045-reviews.md)
      ...reviewsStructuredData(reviewing.reviews),
    },
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const productId = productIdParam(params.productId);
  const form = await readForm(request);
  if (isReviewIntent(form)) return reviewAction(request, productId, form);
  const { intent, quantity: rawQuantity, variantId } = AddToCartIntentSchema.parse(Object.fromEntries(form));
  const back = `/product/${productId}/details${variantId ? `?variant=${variantId}` : ""}`;
  const auth = await getAuth(request);
  if (!auth) {
    return data(
      {
        intent,
        error: "You need to be logged in to add items to the cart.",
        loginHref: `/login?redirectTo=${encodeURIComponent(back)}` as string | null,
      },
      { status: 401 },
    );
  }
  const quantity = QuantitySchema.safeParse(rawQuantity ?? 1);
  if (!quantity.success) {
    return data({ intent, error: quantity.error.issues[0]!.message, loginHref: null }, { status: 422 });
  }
  const added = await attempt(
    auth.api(endpoints.cart.add, { body: { productId, variantId, quantity: quantity.data } }),
  );
  if (!added.ok) {
    const { message, status } = added.error;
    return data({ intent, error: message, loginHref: null }, { status });
  }
  // Buy now: straight to checkout with what was just added
  const to = intent === "buy" ? `/checkout/${auth.userId}/checkout` : back;
  return auth.redirect(to, { type: "success", message: added.value.message });
}

export default function ProductDetails() {
  const {
    product,
    reviewing,
    pictures,
    choice,
    price,
    regularPrice,
    inventory,
    quantity: initialQuantity,
    imageIndex,
    structuredData,
  } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [quantity, setQuantity] = useState(initialQuantity);
  const outOfStock = inventory <= 0;
  const adding = useIsPending({ intent: "add" });
  const buying = useIsPending({ intent: "buy" });
  const busy = adding || buying;
  const saving = useIsPending({ intent: "review-save" });
  const deleting = useIsPending({ intent: "review-delete" });
  const reviewBusy = saving || deleting;
  const cartError = actionData && "error" in actionData ? actionData : null;
  const reviewSent = actionData && "reviewForm" in actionData ? actionData.reviewForm : null;
  const { rating } = reviewing.reviews;
  // without JavaScript the answer to Add to cart is a whole page, back at its top: the refusal is said there too
  const hydrated = useHydrated();
  return (
    <>
      {cartError?.error && !hydrated ? (
        <FormErrorBanner message={cartError.error} formId="add-to-cart" linkText="Go to Add to cart">
          {cartError.loginHref ? (
            <Link to={cartError.loginHref} className="font-semibold underline">
              Log in
            </Link>
          ) : null}
        </FormErrorBanner>
      ) : null}
      <div className="mx-auto max-w-6xl px-4 py-8">
        <script
          type="application/ld+json"
          dangerouslySetInnerHTML={{ __html: JSON.stringify(structuredData).replace(/</g, "\\u003c") }}
        />
        <nav aria-label="Breadcrumb" className="mb-4 text-sm text-slate-500">
          <Link to="/products" className="hover:underline">
            All Products
          </Link>
          <span aria-hidden="true"> / </span>
          <Link to={`/products/category/${product.category.id}/products`} className="hover:underline">
            {product.category.name}
          </Link>
        </nav>
        <div className="grid gap-8 lg:grid-cols-2">
          <ImageGallery key={choice.variant?.id ?? 0} images={pictures} name={product.name} initial={imageIndex} />
          <div className="space-y-5">
            <div>
              <p className="text-sm font-medium uppercase tracking-wide text-slate-500">{product.brand}</p>
              <h1 className="mt-1 text-2xl font-bold text-slate-900 sm:text-3xl">{product.name}</h1>
              {rating.count > 0 && rating.average !== null ? (
                <a href="#reviews" className="mt-2 flex items-center gap-2 text-sm text-slate-600 hover:underline">
                  <span className="sr-only">{ratingLabel(rating)}</span>
                  <Stars value={rating.average} />
                  <span aria-hidden="true">
                    {rating.average.toFixed(1)} ({rating.count} {rating.count === 1 ? "review" : "reviews"})
                  </span>
                </a>
              ) : (
                <p className="mt-2 text-sm text-slate-500">
                  <a href="#reviews" className="hover:underline">
                    No reviews yet
                  </a>
                </p>
              )}
            </div>
            <p className="flex flex-wrap items-baseline gap-x-3">
              <Price value={price} className="text-3xl text-slate-900" />
              <WasPrice value={regularPrice} className="text-lg" />
            </p>
            <VariantPicker choice={choice} />
            <p className="leading-7 text-slate-700">{product.description}</p>
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
              <dt className="text-slate-500">Brand</dt>
              <dd className="font-medium">{product.brand}</dd>
              <dt className="text-slate-500">Category</dt>
              <dd className="font-medium">{product.category.name}</dd>
              <dt className="text-slate-500">Availability</dt>
              <dd>
                {choice.variant ? (
                  <StockLabel inventory={inventory} />
                ) : (
                  <span className="text-xs font-medium text-red-700">This combination is not offered</span>
                )}
              </dd>
              {choice.variant?.label ? (
                <>
                  <dt className="text-slate-500">SKU</dt>
                  <dd className="font-medium" data-testid="variant-sku">
                    {choice.variant.sku}
                  </dd>
                </>
              ) : null}
            </dl>
            <Form method="post" id="add-to-cart" className="space-y-4" preventScrollReset>
              {/* a product sold in one form posts no variant: its default one, and its URL stays the plain one */}
              {choice.variant && product.options.length > 0 ? (
                <input type="hidden" name="variantId" value={choice.variant.id} />
              ) : null}
              <QuantitySelector
                value={quantity}
                max={inventory}
                onChange={setQuantity}
                keep={choice.variant && product.options.length > 0 ? { variant: String(choice.variant.id) } : {}}
              />
              <div className="flex flex-wrap gap-3">
                <button
                  type="submit"
                  name="intent"
                  value="add"
                  disabled={outOfStock || busy}
                  className="btn-primary px-6 py-3 text-base"
                >
                  {adding ? <Spinner label="Adding to cart" className="h-4 w-4" /> : null}
                  Add to cart
                </button>
                <button
                  type="submit"
                  name="intent"
                  value="buy"
                  disabled={outOfStock || busy}
                  className="btn-accent px-6 py-3 text-base"
                >
                  {buying ? <Spinner label="Going to checkout" className="h-4 w-4" /> : null}
                  Buy now
                </button>
              </div>
              {/* with JavaScript the refusal is announced here; without, by the banner at the top (one alert) */}
              <div role={hydrated ? "alert" : undefined} className="min-h-[1.5rem] text-sm">
                {cartError?.error ? (
                  <p className="rounded-lg border border-red-200 bg-red-50 p-3 text-red-800">
                    {cartError.error}{" "}
                    {cartError.loginHref ? (
                      <Link to={cartError.loginHref} className="font-semibold underline">
                        Log in
                      </Link>
                    ) : null}
                  </p>
                ) : null}
              </div>
            </Form>
          </div>
        </div>
        <ReviewsSection
          productId={product.id}
          reviews={reviewing.reviews}
          query={reviewing.query}
          mine={reviewing.mine}
          signedIn={reviewing.signedIn}
          keep={choice.variant && product.options.length > 0 ? { variant: String(choice.variant.id) } : {}}
          sent={reviewSent}
          busy={reviewBusy}
        />
      </div>
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary statusHandlers={noProduct()} />;
}
