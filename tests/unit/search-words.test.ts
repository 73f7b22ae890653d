import { describe, expect, it } from "vitest";
import { queryWords } from "~/services/catalogue/search.server";

describe("queryWords", () => {
  it("keeps letters and digits only, lower-cased, at most 8 words", () => {
    expect(queryWords("  RGB   Mouse! ")).toEqual(["rgb", "mouse"]);
    expect(queryWords("a & b | !c :* 'd'")).toEqual(["a", "b", "c", "d"]);
    expect(queryWords("Über-Maus 4K")).toEqual(["über", "maus", "4k"]);
    expect(queryWords("1 2 3 4 5 6 7 8 9 10")).toHaveLength(8);
    expect(queryWords(undefined)).toEqual([]);
  });
});
