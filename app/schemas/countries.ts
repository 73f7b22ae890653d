import countries from "i18n-iso-countries";
import en from "i18n-iso-countries/langs/en.json";

// Countries by their English names, for the address and billing schemas: a client of the API that sends "Germany" or
// "united states" where the ISO code is expected has it stored as DE or US (the pages send the code from a select).

countries.registerLocale(en);

/** "Côte d’Ivoire" → "cote d ivoire": case, accents, punctuation and spacing do not matter. */
function normalised(name: string): string {
  return name
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim()
    .replace(/^the /, "");
}

let byName: Map<string, string> | undefined;

function codesByName(): Map<string, string> {
  if (byName) return byName;
  byName = new Map();
  // every English name and alias the library knows ("United States of America", "United States", "USA", …)
  for (const [code, names] of Object.entries(countries.getNames("en", { select: "all" }))) {
    for (const name of names) if (!byName.has(normalised(name))) byName.set(normalised(name), code);
  }
  return byName;
}

/**
 * The ISO 3166-1 alpha-2 code a country is given as: a code (any case) as it is, upper-cased; an English name or alias
 * ("Germany", "united states", "UK", "Côte d'Ivoire") or an alpha-3 code ("DEU") as its code. Anything else comes back
 * as it was, for the schema to refuse.
 */
export function countryCodeOf(text: string): string {
  const trimmed = text.trim();
  const upper = trimmed.toUpperCase();
  if (countries.isValid(upper) && upper.length === 2) return upper;
  const named = codesByName().get(normalised(trimmed));
  if (named) return named;
  if (/^[A-Z]{3}$/.test(upper)) return countries.alpha3ToAlpha2(upper) ?? upper;
  return /^[A-Za-z]{2}$/.test(trimmed) ? upper : trimmed;
}

/** An ISO 3166-1 alpha-2 code that names a country (not just any two letters). */
export function isCountryCode(code: string): boolean {
  return code.length === 2 && countries.isValid(code);
}
