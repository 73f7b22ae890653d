import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { PASSWORD, signIn, uniqueEmail } from "./account-helpers";
import { hydrated } from "./admin-helpers";
import { toast } from "./orders-shop";

/**
 * The dashboard's address book (docs/product.md#addresses, decision 0023). A refused edit comes back in the edit form
 * of that address, open, with what was typed and the error by its field (not under the Add form), with and without
 * JavaScript; the edit form lays out on a 360 px phone.
 */

const FIRST = "1 First Street";
const SECOND = "2 Second Street";

async function shopperWithAddresses(page: Page, request: APIRequestContext, streets: string[]) {
  const email = uniqueEmail("addresses");
  const response = await request.post("/api/v1/users/add", {
    data: {
      firstName: "Sam",
      lastName: "Player",
      email,
      password: PASSWORD,
      addressList: streets.map((street) => ({
        street,
        city: "Austin",
        state: "TX",
        country: "US",
        postalCode: "73301",
      })),
    },
  });
  expect(response.status()).toBe(201);
  const { data } = (await response.json()) as { data: { id: number } };
  await signIn(page, email);
  return data.id;
}

test("a refused address edit stays open in that address's form, with what was typed and the error by its field", async ({
  page,
  request,
  javaScriptEnabled,
}) => {
  const userId = await shopperWithAddresses(page, request, [FIRST, SECOND]);
  await page.goto(`/user-profile/${userId}/profile`);
  await hydrated(page, javaScriptEnabled);
  const item = page.locator("li[data-address-id]", { hasText: SECOND });
  await item.getByText("Edit").click();
  const edit = item.getByRole("form", { name: "Edit the address" });
  await edit.getByLabel("Street").fill("22 Second Street");
  await edit.getByLabel("City").fill("Dallas");
  await edit.getByLabel("Address type").selectOption("OFFICE");
  await edit.getByLabel("Mobile number").fill("call me maybe");
  await edit.getByRole("button", { name: "Save changes" }).click();

  await expect(edit.getByLabel("Mobile number")).toHaveAccessibleDescription("must be a phone number");
  await expect(edit.getByLabel("Mobile number")).toHaveValue("call me maybe");
  await expect(edit.getByLabel("Street")).toHaveValue("22 Second Street");
  await expect(edit.getByLabel("City")).toHaveValue("Dallas");
  await expect(edit.getByLabel("Address type")).toHaveValue("OFFICE");
  // said once, in the form that was sent: not under the Add form, nor in the other address's form
  await expect(page.getByText("must be a phone number", { exact: true })).toHaveCount(1);
  await expect(page.getByRole("form", { name: "Add an address" })).toBeHidden();
  await expect(
    page.locator("li[data-address-id]", { hasText: FIRST }).getByRole("form", { name: "Edit the address" }),
  ).toBeHidden();
  // nothing was saved
  await expect(item.getByText(SECOND, { exact: true })).toBeVisible();

  await edit.getByLabel("Mobile number").fill("+1 512 555 0100");
  await edit.getByRole("button", { name: "Save changes" }).click();
  await expect(toast(page, "Address updated")).toBeVisible();
  const saved = page.locator("li[data-address-id]", { hasText: "22 Second Street" });
  await expect(saved).toContainText("Dallas");
  await expect(saved).toContainText("+1 512 555 0100");
  await expect(saved.getByRole("form", { name: "Edit the address" })).toBeHidden();
});

for (const width of [360, 1280]) {
  test(`the address edit form lays out at ${width} px: wide inputs, no sideways scrolling`, async ({
    page,
    request,
    javaScriptEnabled,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    const userId = await shopperWithAddresses(page, request, ["1234 Extraordinarily Long Boulevard Name, Apt 56"]);
    await page.goto(`/user-profile/${userId}/profile`);
    await hydrated(page, javaScriptEnabled);
    const item = page.locator("li[data-address-id]").first();
    await item.getByText("Edit").click();
    const edit = item.getByRole("form", { name: "Edit the address" });
    await expect(edit).toBeVisible();
    const labels = ["Street", "City", "State", "Country", "Postal code", "Mobile number", "Address type"];
    for (const name of labels) {
      const box = await edit.getByLabel(name).boundingBox();
      expect(box, name).not.toBeNull();
      expect(box!.width, `${name} is ${box!.width} px wide`).toBeGreaterThanOrEqual(250);
      expect(box!.x + box!.width, `${name} ends inside the page`).toBeLessThanOrEqual(width);
    }
    for (const button of [
      edit.getByRole("button", { name: "Save changes" }),
      item.getByRole("button", { name: "Delete address" }),
    ]) {
      const box = await button.boundingBox();
      expect(box!.x + box!.width).toBeLessThanOrEqual(width);
    }
    expect(
      await page.evaluate(() => document.scrollingElement!.scrollWidth <= window.innerWidth),
      "the page does not scroll sideways",
    ).toBe(true);
  });
}

test("an edit refused before the page ran its scripts closes once they run: on a save, and by its Edit button", async ({
  page,
  request,
  javaScriptEnabled,
}) => {
  test.skip(!javaScriptEnabled, "about a page whose scripts arrive after the refusal");
  const userId = await shopperWithAddresses(page, request, [FIRST, SECOND]);
  // the page comes without its scripts (a slow network), so the edit is a plain form post, refused
  await page.route("**/assets/**/*.js", (route) => route.abort());
  await page.goto(`/user-profile/${userId}/profile`);
  const item = page.locator("li[data-address-id]", { hasText: SECOND });
  await item.getByText("Edit").click();
  const edit = item.getByRole("form", { name: "Edit the address" });
  await edit.getByLabel("City").fill("Dallas");
  await edit.getByLabel("Mobile number").fill("call me maybe");
  await page.unrouteAll({ behavior: "wait" });
  await edit.getByRole("button", { name: "Save changes" }).click();
  await expect(edit.getByLabel("Mobile number")).toHaveAccessibleDescription("must be a phone number");
  // the answer's scripts arrive: the page is hydrated with that refusal as its action data
  await hydrated(page, javaScriptEnabled);
  await expect(edit).toBeVisible();

  // the Edit button closes the form and opens it again, as typed
  await item.getByText("Edit").click();
  await expect(edit).toBeHidden();
  await item.getByText("Edit").click();
  await expect(edit.getByLabel("City")).toHaveValue("Dallas");

  // a save closes it
  await edit.getByLabel("Mobile number").fill("+1 512 555 0100");
  await edit.getByRole("button", { name: "Save changes" }).click();
  await expect(toast(page, "Address updated")).toBeVisible();
  await expect(item).toContainText("+1 512 555 0100");
  await expect(edit).toBeHidden();
});

test("an address needs a street, a city and a country: an empty one is refused field by field, and nothing is saved", async ({
  page,
  request,
  javaScriptEnabled,
}) => {
  const userId = await shopperWithAddresses(page, request, []);
  await page.goto(`/user-profile/${userId}/profile`);
  await hydrated(page, javaScriptEnabled);
  await page.getByText("Add address").click();
  const add = page.getByRole("form", { name: "Add an address" });
  // "Unknown" is no country: the select asks for one
  await expect(add.getByLabel("Country")).toHaveValue("");
  await expect(add.getByLabel("Country").locator("option", { hasText: "Unknown" })).toHaveCount(0);
  await add.getByRole("button", { name: "Save address" }).click();

  // with JavaScript a toast; without, the page comes back at its top, which says so with a link to the form
  if (javaScriptEnabled) await expect(toast(page, "Please check the address.")).toBeVisible();
  else {
    const banner = page.getByRole("alert").filter({ hasText: "Please check the address." });
    await expect(banner).toBeInViewport();
    await expect(banner.getByRole("link", { name: "Go to the address" })).toHaveAttribute("href", "#add-address");
  }
  await expect(add.getByLabel("Street")).toHaveAccessibleDescription("Street is required");
  await expect(add.getByLabel("City")).toHaveAccessibleDescription("City is required");
  await expect(add.getByLabel("Country")).toHaveAccessibleDescription("Choose a country");
  await expect(page.getByText("Address added", { exact: true })).toHaveCount(0);
  await expect(page.getByText("No addresses found")).toBeVisible();
  await expect(page.getByText("(no street)")).toHaveCount(0);

  await add.getByLabel("Street").fill("3 Third Street");
  await add.getByLabel("City").fill("Austin");
  await add.getByLabel("Country").selectOption("US");
  await add.getByRole("button", { name: "Save address" }).click();
  await expect(toast(page, "Address added")).toBeVisible();
  const saved = page.locator("li[data-address-id]", { hasText: "3 Third Street" });
  await expect(saved).toContainText("United States");
  await expect(page.locator("li[data-address-id]")).toHaveCount(1);
});

test("each address's Edit and Delete are named by its street", async ({ page, request, javaScriptEnabled }) => {
  const userId = await shopperWithAddresses(page, request, [FIRST, SECOND]);
  await page.goto(`/user-profile/${userId}/profile`);
  await hydrated(page, javaScriptEnabled);
  for (const street of [FIRST, SECOND]) {
    await expect(page.getByRole("button", { name: `Delete address ${street}`, exact: true })).toHaveCount(1);
    await expect(page.getByLabel(`Edit address ${street}`, { exact: true })).toHaveCount(1);
  }
  await page.getByRole("button", { name: `Delete address ${FIRST}`, exact: true }).click();
  await expect(page.locator("li[data-address-id]", { hasText: FIRST })).toHaveCount(0);
  await expect(page.locator("li[data-address-id]", { hasText: SECOND })).toHaveCount(1);
});

test("on a phone, a saved address shows the address book, not what came after the closed form", async ({
  page,
  request,
  javaScriptEnabled,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const userId = await shopperWithAddresses(page, request, [FIRST]);
  await page.goto(`/user-profile/${userId}/profile`);
  await hydrated(page, javaScriptEnabled);
  const book = page.getByRole("heading", { name: "User Addresses" });
  await page.getByText("Add address").click();
  const add = page.getByRole("form", { name: "Add an address" });
  await add.getByLabel("Street").fill("4 Fourth Street");
  await add.getByLabel("City").fill("Austin");
  await add.getByLabel("Country").selectOption("US");
  await add.getByRole("button", { name: "Save address" }).scrollIntoViewIfNeeded();
  await expect(book).not.toBeInViewport();
  await add.getByRole("button", { name: "Save address" }).click();
  await expect(toast(page, "Address added")).toBeVisible();
  await expect(page.locator("li[data-address-id]", { hasText: "4 Fourth Street" })).toHaveCount(1);
  await expect(book).toBeInViewport();
  // with JavaScript the focus goes on from the list, not from the form that is gone
  if (javaScriptEnabled) await expect(book).toBeFocused();

  // an edit too
  await page.getByLabel(`Edit address ${FIRST}`, { exact: true }).click();
  const edit = page.locator("li[data-address-id]", { hasText: FIRST }).getByRole("form");
  await edit.getByLabel("City").fill("Dallas");
  await edit.getByRole("button", { name: /Save/ }).scrollIntoViewIfNeeded();
  await edit.getByRole("button", { name: /Save/ }).click();
  await expect(page.locator("li[data-address-id]", { hasText: "Dallas" })).toHaveCount(1);
  await expect(book).toBeInViewport();
});
