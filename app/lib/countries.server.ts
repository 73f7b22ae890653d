import countries from "i18n-iso-countries";
// registers the English names (shared with the schemas' reading of a country's name)
import "~/schemas/countries";

export interface Country {
  name: string;
  code: string;
}

let cached: Country[] | undefined;

/**
 * Every country (ISO 3166-1 alpha-2) sorted by name, bundled with the app, after a "Choose a country" prompt (an empty
 * value, refused by the address schemas): an address needs a real country (docs/product.md#addresses).
 */
export function countryList(): Country[] {
  cached ??= [
    { name: "Choose a country", code: "" },
    ...Object.entries(countries.getNames("en", { select: "official" }))
      .map(([code, name]) => ({ code, name }))
      .sort((a, b) => a.name.localeCompare(b.name, "en")),
  ];
  return cached;
}

/** A country's name from its two-letter code (the code itself when unknown). */
export function countryName(code: string): string {
  return countries.getName(code, "en") ?? code;
}

/** The names of the countries some addresses are in, for a page that shows them (not the whole list). */
export function countryNamesOf(codes: Iterable<string | null | undefined>): Record<string, string> {
  const names: Record<string, string> = {};
  for (const code of codes) if (code) names[code] = countryName(code);
  return names;
}
