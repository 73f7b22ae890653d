export function stockText(inventory: number) {
  return inventory > 0 ? `${inventory} in stock` : "Out of stock";
}

export function StockLabel({ inventory }: { inventory: number }) {
  const low = inventory > 0 && inventory <= 5;
  return (
    <span
      className={`inline-flex items-center gap-1 text-xs font-medium ${
        inventory <= 0 ? "text-red-700" : low ? "text-amber-700" : "text-emerald-700"
      }`}
    >
      <span
        aria-hidden="true"
        className={`h-2 w-2 rounded-full ${inventory <= 0 ? "bg-red-600" : low ? "bg-amber-500" : "bg-emerald-600"}`}
      />
      {stockText(inventory)}
    </span>
  );
}
