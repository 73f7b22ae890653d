import { describe, expect, it } from "vitest";
import { RegisterSchema, UserUpdateSchema } from "~/schemas/account";
import { AddToCartSchema, BillingSchema, QuantitySchema } from "~/schemas/orders";

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
