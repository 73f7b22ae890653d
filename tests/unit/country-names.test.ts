import { describe, expect, it } from "vitest";
import { AddressInputSchema } from "~/schemas/account";
import { countryCodeOf } from "~/schemas/countries";
import { BillingSchema } from "~/schemas/payments";

// A client of the API that sends a country's English name where the ISO code is expected (the upstream client sends
// "Kenya") has it stored as the code; before, it was a 422.

describe("a country given by its English name", () => {
  it.each([
    ["Germany", "DE"],
    ["united states", "US"],
    ["United States of America", "US"],
    ["  kenya ", "KE"],
    ["UK", "GB"],
    ["Côte d'Ivoire", "CI"],
    ["cote d’ivoire", "CI"],
    ["Turkey", "TR"],
    ["DEU", "DE"],
    ["de", "DE"],
    ["GB", "GB"],
  ])("reads %j as %s", (text, code) => {
    expect(countryCodeOf(text)).toBe(code);
  });

  it("leaves what is no country as it was, for the schema to refuse", () => {
    expect(countryCodeOf("Narnia")).toBe("Narnia");
    expect(countryCodeOf("xx")).toBe("XX");
  });

  const address = { street: "1 Way", city: "Nairobi", country: "Kenya" };
  it("is stored as its code by the address and billing schemas", () => {
    expect(AddressInputSchema.parse(address).country).toBe("KE");
    const billing = { firstName: "A", lastName: "B", email: "a@example.com", ...address, country: "germany" };
    expect(BillingSchema.parse(billing).country).toBe("DE");
  });

  it("refuses a name that is no country, and still refuses no country at all", () => {
    expect(AddressInputSchema.safeParse({ ...address, country: "Narnia" }).error?.issues[0]?.message).toBe(
      "must be a two-letter country code or a country's name in English",
    );
    expect(AddressInputSchema.safeParse({ ...address, country: "XX" }).error?.issues[0]?.message).toBe(
      "Choose a country",
    );
    expect(AddressInputSchema.safeParse({ ...address, country: "" }).error?.issues[0]?.message).toBe(
      "Choose a country",
    );
  });
});
