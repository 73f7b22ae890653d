// How the shop writes a date or a moment: in English, in UTC (the server's clock and every reader's same one), as the
// pages, documents and e-mail show it (docs/product.md). One formatter per style, made once: building an
// Intl.DateTimeFormat costs far more than using one, and an admin list formats a moment per row.

const day = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" });
const longDay = new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" });
const moment = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });
const longMoment = new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeStyle: "short", timeZone: "UTC" });
const exactMoment = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "medium", timeZone: "UTC" });

const at = (iso: string | Date) => (typeof iso === "string" ? new Date(iso) : iso);

/** Nov 29, 2026 */
export function formatDay(iso: string | Date): string {
  return day.format(at(iso));
}

/** November 29, 2026 */
export function formatLongDay(iso: string | Date): string {
  return longDay.format(at(iso));
}

/** Nov 29, 2026, 1:05 PM UTC */
export function formatMoment(iso: string | Date): string {
  return `${moment.format(at(iso))} UTC`;
}

/** November 29, 2026 at 1:05 PM UTC */
export function formatLongMoment(iso: string | Date): string {
  return `${longMoment.format(at(iso))} UTC`;
}

/** Nov 29, 2026, 1:05:09 PM UTC: to the second (the audit log) */
export function formatExactMoment(iso: string | Date): string {
  return `${exactMoment.format(at(iso))} UTC`;
}
