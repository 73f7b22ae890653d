import { describe, expect, it } from "vitest";
import { formatDay, formatExactMoment, formatLongDay, formatLongMoment, formatMoment } from "~/lib/dates";

describe("dates", () => {
  // late in the evening in UTC, as every page, document and e-mail writes it
  const iso = "2026-11-28T23:05:09.000Z";

  it("writes a day, short and long, in UTC", () => {
    expect(formatDay(iso)).toBe("Nov 28, 2026");
    expect(formatLongDay(iso)).toBe("November 28, 2026");
    expect(formatDay(new Date(iso))).toBe("Nov 28, 2026");
  });

  it("writes a moment with its time and says UTC", () => {
    expect(formatMoment(iso)).toBe("Nov 28, 2026, 11:05 PM UTC");
    expect(formatLongMoment(iso)).toBe("November 28, 2026 at 11:05 PM UTC");
    expect(formatExactMoment(iso)).toBe("Nov 28, 2026, 11:05:09 PM UTC");
  });
});
