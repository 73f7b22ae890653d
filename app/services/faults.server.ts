// Fault injection for the fault tests (tests/integration/faults-*.test.ts): SHOP_CRASH_AT=<point>[,<point>…] makes the process die on
// the spot (SIGKILL: no cleanup, no answer) when it reaches a named point of a money path, as a power cut or an
// OOM kill would. Unset, as in every real deployment, a fault point does nothing.

/** The points a process can be told to die at, in the order a checkout reaches them. */
export const FAULT_POINTS = [
  "checkout-after-intent", // the provider made the payment; our record of it is not written
  "checkout-after-record", // our record is written; the card is not charged
  "checkout-after-charge", // the provider charged the card; our record still says unpaid
  "checkout-after-paid", // our record says paid; no order yet
  "checkout-after-order", // the order is committed; the shopper has no answer
  "refund-after-provider", // the provider refunded; our record still says owed
] as const;
export type FaultPoint = (typeof FAULT_POINTS)[number];

const armed = new Set((process.env.SHOP_CRASH_AT ?? "").split(",").map((point) => point.trim()));

export function faultPoint(point: FaultPoint) {
  if (!armed.has(point)) return;
  console.error(`[faults] dying at ${point} (SHOP_CRASH_AT)`);
  process.kill(process.pid, "SIGKILL");
}
