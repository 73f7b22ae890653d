import { z } from "zod/v4";
import { blankToUndefined, isOneLine, oneLine } from "./common";
import { countryCodeOf, isCountryCode } from "./countries";

// The admin's shipping zones and methods, tax rates and the shop's tax settings (decision 0035, "Admin pages for
// shipping and tax"): one schema per write, read from JSON by the API and from the admin pages' plain forms (a form's
// text fields are turned into the JSON's shape first, so both are refused with the same words). Money is in dollars,
// as everywhere in the API; tax rates in percent (19 = 19%, stored as 1900 basis points).

const requiredLine = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`)
    .refine(isOneLine, oneLine(label));

/** A number from JSON, or from a form's text ("" is absent). */
const formNumber = <S extends z.ZodType>(label: string, rules: (n: z.ZodNumber) => S) =>
  z.preprocess(
    (v: unknown) =>
      v === null || v === undefined || (typeof v === "string" && v.trim() === "")
        ? undefined
        : typeof v === "string"
          ? Number(v.trim())
          : v,
    rules(
      z.number({
        error: (issue) => (issue.input === undefined ? `${label} is required` : `${label} must be a number`),
      }),
    ),
  );

const twoDecimals = (v: number) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6;

/** An amount of money in dollars: 0 or more, at most 2 decimals. */
const money = (label: string) =>
  formNumber(label, (n) =>
    n
      .min(0, `${label} must be 0 or more`)
      .max(1_000_000, `${label} is too large`)
      .refine(twoDecimals, `${label} can have at most 2 decimals`),
  );

const position = z.preprocess(
  blankToUndefined,
  z.coerce
    .number({ error: "Position must be a whole number" })
    .int("Position must be a whole number")
    .min(0, "Position must be 0 or more")
    .max(10_000, "Position is too large")
    .default(0),
);

// ---------------------------------------------------------------- places

/** A country as its ISO code ("US"), its alpha-3 code or its English name, kept as the code. */
export const CountryCodeSchema = z
  .string({ error: "Country is required" })
  .trim()
  .min(1, "Country is required")
  .transform(countryCodeOf)
  .refine(isCountryCode, {
    error: (issue) => `${String(issue.input)} is not a country: use its two-letter code (US, DE)`,
  });

/** A subdivision's code as in ISO 3166-2 after the dash: "OR" (Oregon), "BY" (Bavaria). */
export const SubdivisionSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9]{1,3}$/, "A state or region is its code of 1 to 3 letters or digits (OR, BY)");

const ZoneRegionSchema = z.object({
  country: CountryCodeSchema,
  subdivisions: z.array(SubdivisionSchema).max(100, "At most 100 states or regions a country").default([]),
});

/**
 * A zone's regions as a form's text: one country a line (or separated by ";"), its states after a colon, separated by
 * commas or spaces: "US: OR, WA" or "DE". Anything else (an array, from JSON) is left as it is.
 */
export function parseRegionsText(value: unknown): unknown {
  if (typeof value !== "string") return value;
  return value
    .split(/[\n;]/)
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const [country = "", states = ""] = line.split(":", 2);
      return {
        country: country.trim(),
        subdivisions: states
          .split(/[\s,]+/)
          .map((s) => s.trim())
          .filter(Boolean),
      };
    });
}

const RegionsSchema = z.preprocess(
  parseRegionsText,
  z
    .array(ZoneRegionSchema, { error: "Name the countries this zone ships to" })
    .min(1, "Name at least one country")
    .max(300, "At most 300 countries a zone")
    .superRefine((regions, ctx) => {
      const seen = new Set<string>();
      for (const region of regions) {
        if (seen.has(region.country))
          ctx.addIssue({
            code: "custom",
            message: `${region.country} is named twice: name it once, with all its states`,
          });
        seen.add(region.country);
      }
    }),
);

/** POST/PUT of a shipping zone, and the shipping page's zone form (`regions` as text there). */
export const ShippingZoneInputSchema = z.object({
  name: requiredLine("Name", 100),
  regions: RegionsSchema,
  position,
});
export type ShippingZoneInput = z.output<typeof ShippingZoneInputSchema>;

// ---------------------------------------------------------------- shipping methods

const SubtotalBandSchema = z.object({ from: money("Subtotal from"), amount: money("Price") });
const WeightBandSchema = z.object({
  upToGrams: formNumber("Weight", (n) =>
    n
      .int("Weight must be a whole number of grams")
      .min(1, "Weight must be 1 gram or more")
      .max(10_000_000, "Weight is too large"),
  ),
  amount: money("Price"),
});

export const ShippingRateInputSchema = z.discriminatedUnion(
  "kind",
  [
    z.object({ kind: z.literal("flat"), amount: money("Price") }),
    z.object({
      kind: z.literal("subtotal"),
      bands: z
        .array(SubtotalBandSchema, { error: "Give the bands" })
        .min(1, "Give at least one band")
        .max(50, "At most 50 bands")
        .superRefine((bands, ctx) => {
          if (bands[0] && bands[0].from !== 0)
            ctx.addIssue({ code: "custom", message: "The first band starts at a subtotal of 0" });
          for (let i = 1; i < bands.length; i++)
            if (bands[i]!.from <= bands[i - 1]!.from)
              ctx.addIssue({ code: "custom", message: "Each band starts above the one before it" });
        }),
    }),
    z.object({
      kind: z.literal("weight"),
      bands: z
        .array(WeightBandSchema, { error: "Give the bands" })
        .min(1, "Give at least one band")
        .max(50, "At most 50 bands")
        .superRefine((bands, ctx) => {
          for (let i = 1; i < bands.length; i++)
            if (bands[i]!.upToGrams <= bands[i - 1]!.upToGrams)
              ctx.addIssue({ code: "custom", message: "Each band goes up to more grams than the one before it" });
        }),
    }),
  ],
  { error: "Choose how the method is priced: flat, by subtotal or by weight" },
);
export type ShippingRateInput = z.output<typeof ShippingRateInputSchema>;

/** A form's bands, one a line: "50: 2.50" (from $50, $2.50) or "1000: 15" (up to 1000 g, $15). */
export function parseBandsText(text: string, kind: "subtotal" | "weight") {
  return text
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const [left = "", right = ""] = line.split(/\s*[:=]\s*|\s+/, 2);
      const from = left.replace(/^\$/, "").replace(/g$/i, "");
      const amount = right.replace(/^\$/, "");
      return kind === "subtotal" ? { from, amount } : { upToGrams: from, amount };
    });
}

/** The shipping page's method form: `rateKind`, `amount` (flat) and `bands` (text) become the JSON's `rate`. */
function methodFromForm(value: unknown): unknown {
  if (typeof value !== "object" || value === null || "rate" in value) return value;
  const form = value as Record<string, unknown>;
  if (!("rateKind" in form)) return value;
  const { rateKind, amount, bands, ...rest } = form;
  const kind = typeof rateKind === "string" ? rateKind : "";
  const rate =
    kind === "flat"
      ? { kind, amount }
      : kind === "subtotal" || kind === "weight"
        ? { kind, bands: parseBandsText(typeof bands === "string" ? bands : "", kind) }
        : { kind };
  return { ...rest, rate };
}

/** POST/PUT of a shipping method, and the shipping page's method form. */
export const ShippingMethodInputSchema = z.preprocess(
  methodFromForm,
  z.object({
    name: requiredLine("Name", 100),
    rate: ShippingRateInputSchema,
    /** free when the (discounted) subtotal reaches it; absent or null: never free */
    freeOver: z.preprocess((v) => (v === "" || v === undefined ? null : v), money("Free over").nullable()),
    deliveryTime: z.preprocess(
      (v) => (v === undefined || v === null ? "" : v),
      z
        .string()
        .trim()
        .max(100, "Delivery time must be at most 100 characters")
        .refine(isOneLine, oneLine("Delivery time")),
    ),
    position,
  }),
);
export type ShippingMethodInput = z.output<typeof ShippingMethodInputSchema>;

/** Where a refusal of the method form goes: `rate.bands.1.amount` is said under the bands, `rate.amount` under the price. */
export function methodFormField(key: string): string {
  if (key.startsWith("rate.bands")) return "bands";
  if (key === "rate.amount") return "amount";
  if (key.startsWith("rate")) return "rateKind";
  return key;
}

export const ShippingMethodSchema = z.object({
  id: z.number().int(),
  zoneId: z.number().int(),
  name: z.string(),
  rate: z.discriminatedUnion("kind", [
    z.object({ kind: z.literal("flat"), amount: z.number() }),
    z.object({ kind: z.literal("subtotal"), bands: z.array(z.object({ from: z.number(), amount: z.number() })) }),
    z.object({ kind: z.literal("weight"), bands: z.array(z.object({ upToGrams: z.number(), amount: z.number() })) }),
  ]),
  freeOver: z.number().nullable(),
  deliveryTime: z.string(),
  position: z.number().int(),
});
export type ShippingMethodDto = z.infer<typeof ShippingMethodSchema>;

export const ShippingZoneSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  regions: z.array(z.object({ country: z.string(), subdivisions: z.array(z.string()) })),
  position: z.number().int(),
  methods: z.array(ShippingMethodSchema),
});
export type ShippingZoneDto = z.infer<typeof ShippingZoneSchema>;

// ---------------------------------------------------------------- tax

/** POST/PUT of a tax rate, and the tax page's rate form. */
export const TaxRateInputSchema = z.object({
  country: CountryCodeSchema,
  /** a state's or region's code; blank: the whole country */
  subdivision: z.preprocess(
    (v) => (v === undefined || v === null || (typeof v === "string" && v.trim() === "") ? "" : v),
    z.union([z.literal(""), SubdivisionSchema]),
  ),
  /** what the shopper reads: "VAT", "Sales tax (OR)" */
  name: requiredLine("Name", 60),
  /** percent, at most 2 decimals: 19, 7.25 */
  rate: formNumber("Rate", (n) =>
    n
      .min(0, "Rate must be 0 or more")
      .max(100, "Rate must be at most 100%")
      .refine(twoDecimals, "Rate can have at most 2 decimals"),
  ),
});
export type TaxRateInput = z.output<typeof TaxRateInputSchema>;

export const TaxRateSchema = z.object({
  id: z.number().int(),
  country: z.string(),
  subdivision: z.string(),
  name: z.string(),
  rate: z.number(),
  basisPoints: z.number().int(),
});
export type TaxRateDto = z.infer<typeof TaxRateSchema>;

/** A checkbox: "on"/"true" is true; unchecked (absent) or "false" is false. */
const checkbox = z.preprocess(
  (v) => {
    if (v === undefined || v === null || v === "") return false;
    if (typeof v === "string")
      return ["on", "true", "1", "yes"].includes(v.toLowerCase())
        ? true
        : ["off", "false", "0", "no"].includes(v.toLowerCase())
          ? false
          : v;
    return v;
  },
  z.boolean({ error: "must be true or false" }),
);

/** PUT of the shop's tax settings, and the tax page's settings form (unchecked boxes are false). */
export const PricingSettingsInputSchema = z.object({
  /** prices are entered with tax in them (EU VAT); otherwise tax is added at checkout (US sales tax) */
  pricesIncludeTax: checkbox,
  /** shipping is taxed at the destination's rates */
  taxShipping: checkbox,
});
export type PricingSettingsInput = z.output<typeof PricingSettingsInputSchema>;
export const PricingSettingsSchema = z.object({ pricesIncludeTax: z.boolean(), taxShipping: z.boolean() });

/** The two admin pages' forms: which one was sent. */
export const SHIPPING_INTENTS = [
  "add-zone",
  "update-zone",
  "delete-zone",
  "add-method",
  "update-method",
  "delete-method",
] as const;
export const TAX_INTENTS = ["add-rate", "update-rate", "delete-rate", "settings"] as const;
