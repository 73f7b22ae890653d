// Back-in-stock alerts (docs/decisions/0046-back-in-stock-alerts.md): the visitor's confirmation link, and the alert
// itself, each with the one-click unsubscribe link.
import { shopLink, type MailContent } from "../layout.server";

const unsubscribeNote = (token: string) =>
  `To get no more back-in-stock e-mails from us, open this link: ${shopLink(
    `/stock-alerts/unsubscribe?token=${encodeURIComponent(token)}`,
  )}`;

export function stockAlertConfirmMail(input: {
  item: string;
  confirmToken: string;
  unsubscribeToken: string;
  days: number;
}): MailContent {
  return {
    subject: `Confirm your back-in-stock alert for ${input.item}`,
    preheader: "One click, and we e-mail you when it is back.",
    heading: "Confirm your alert",
    blocks: [
      {
        paragraph: `Someone, hopefully you, asked us to e-mail this address when ${input.item} is back in stock. Nothing happens until you confirm.`,
      },
      {
        button: {
          label: "Confirm the alert",
          url: shopLink(`/stock-alerts/confirm?token=${encodeURIComponent(input.confirmToken)}`),
        },
      },
      { paragraph: `The link works for ${input.days} days. If you did not ask for this, ignore this e-mail.` },
      { note: unsubscribeNote(input.unsubscribeToken) },
    ],
  };
}

export function backInStockMail(input: { item: string; productPath: string; unsubscribeToken: string }): MailContent {
  return {
    subject: `${input.item} is back in stock`,
    preheader: "It may sell out again: have a look now.",
    heading: "It is back",
    blocks: [
      { paragraph: `Good news: ${input.item} is back in stock. You asked us to tell you once, and this is it.` },
      { button: { label: "See it in the shop", url: shopLink(input.productPath) } },
      { note: unsubscribeNote(input.unsubscribeToken) },
    ],
  };
}
