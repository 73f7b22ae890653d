import { describe, expect, it } from "vitest";
import { AddressInputSchema, RegisterSchema, UserUpdateSchema } from "~/schemas/account";
import { CategoryInputSchema, ProductInputSchema } from "~/schemas/product-admin";
import { CheckoutAddressSchema } from "~/schemas/checkout";
import { BrandInputSchema } from "~/schemas/taxonomy";
import { AddToCartSchema, QuantitySchema } from "~/schemas/cart";
import { BillingSchema } from "~/schemas/payments";

// Inputs that were read as something else: a quantity in an array or in exponent notation, and a name with a line
// break. Each case here was accepted before.

describe("a quantity is a whole number written as one", () => {
  it.each([[[1]], ["1e2"], ["0x10"], ["1.0"], [true], [""], ["1 2"], [{}], ["Infinity"]])("refuses %j", (quantity) => {
    const parsed = AddToCartSchema.safeParse({ productId: 1, quantity });
    expect(parsed.success).toBe(false);
    expect(parsed.error!.issues[0]!.path).toEqual(["quantity"]);
  });

  it.each([
    [3, 3],
    ["3", 3],
    [" 12 ", 12],
    [999, 999],
  ])("takes %j as %d", (quantity, expected) => {
    expect(QuantitySchema.parse(quantity)).toBe(expected);
  });

  it("still defaults to 1 and bounds it to 1..999", () => {
    expect(AddToCartSchema.parse({ productId: 1 }).quantity).toBe(1);
    expect(QuantitySchema.safeParse("0").success).toBe(false);
    expect(QuantitySchema.safeParse("1000").success).toBe(false);
    expect(QuantitySchema.safeParse(-2).success).toBe(false);
  });
});

describe("a name has no line breaks", () => {
  const base = { firstName: "Ada", lastName: "Lovelace", email: "ada@example.com", password: "long enough pass" };
  it.each(["Ada\nEvil", "Ada\r\nBcc: x@example.com", "Ada\rX"])("refuses %j in a user's and a billing name", (name) => {
    expect(RegisterSchema.safeParse({ ...base, firstName: name }).error?.issues[0]?.message).toBe(
      "First name must be on one line",
    );
    expect(UserUpdateSchema.safeParse({ firstName: "Ada", lastName: name }).success).toBe(false);
    const billing = { ...base, street: "1 Way", city: "London", country: "GB", postalCode: "N1", lastName: name };
    expect(BillingSchema.safeParse(billing).success).toBe(false);
  });

  it("takes a name with spaces, and trims a trailing line break the form may add", () => {
    expect(RegisterSchema.parse({ ...base, firstName: "Mary Ann\n" }).firstName).toBe("Mary Ann");
  });
});

describe("an address line, a product's, a brand's and a category's name have no line breaks", () => {
  const address = { street: "1 Way", city: "London", state: "", country: "GB", postalCode: "N1", mobileNumber: "" };
  const billing = { firstName: "Ada", lastName: "Lovelace", email: "ada@example.com", ...address };
  it.each([
    ["street", "Street"],
    ["city", "City"],
    ["state", "State"],
    ["postalCode", "Postal code"],
    ["mobileNumber", "Mobile number"],
  ])("refuses one in an address's %s, saying so on the field", (field, label) => {
    const value = field === "mobileNumber" ? "+44 20\n7946 0000" : "Line one\r\nLine two";
    const parsed = AddressInputSchema.safeParse({ ...address, [field]: value });
    expect(parsed.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([
      [field, `${label} must be on one line`],
    ]);
    expect(CheckoutAddressSchema.safeParse({ ...address, [field]: value }).success).toBe(false);
    if (field !== "mobileNumber")
      expect(BillingSchema.safeParse({ ...billing, [field]: value }).error?.issues[0]?.message).toBe(
        `${label} must be on one line`,
      );
  });

  it.each([
    ["name", "Name"],
    ["brand", "Brand"],
  ])("refuses one in a product's %s", (field, label) => {
    const product = {
      name: "Lamp",
      brand: "Acme",
      price: 10,
      inventory: 1,
      description: "Two\nlines are fine",
      category: "Home",
    };
    expect(ProductInputSchema.safeParse(product).success).toBe(true);
    const parsed = ProductInputSchema.safeParse({ ...product, [field]: "Lamp\nBcc: x" });
    expect(parsed.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([
      [field, `${label} must be on one line`],
    ]);
  });

  it("refuses one in a category's and a brand's new name", () => {
    expect(CategoryInputSchema.safeParse({ name: "Home\rGarden" }).error?.issues[0]?.message).toBe(
      "Category name must be on one line",
    );
    expect(BrandInputSchema.safeParse({ name: "Ac\nme" }).error?.issues[0]?.message).toBe("Brand must be on one line");
  });

  it("still trims a trailing line break", () => {
    expect(AddressInputSchema.parse({ ...address, street: "1 Way\n" }).street).toBe("1 Way");
  });
});
