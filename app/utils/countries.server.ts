import countries from "i18n-iso-countries";
import en from "i18n-iso-countries/langs/en.json";

countries.registerLocale(en);

export interface Country {
  name: string;
  code: string;
}

let cached: Country[] | undefined;

/** Every country (ISO 3166-1 alpha-2) sorted by name, bundled with the app; 'Unknown' (XX) first as the fallback. */
export function countryList(): Country[] {
  cached ??= [
    { name: "Unknown", code: "XX" },
    ...Object.entries(countries.getNames("en", { select: "official" }))
      .map(([code, name]) => ({ code, name }))
      .sort((a, b) => a.name.localeCompare(b.name, "en")),
  ];
  return cached;
}
