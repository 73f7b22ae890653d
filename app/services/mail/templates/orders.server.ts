// The order e-mails: the confirmation when an order is placed, and a word each time its status changes.
import { eq } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { users } from "~/db/schema";
import type { OrderDto, ShippingAddress } from "~/schemas/orders";
import { formatPrice, lineTotal } from "~/lib/money";
import { breakdownLines, hasBreakdown, orderPriceParts } from "~/lib/price-lines";
import { countryName } from "~/lib/countries.server";
import { shopLink, type MailBlock, type MailContent } from "../layout.server";
import { queueMail } from "../outbox.server";
import { formatLongDay } from "~/lib/dates";

export function addressLines(address: ShippingAddress): string {
  return [
    address.name,
    address.street,
    [address.city, address.state, address.postalCode].filter(Boolean).join(", "),
    address.country ? countryName(address.country) : "",
    address.mobileNumber ? `Phone: ${address.mobileNumber}` : "",
  ]
    .filter(Boolean)
    .join("\n");
}

/** Subtotal, shipping and tax under the items, when the order had more than its lines. */
function priceBlocks(order: OrderDto): MailBlock[] {
  const parts = orderPriceParts(order);
  if (!hasBreakdown(parts)) return [];
  const lines = breakdownLines(parts).map(([label, amount]): [string, string] => [
    label,
    amount < 0 ? `−${formatPrice(-amount)}` : formatPrice(amount),
  ]);
  return [{ details: [...lines, ["Total paid", formatPrice(order.totalAmount)]] }];
}

function orderBlocks(order: OrderDto): MailBlock[] {
  const details: Array<[string, string]> = [
    ["Order number", `#${order.id}`],
    ["Date", formatLongDay(order.orderDate)],
    ["Status", order.statusLabel],
  ];
  if (order.shippingAddress) details.push(["Ships to", addressLines(order.shippingAddress)]);
  return [
    { details },
    {
      table: {
        head: ["Item", "Qty", "Price", "Total"],
        rows: order.items.map((item) => [
          `${item.productBrand} ${item.productName}${item.variantLabel ? ` (${item.variantLabel})` : ""}`,
          String(item.quantity),
          formatPrice(item.price),
          formatPrice(lineTotal(item.price, item.quantity)),
        ]),
        foot: ["Total", "", "", formatPrice(order.totalAmount)],
      },
    },
    ...priceBlocks(order),
    { button: { label: "View your order", url: shopLink(`/orders/${order.id}`) } },
  ];
}

export function orderConfirmationMail(order: OrderDto, firstName: string): MailContent {
  // the invoice is a page of the shop (printable), not an attachment: it is always the one numbered with the order
  const invoice: MailBlock[] = order.invoiceNumber
    ? [
        { details: [["Invoice number", order.invoiceNumber]] },
        { button: { label: "View your invoice", url: shopLink(`/orders/${order.id}/invoice`) } },
      ]
    : [];
  return {
    subject: `Your GearHub order #${order.id} is confirmed`,
    preheader: `We have your payment of ${formatPrice(order.totalAmount)}; we will tell you when it ships.`,
    heading: `Thank you for your order, ${firstName}!`,
    blocks: [
      {
        paragraph: `We have received your payment of ${formatPrice(order.totalAmount)}. We will e-mail you when your order ships.`,
      },
      ...orderBlocks(order),
      ...invoice,
      { note: "You receive this e-mail because you placed an order at GearHub." },
    ],
  };
}

const STATUS_NEWS: Record<OrderDto["status"], (order: OrderDto) => { subject: string; paragraph: string }> = {
  PENDING: (o) => ({
    subject: `Your order #${o.id} is paid`,
    paragraph: "Your order is paid and waiting to be prepared.",
  }),
  PROCESSING: (o) => ({
    subject: `We are preparing your order #${o.id}`,
    paragraph: "We are packing your order. We will e-mail you again when it ships.",
  }),
  SHIPPED: (o) => ({
    subject: `Your order #${o.id} has shipped`,
    paragraph: "Your order is on its way to you.",
  }),
  DELIVERED: (o) => ({
    subject: `Your order #${o.id} has been delivered`,
    paragraph: "Your order has been delivered. Enjoy your new gear!",
  }),
  CANCELLED: (o) => ({
    subject: `Your order #${o.id} has been cancelled`,
    paragraph: `Your order has been cancelled and your payment of ${formatPrice(o.totalAmount)} is being refunded to your card. Refunds usually reach your account within 5 to 10 business days.`,
  }),
};

export function orderStatusMail(order: OrderDto, firstName: string): MailContent {
  const news = STATUS_NEWS[order.status](order);
  return {
    subject: news.subject,
    preheader: news.paragraph,
    heading: `Hello ${firstName},`,
    blocks: [
      { paragraph: news.paragraph },
      ...orderBlocks(order),
      { note: "You receive this e-mail because you placed an order at GearHub." },
    ],
  };
}

/** A payment that did not become an order (the stock ran out while paying, a wrong amount): the money goes back. */
export function paymentRefundedMail(input: { firstName: string; amountCents: number; reason: string }): MailContent {
  const amount = formatPrice(input.amountCents / 100);
  return {
    subject: "We could not place your GearHub order: your payment is refunded",
    preheader: `${input.reason} Your payment of ${amount} is being refunded.`,
    heading: `Hello ${input.firstName},`,
    blocks: [
      { paragraph: `We are sorry: we could not place your order. ${input.reason}` },
      {
        paragraph: `Nothing was ordered, and your payment of ${amount} is being refunded to your card. Refunds usually reach your account within 5 to 10 business days.`,
      },
      { button: { label: "Back to the shop", url: shopLink("/products") } },
    ],
  };
}

/** Queues the refund notice of a payment to its payer, in `db` (the transaction that decided the refund). */
export async function queuePaymentRefundedMail(
  db: DbOrTx,
  payment: { userId: number; amountCents: number },
  reason: string,
) {
  const [user] = await db
    .select({ email: users.email, firstName: users.firstName, deletedAt: users.deletedAt })
    .from(users)
    .where(eq(users.id, payment.userId));
  if (!user || user.deletedAt) return;
  await queueMail(db, "payment-refunded", user.email, paymentRefundedMail({ ...user, ...payment, reason }));
}

/**
 * Queues an order e-mail to the order's customer in `db` (the transaction that placed or moved the order). A deleted
 * account has no address to write to: nothing is queued.
 */
export async function queueOrderMail(db: DbOrTx, kind: "order-confirmation" | "order-status", order: OrderDto) {
  const [user] = await db
    .select({ email: users.email, firstName: users.firstName, deletedAt: users.deletedAt })
    .from(users)
    .where(eq(users.id, order.userId));
  if (!user || user.deletedAt) return;
  const content =
    kind === "order-confirmation"
      ? orderConfirmationMail(order, user.firstName)
      : orderStatusMail(order, user.firstName);
  await queueMail(db, kind, user.email, content);
}
