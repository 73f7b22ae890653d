// The return e-mails (docs/decisions/0044-returns.md): the shopper hears of every step of a return, the shop of each
// new request. Queued in the transaction that takes the step.
import { formatPrice } from "~/lib/money";
import type { ReturnDto } from "~/schemas/returns";
import { shopLink, type MailContent } from "../layout.server";

export type ReturnStep = "requested" | "approved" | "rejected" | "received" | "refunded" | "closed";

const linesTable = (ret: ReturnDto) => ({
  table: {
    head: ["Item", "Quantity"],
    rows: ret.lines.map((line) => [
      [line.productBrand, line.productName, line.variantLabel].filter(Boolean).join(" · "),
      String(line.quantity),
    ]),
  },
});

const WHAT: Record<ReturnStep, (ret: ReturnDto) => { subject: string; heading: string; text: string }> = {
  requested: (ret) => ({
    subject: `We received your return request ${ret.number} for order #${ret.orderId}`,
    heading: "Your return request",
    text: "We will look at it and write to you shortly with the next steps.",
  }),
  approved: (ret) => ({
    subject: `Your return ${ret.number} is approved`,
    heading: "Your return is approved",
    text: "Please pack the items with the return slip (you can print it from your order page) and send them to us. We refund you once they arrive.",
  }),
  rejected: (ret) => ({
    subject: `Your return ${ret.number} was not accepted`,
    heading: "Your return was not accepted",
    text: "We cannot accept this return. If you think this is wrong, reply to this e-mail.",
  }),
  received: (ret) => ({
    subject: `We received your return ${ret.number}`,
    heading: "Your parcel has arrived",
    text: "We have received the items you sent back. Your refund follows shortly.",
  }),
  closed: (ret) => ({
    subject: `Your return ${ret.number} is closed without a refund`,
    heading: "Your return is closed",
    text: "We closed this return without a refund; our message below says why. If you think this is wrong, reply to this e-mail.",
  }),
  refunded: (ret) => ({
    subject: `Your return ${ret.number} is refunded`,
    heading: "Your refund is on its way",
    text: `We are refunding ${formatPrice(ret.refundTotal ?? 0)} to your card; refunds usually reach your account within 5 to 10 business days.`,
  }),
};

/** The shopper's mail of a step of their return. */
export function returnStepMail(ret: ReturnDto, step: ReturnStep): MailContent {
  const what = WHAT[step](ret);
  return {
    subject: what.subject,
    preheader: what.text,
    heading: what.heading,
    blocks: [
      {
        details: [
          ["Return", ret.number],
          ["Order number", `#${ret.orderId}`],
          ["Reason", ret.reasonLabel],
        ],
      },
      { paragraph: what.text },
      ...(ret.adminMessage && (step === "approved" || step === "rejected" || step === "closed")
        ? [{ paragraph: `Our message: ${ret.adminMessage}` }]
        : []),
      linesTable(ret),
      { button: { label: "View your order", url: shopLink(`/orders/${ret.orderId}`) } },
    ],
  };
}

/** The shop hears of a new return request. */
export function shopReturnRequestedMail(ret: ReturnDto): MailContent {
  const how = ret.via === "withdrawal" ? "through a withdrawal from the contract" : "on the order page";
  return {
    subject: `Return request ${ret.number} for order #${ret.orderId}`,
    preheader: `${ret.reasonLabel}: to approve or reject.`,
    heading: `Return request ${ret.number}`,
    blocks: [
      { paragraph: `The shopper asked ${how} to return items of order #${ret.orderId}: ${ret.reasonLabel}.` },
      ...(ret.note ? [{ paragraph: `Their note: ${ret.note}` }] : []),
      linesTable(ret),
      { button: { label: "Open the return", url: shopLink(`/admin/returns/${ret.id}`) } },
    ],
  };
}
