// The after-sale e-mails (docs/decisions/0039-after-sale.md): the acknowledgment of a withdrawal, on a durable medium
// with the date and time it was received, and the shop's own notices of cancellations and withdrawals.
import { getConfig } from "~/lib/env.server";
import type { OrderDto } from "~/schemas/orders";
import { formatPrice } from "~/lib/money";
import { shopLink, type MailContent } from "../layout.server";
import { formatLongDay, formatLongMoment } from "~/lib/dates";

/** The shop's own mailbox: the address of MAIL_FROM ("GearHub <shop@example.com>" → shop@example.com). */
export function shopAddress(): string {
  const from = getConfig().mail.from;
  return (/<([^>]+)>/.exec(from)?.[1] ?? from).trim();
}

export type WithdrawalOutcome = "cancelled" | "open" | "late" | "already_cancelled";

const OUTCOME: Record<WithdrawalOutcome, (input: { until: Date | null }) => string> = {
  cancelled: () =>
    "Your order had not shipped yet, so we have cancelled it. Your payment is being refunded to your card; refunds usually reach your account within 5 to 10 business days.",
  open: () =>
    "Your order has already shipped. Please send the items back to us; we will write to you about the return and refund your payment once they arrive.",
  late: ({ until }) =>
    `The withdrawal period for this order ended${until ? ` on ${formatLongDay(until)}` : ""}, so we cannot accept the withdrawal. If you think this is wrong, reply to this e-mail.`,
  already_cancelled: () => "This order was cancelled already; nothing more needs to be done.",
};

/** The acknowledgment of a withdrawal, to the order's e-mail address. */
export function withdrawalReceivedMail(input: {
  orderId: number;
  receivedAt: Date;
  outcome: WithdrawalOutcome;
  until: Date | null;
}): MailContent {
  const received = formatLongMoment(input.receivedAt);
  return {
    subject: `We received your withdrawal from order #${input.orderId}`,
    preheader: `Received on ${received}.`,
    heading: "Your withdrawal from the contract",
    blocks: [
      { paragraph: `We received your withdrawal from the contract for order #${input.orderId} on ${received}.` },
      {
        details: [
          ["Order number", `#${input.orderId}`],
          ["Withdrawal received", received],
        ],
      },
      { paragraph: OUTCOME[input.outcome]({ until: input.until }) },
      { button: { label: "View your order", url: shopLink(`/orders/${input.orderId}`) } },
      { note: "Keep this e-mail: it is your record of the withdrawal." },
    ],
  };
}

/** The shop hears of a shopper's cancel: the parcel must not leave. */
export function shopCancelNoticeMail(order: OrderDto, via: "cancel" | "withdrawal"): MailContent {
  const how = via === "cancel" ? "cancelled it on the order page" : "withdrew from the contract";
  return {
    subject: `Order #${order.id} was cancelled by the shopper`,
    preheader: `Do not ship order #${order.id}.`,
    heading: `Order #${order.id} cancelled`,
    blocks: [
      {
        paragraph: `The shopper ${how} before it shipped. The stock is back and the payment of ${formatPrice(order.totalAmount)} is being refunded. Do not ship it.`,
      },
      { button: { label: "Open the order", url: shopLink(`/orders/${order.id}`) } },
    ],
  };
}

/** The shop hears of a withdrawal from a shipped or delivered order: a return to arrange. */
export function shopWithdrawalNoticeMail(input: {
  orderId: number;
  receivedAt: Date;
  outcome: WithdrawalOutcome;
}): MailContent {
  const what =
    input.outcome === "open"
      ? "A return is to be arranged."
      : input.outcome === "late"
        ? "It came after the withdrawal period; the shopper was told so."
        : "The order was cancelled already.";
  return {
    subject: `Withdrawal from order #${input.orderId}`,
    preheader: what,
    heading: `Withdrawal from order #${input.orderId}`,
    blocks: [
      { paragraph: `The shopper withdrew from the contract on ${formatLongMoment(input.receivedAt)}. ${what}` },
      { button: { label: "See withdrawals", url: shopLink("/admin/withdrawals") } },
    ],
  };
}
