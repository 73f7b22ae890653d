// Returns' statuses and reasons with their words (docs/decisions/0044-returns.md), without zod: the pages' browser
// code reads them, and schemas/returns.ts builds its checks from them.

export const RETURN_STATUSES = ["requested", "approved", "rejected", "received", "refunded", "closed"] as const;
export type ReturnStatus = (typeof RETURN_STATUSES)[number];

export const RETURN_STATUS_LABELS: Record<ReturnStatus, string> = {
  requested: "Requested",
  approved: "Approved: send it back",
  rejected: "Rejected",
  received: "Received",
  refunded: "Refunded",
  closed: "Closed without refund",
};

export const RETURN_REASONS = [
  "changed_mind",
  "wrong_item",
  "damaged",
  "not_as_described",
  "does_not_fit",
  "withdrawal",
  "other",
] as const;
export type ReturnReason = (typeof RETURN_REASONS)[number];

export const RETURN_REASON_LABELS: Record<ReturnReason, string> = {
  changed_mind: "I changed my mind",
  wrong_item: "I received the wrong item",
  damaged: "It arrived damaged or faulty",
  not_as_described: "It is not as described",
  does_not_fit: "It does not fit my setup",
  withdrawal: "Withdrawal from the contract",
  other: "Another reason",
};

/** The reasons a shopper picks from ("withdrawal" is set by the withdrawal itself). */
export const SHOPPER_RETURN_REASONS = RETURN_REASONS.filter((r) => r !== "withdrawal") as Exclude<
  ReturnReason,
  "withdrawal"
>[];
