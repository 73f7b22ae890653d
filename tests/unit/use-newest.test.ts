import { describe, expect, it } from "vitest";
import { nextNewest } from "~/hooks/use-newest";

describe("the newest of a fetcher's answer and the page's", () => {
  const start = { fromFetcher: undefined, fromPage: undefined, newest: undefined };

  it("follows whichever answered last, though the other keeps its old answer", () => {
    const refused = { result: "card declined" };
    const added = { result: "address added" };
    // Stripe with JavaScript: Pay Now through the fetcher is refused…
    let seen = nextNewest<object>(start, refused, undefined);
    expect(seen.newest).toBe(refused);
    // …then "Save and ship here" is a plain post of the page: its answer is the newest, the fetcher's is stale
    seen = nextNewest(seen, refused, added);
    expect(seen.newest).toBe(added);
    // a render that changes nothing keeps it
    expect(nextNewest(seen, refused, added).newest).toBe(added);
    // the fetcher answers again
    const paid = { result: "payment" };
    seen = nextNewest(seen, paid, added);
    expect(seen.newest).toBe(paid);
  });

  it("an answer that went back to nothing changes nothing", () => {
    const answer = { result: "x" };
    const seen = nextNewest<object>(start, answer, undefined);
    expect(nextNewest(seen, undefined, undefined).newest).toBe(answer);
  });
});
