import type { APIRequestContext } from "@playwright/test";
import { expect, test } from "./axe";
import { ADMIN, apiToken, hydrated, signIn } from "./admin-helpers";
import { pick, signedInShopper } from "./checkout-helpers";
import { ORDERS_SHOP, PASSWORD, toast } from "./orders-shop";

/**
 * Verified reviews (docs/decisions/0045-reviews.md), with JavaScript and without: a shopper whose order was delivered
 * reviews the product, and its details page and its card show the stars; markup in a review is shown as text; a
 * shopper without such an order is told why they cannot review; the admin hides the review and it is gone from the
 * anonymous (cached) pages. Against the orders shop, on product slots 25 and 26 of `pick()`.
 */
test.use({ baseURL: ORDERS_SHOP });

/** Buys one of the product as the shopper through the API, and has the admin deliver it; the order's id. */
async function delivered(request: APIRequestContext, shopper: { id: number; email: string }, productId: number) {
  const headers = { Authorization: `Bearer ${await apiToken(request, shopper.email, PASSWORD)}` };
  const added = await request.post("/api/v1/cartItems/item/add", { headers, data: { productId, quantity: 1 } });
  expect(added.ok(), await added.text()).toBe(true);
  const card = { cardNumber: "4242424242424242", expMonth: 12, expYear: 2040, cvc: "123" };
  const billing = { firstName: "Rae", lastName: "Viewer", email: shopper.email, street: "1 Main St", city: "Austin" };
  const paid = await request.post(`/api/v1/orders/user/${shopper.id}/checkout`, {
    headers,
    data: { billing: { ...billing, country: "US", postalCode: "78701" }, card },
  });
  expect(paid.status(), await paid.text()).toBe(201);
  const orderId = ((await paid.json()) as { data: { order: { id: number } } }).data.order.id;
  const admin = { Authorization: `Bearer ${await apiToken(request, ADMIN.email, ADMIN.password)}` };
  for (const status of ["PROCESSING", "SHIPPED", "DELIVERED"]) {
    const moved = await request.put(`/api/v1/orders/order/${orderId}/status`, { headers: admin, data: { status } });
    expect(moved.ok(), await moved.text()).toBe(true);
  }
  return orderId;
}

test("a shopper whose order was delivered reviews it, the card shows the stars, and the admin hides it", async ({
  page,
  browser,
  axe,
}, testInfo) => {
  const javaScriptEnabled = testInfo.project.use.javaScriptEnabled !== false;
  const product = pick(testInfo, 25);
  const shopper = await signedInShopper(page);
  await delivered(page.request, shopper, product.id);
  const title = `<script>alert("${testInfo.project.name}")</script> Solid`;

  await page.goto(`/product/${product.id}/details`);
  await hydrated(page, javaScriptEnabled);
  const reviews = page.getByRole("region", { name: "Customer reviews" });
  await expect(reviews.getByRole("heading", { name: "Write a review" })).toBeVisible();
  await reviews.getByLabel("Title").fill(title);
  await reviews.getByLabel("Your review").fill("Light, quiet clicks.\nThe cable is a bit stiff.");
  await reviews.getByRole("radio", { name: "4 stars: very good" }).check();
  await reviews.getByRole("button", { name: "Post review" }).click();
  await expect(toast(page, "Thank you for your review")).toBeVisible();

  // shown as text, never run: the title's markup is there as characters
  const item = reviews.getByRole("listitem").filter({ hasText: "Solid" });
  await expect(item.getByRole("heading", { name: title })).toBeVisible();
  await expect(item.getByText("Light, quiet clicks.")).toBeVisible();
  await expect(page.getByText("Rated 4 out of 5 stars, 1 review").first()).toBeAttached();
  await expect(reviews.getByRole("heading", { name: "Edit your review" })).toBeVisible();
  await axe.check("details page with a review and the shopper's own form");

  // the card of the product in the listing, seen by a visitor
  const visitor = await browser.newPage({ javaScriptEnabled });
  await visitor.goto(`/products/${encodeURIComponent(product.name)}`);
  const card = visitor
    .getByRole("article")
    .filter({ hasText: product.name })
    .filter({ has: visitor.getByRole("img", { name: /^Rated 4\/5, 1 reviews$/ }) });
  await expect(card).toHaveCount(1);
  await visitor.goto(`/product/${product.id}/details`);
  await expect(
    visitor.getByRole("region", { name: "Customer reviews" }).getByRole("heading", { name: title }),
  ).toBeVisible();
  const jsonLd = JSON.parse((await visitor.locator('script[type="application/ld+json"]').textContent())!) as {
    aggregateRating?: { ratingValue: string; reviewCount: number };
  };
  expect(jsonLd.aggregateRating).toMatchObject({ ratingValue: "4.0", reviewCount: 1 });

  // the admin hides it: gone from the visitor's pages
  const admin = await browser.newPage({ javaScriptEnabled });
  await signIn(admin, ADMIN.email, ADMIN.password);
  await admin.goto("/admin/reviews?status=published");
  await hydrated(admin, javaScriptEnabled);
  const row = admin.getByTestId("admin-review").filter({ hasText: title });
  await row.getByRole("button", { name: `Hide: ${title}` }).click();
  await expect(toast(admin, "Review hidden")).toBeVisible();
  await visitor.goto(`/product/${product.id}/details`);
  await expect(visitor.getByRole("region", { name: "Customer reviews" }).getByText("No reviews yet.")).toBeVisible();
  await expect(visitor.getByRole("heading", { name: title })).toHaveCount(0);
  await visitor.goto(`/products/${encodeURIComponent(product.name)}`);
  await expect(visitor.getByRole("img", { name: /^Rated 4\/5/ })).toHaveCount(0);

  // the author deletes it
  await page.reload();
  await expect(page.getByText("The shop has hidden your review: only you can see it.")).toBeVisible();
  await page.getByRole("button", { name: "Delete your review" }).click();
  await expect(toast(page, "Your review was deleted")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Write a review" })).toBeVisible();
  await admin.close();
  await visitor.close();
  axe.expectNone();
});

test("a shopper without a delivered order, and a visitor, are told who may review", async ({ page }, testInfo) => {
  const product = pick(testInfo, 26);
  await page.goto(`/product/${product.id}/details`);
  const reviews = page.getByRole("region", { name: "Customer reviews" });
  await expect(reviews.getByText("Only shoppers who received this product can review it.")).toBeVisible();
  await expect(reviews.getByRole("link", { name: "Log in" })).toBeVisible();
  await signedInShopper(page);
  await page.goto(`/product/${product.id}/details`);
  await expect(reviews.getByText("Only shoppers who received this product can review it.")).toBeVisible();
  await expect(reviews.getByRole("heading", { name: "Write a review" })).toHaveCount(0);
  await expect(reviews.getByRole("radio")).toHaveCount(0);
  // a hand-made post is refused all the same
  const posted = await page.request.post(`/product/${product.id}/details`, {
    form: { intent: "review-save", rating: "5", title: "Great", body: "Great." },
    maxRedirects: 0,
  });
  expect(posted.status()).toBe(403);
});
