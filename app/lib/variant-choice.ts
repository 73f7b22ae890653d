// The details page's choice of a variant from its URL (docs/decisions/0036-product-variants.md): `?variant=<id>`, or
// one parameter per option (`option1=Brown&option2=ISO DE`, what the page's GET form sends), else the default
// variant. Every value of every option stays on the page, marked when that combination is sold out or not offered.
import type { ProductDto, VariantDto } from "~/schemas/catalogue";

export type ChoiceState = "available" | "sold-out" | "not-offered";

export interface VariantChoice {
  /** the variant of the chosen combination; null when that combination is not offered */
  variant: VariantDto | null;
  /** the chosen value of each option */
  chosen: string[];
  /** per option, each value with what choosing it (the other choices kept) would give */
  options: Array<{ name: string; param: string; values: Array<{ value: string; state: ChoiceState; href: string }> }>;
}

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

function variantOf(product: ProductDto, values: string[]) {
  return (
    product.variants.find((v) => v.selectedOptions.every((option, i) => same(option.value, values[i] ?? ""))) ?? null
  );
}

export function chooseVariant(product: ProductDto, params: URLSearchParams): VariantChoice {
  const byId = Number(params.get("variant"));
  const fallback = product.variants[0] ?? null;
  let variant: VariantDto | null = product.variants.find((v) => v.id === byId) ?? null;
  let chosen: string[];
  if (variant) {
    chosen = variant.selectedOptions.map((o) => o.value);
  } else {
    chosen = product.options.map((option, i) => {
      const asked = params.get(`option${i + 1}`);
      const value = asked === null ? undefined : option.values.find((v) => same(v, asked));
      return value ?? fallback?.selectedOptions[i]?.value ?? option.values[0]!;
    });
    variant = variantOf(product, chosen);
  }
  const options = product.options.map((option, i) => ({
    name: option.name,
    param: `option${i + 1}`,
    values: option.values.map((value) => {
      const combination = chosen.map((c, j) => (j === i ? value : c));
      const target = variantOf(product, combination);
      const state: ChoiceState = !target ? "not-offered" : target.inventory > 0 ? "available" : "sold-out";
      const href = target
        ? `?variant=${target.id}`
        : `?${new URLSearchParams(combination.map((c, j) => [`option${j + 1}`, c])).toString()}`;
      return { value, state, href };
    }),
  }));
  return { variant, chosen, options };
}
