import { describe, expect, it } from "vitest";
import {
  didYouMean,
  editDistance,
  planWord,
  queryWords,
  singular,
  typoBudget,
  typoDistance,
  withoutStopWords,
  wordQueries,
} from "~/services/catalogue/search-plan";

const facts = (word: string, extra: Partial<Parameters<typeof planWord>[0]> = {}) => ({
  word,
  stem: `'${word}'`,
  known: true,
  infix: [],
  near: [],
  ...extra,
});

describe("search words", () => {
  it("keeps letters and digits only, at most eight words", () => {
    expect(queryWords("Wireless  'mouse' & <RGB>:*")).toEqual(["wireless", "mouse", "rgb"]);
    expect(queryWords("a b c d e f g h i j")).toHaveLength(8);
    expect(queryWords(undefined)).toEqual([]);
  });

  it("counts a transposition as one edit and gives up past the limit", () => {
    expect(editDistance("keybaord", "keyboard")).toBe(1);
    expect(editDistance("kyebaord", "keyboard")).toBe(2);
    expect(editDistance("mose", "mouse")).toBe(1);
    expect(editDistance("abc", "xyzxyz", 2)).toBe(3);
  });

  it("allows no typo below four letters, one from four, two from eight", () => {
    expect([typoBudget("mic"), typoBudget("mose"), typoBudget("wireles"), typoBudget("keybaord")]).toEqual([
      0, 1, 1, 2,
    ]);
    expect(typoDistance("chiar", "chair", false)).toBe(1);
    expect(typoDistance("keybaord", "keyboards", false)).toBe(1); // against the singular
    expect(typoDistance("mic", "mix", false)).toBeNull();
    expect(typoDistance("keyb", "kayboard", true)).toBe(1); // the beginning of a term, for the word being typed
    expect(typoDistance("keyb", "kayboard", false)).toBeNull();
  });

  it("makes regular plurals singular", () => {
    expect(["keyboards", "switches", "accessories", "glass", "mice"].map(singular)).toEqual([
      "keyboard",
      "switch",
      "accessory",
      "glass",
      "mice",
    ]);
  });

  it("knows the product type a word names: the last word of a category, irregular plurals too", () => {
    const categories = [
      { id: 1, name: "Mice" },
      { id: 2, name: "Mouse Pads" },
      { id: 3, name: "Gaming Chairs" },
    ];
    expect(planWord(facts("mouse"), false, categories).types).toEqual({ exact: [1], prefix: [], typo: [] });
    expect(planWord(facts("chair"), false, categories).types.exact).toEqual([3]);
    expect(planWord(facts("chiar", { known: false }), false, categories).types.typo).toEqual([3]);
    expect(planWord(facts("cha"), true, categories).types.prefix).toEqual([3]);
    expect(planWord(facts("gaming"), false, categories).types).toEqual({ exact: [], prefix: [], typo: [] });
  });

  it("matches a word as typed, stemmed, inside name words, and unknown words within the typo budget", () => {
    const plan = planWord(
      facts("keybaord", { stem: "'keybaord'", known: false, near: ["keyboard", "keyboards", "keycap", "kettle"] }),
      true,
      [],
    );
    expect(plan.typos).toEqual(["keyboard", "keyboards"]);
    expect(plan.correction).toBe("keyboard");
    const queries = wordQueries(plan);
    expect(queries.match).toBe("('keybaord') | ('keybaord':*) | ('keyboard' | 'keyboards')");
    expect(queries.name.typo).toBe("('keyboard':A | 'keyboards':A)");
    const light = wordQueries(planWord(facts("light", { infix: ["ultralight"] }), false, []));
    expect(light.match).toBe("('light') | ('ultralight':AB)");
    // a word of one or two letters being typed: a prefix of names, brands and categories only
    expect(wordQueries(planWord(facts("m"), true, [])).match).toBe("('m') | ('m':*AB)");
  });

  it("drops stop words unless nothing else is left, and suggests the corrected query", () => {
    const words = withoutStopWords([facts("the", { stem: "" }), facts("mouse"), facts("for", { stem: "" })]);
    expect(words.map((w) => w.word)).toEqual(["mouse", "for"]);
    expect(withoutStopWords([facts("the", { stem: "" })]).map((w) => w.word)).toEqual(["the"]);
    const plans = [
      planWord(facts("wireles", { known: false, near: ["wireless"] }), false, []),
      planWord(facts("mouse"), true, []),
    ];
    expect(didYouMean(plans)).toBe("wireless mouse");
    expect(didYouMean([planWord(facts("mouse"), true, [])])).toBeNull();
  });
});
