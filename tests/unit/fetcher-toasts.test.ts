import { describe, expect, it } from "vitest";
import { replyToast } from "~/hooks/use-fetcher-toasts";

describe("the toast of a small form's answer", () => {
  it("says a refusal, always", () => {
    expect(replyToast({ ok: false, message: "Not enough stock", errors: null, quiet: true })).toEqual({
      type: "error",
      message: "Not enough stock",
    });
  });

  it("says a success, unless the action marked it quiet (the page shows the change itself)", () => {
    expect(replyToast({ ok: true, message: "Item removed from cart", errors: null })).toEqual({
      type: "success",
      message: "Item removed from cart",
    });
    expect(replyToast({ ok: true, message: "Cart updated", errors: null, quiet: true })).toBeNull();
  });

  it("says nothing for what is not such an answer", () => {
    for (const data of [undefined, null, "text", { message: "no outcome" }, { ok: true }]) {
      expect(replyToast(data)).toBeNull();
    }
  });
});
