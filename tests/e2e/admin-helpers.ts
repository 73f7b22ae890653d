import { expect, type APIRequestContext, type Page, type TestInfo } from "@playwright/test";
import sharp from "sharp";
import { seedCategories } from "../../app/server/seed/catalogue";
import { PASSWORD, shopperAddress } from "./orders-shop";

/**
 * The admin specs' helpers: the orders shop's admin, products of a test's own made through the API, and the admin
 * pages. The admin specs change the catalogue and place orders, so they run against the orders shop (port 3101, its
 * own database), and only ever touch products they made themselves (unique names per test and project), never the
 * seeded ones the checkout spec buys.
 */

/** The account the orders shop creates at start (playwright.config.ts sets ADMIN_EMAIL / ADMIN_PASSWORD). */
export const ADMIN = {
  email: process.env.E2E_ADMIN_EMAIL ?? "admin@gearhub.test",
  password: process.env.E2E_ADMIN_PASSWORD ?? "admin-password-e2e",
};
const ADDRESS = shopperAddress("1 Admin Lane");
/** A seeded category (by id for the API, by name for the CSV); the tests never change it. */
export const SEEDED_CATEGORY = { id: 1, name: seedCategories[0]! };

/** A word no other test or project uses: letters and digits only, so the shop's search finds it as typed. */
export function uniqueTag(testInfo: TestInfo) {
  const project = testInfo.project.use.javaScriptEnabled === false ? "nojs" : "js";
  return `${project}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

/** A small image of one colour, as PNG or JPEG bytes. */
export async function imageFile(
  name: string,
  colour: { r: number; g: number; b: number },
  format: "png" | "jpeg" = "png",
) {
  const image = sharp({ create: { width: 320, height: 240, channels: 3, background: colour } });
  const buffer = format === "png" ? await image.png().toBuffer() : await image.jpeg().toBuffer();
  return { name, mimeType: format === "png" ? "image/png" : "image/jpeg", buffer };
}

export function mainNav(page: Page) {
  return page.getByRole("navigation", { name: "Main" });
}

/**
 * Signs the page in with the login form's own post (through the page's request context, which shares its cookies).
 * The redirect it answers with is checked, not followed: the home page it leads to would be rendered for nothing.
 */
export async function signIn(page: Page, email: string, password: string) {
  const login = await page.request.post("/login", { form: { email, password, redirectTo: "/" }, maxRedirects: 0 });
  expect(login.status(), await login.text()).toBe(303);
  expect(login.headers()["location"]).toBe("/");
}

export const signInAsAdmin = (page: Page) => signIn(page, ADMIN.email, ADMIN.password);

/** A ROLE_USER registered through the API (with one address, so they can pay). */
export async function registeredShopper(request: APIRequestContext) {
  const email = `shopper.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}@example.com`;
  const created = await request.post("/api/v1/users/add", {
    data: { firstName: "Sam", lastName: "Shopper", email, password: PASSWORD, addressList: [ADDRESS] },
  });
  expect(created.status()).toBe(201);
  const { data } = (await created.json()) as { data: { id: number } };
  return { id: data.id, email };
}

export async function apiToken(request: APIRequestContext, email: string, password: string) {
  const response = await request.post("/api/v1/auth/login", { data: { email, password } });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { accessToken: string }).accessToken;
}

/**
 * Buys `quantity` of the product as the shopper through the API, paid with 4242, billed to a US address in the given
 * name (the checkout page has its own tests); the order.
 */
export async function orderViaApi(
  request: APIRequestContext,
  shopper: { id: number; email: string },
  productId: number,
  { quantity, firstName, lastName, street }: { quantity: number; firstName: string; lastName: string; street: string },
) {
  const headers = { Authorization: `Bearer ${await apiToken(request, shopper.email, PASSWORD)}` };
  const added = await request.post("/api/v1/cartItems/item/add", { headers, data: { productId, quantity } });
  expect(added.ok(), await added.text()).toBe(true);
  const card = { cardNumber: "4242424242424242", expMonth: 12, expYear: 2040, cvc: "123" };
  const billing = {
    firstName,
    lastName,
    email: shopper.email,
    street,
    city: "Austin",
    country: "US",
    postalCode: "78701",
  };
  const paid = await request.post(`/api/v1/orders/user/${shopper.id}/checkout`, { headers, data: { billing, card } });
  expect(paid.status(), await paid.text()).toBe(201);
  return ((await paid.json()) as { data: { order: { id: number; invoiceNumber: string } } }).data.order;
}

interface MadeProduct {
  id: number;
  name: string;
  brand: string;
  images: Array<{ id: number; fileName: string }>;
}

/**
 * A product of the test's own, made through the admin API (fast; adding one through the pages has its own test),
 * with one image per file, in the seeded category unless told another.
 */
export async function productViaApi(
  request: APIRequestContext,
  tag: string,
  {
    price = 42.5,
    inventory = 10,
    files = [] as Awaited<ReturnType<typeof imageFile>>[],
    categoryId = SEEDED_CATEGORY.id,
  } = {},
): Promise<MadeProduct> {
  const token = await apiToken(request, ADMIN.email, ADMIN.password);
  const headers = { Authorization: `Bearer ${token}` };
  const name = `Admin Kit ${tag}`;
  const brand = `Brand${tag}`;
  const added = await request.post("/api/v1/products/add", {
    headers,
    data: {
      name,
      brand,
      price,
      inventory,
      description: `A product of the admin tests (${tag}).`,
      category: { id: categoryId },
    },
  });
  expect(added.status(), await added.text()).toBe(201);
  const { data: product } = (await added.json()) as { data: { id: number } };
  const images: MadeProduct["images"] = [];
  for (const file of files) {
    // Playwright's multipart body has a boundary with capitals, as browsers send it (the API keeps its case)
    const uploaded = await request.post("/api/v1/images/upload", {
      headers,
      multipart: {
        productId: String(product.id),
        files: { name: file.name, mimeType: file.mimeType, buffer: file.buffer },
      },
    });
    const answer = await uploaded.text();
    expect(uploaded.status(), answer).toBe(201);
    const { data } = JSON.parse(answer) as { data: Array<{ id: number; fileName: string }> };
    images.push(...data.map(({ id, fileName }) => ({ id, fileName })));
  }
  return { id: product.id, name, brand, images };
}

/**
 * With JavaScript, waits until React has hydrated the page's main content (its forms then post by fetch and their
 * onSubmit checks run): hydration attaches React's props to the server-rendered elements.
 */
export async function hydrated(page: Page, javaScriptEnabled: boolean) {
  if (!javaScriptEnabled) return;
  await page.waitForFunction(() => {
    const element = document.querySelector("main form, main a");
    return element !== null && Object.keys(element).some((key) => key.startsWith("__reactProps$"));
  });
}

export async function open(page: Page, url: string, javaScriptEnabled: boolean) {
  await page.goto(url);
  await hydrated(page, javaScriptEnabled);
}

export function imageRows(page: Page) {
  return page.getByRole("main").getByTestId("product-image-row");
}

/** The listing's card of a product: by its 'Add to cart' link, or its disabled 'Out of stock' when none is left. */
export function card(page: Page, name: string) {
  const action = page
    .getByRole("link", { name: `Add to cart: ${name}`, exact: true })
    .or(page.getByRole("button", { name: `Out of stock: ${name}`, exact: true }));
  return page.getByRole("main").getByRole("article").filter({ has: action });
}

/** A category of the test's own, added through the admin API. */
export async function categoryViaApi(request: APIRequestContext, name: string): Promise<{ id: number; name: string }> {
  const token = await apiToken(request, ADMIN.email, ADMIN.password);
  const added = await request.post("/api/v1/categories/add", {
    headers: { Authorization: `Bearer ${token}` },
    data: { name },
  });
  expect(added.status(), await added.text()).toBe(201);
  return ((await added.json()) as { data: { id: number; name: string } }).data;
}
