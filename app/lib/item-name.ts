/** An order line as the return pages name it: "Keyclick Blitz TKL · Switch: Brown". */
export function itemName(line: { productBrand: string; productName: string; variantLabel: string | null }): string {
  return `${line.productBrand} ${line.productName}${line.variantLabel ? ` · ${line.variantLabel}` : ""}`;
}
