// The review request (docs/decisions/0045-reviews.md): what was delivered, a link to review each, and the opt-out.
import { shopLink, type MailContent } from "../layout.server";

export function reviewRequestMail(input: {
  firstName: string;
  orderId: number;
  products: Array<{ productId: number; name: string; brand: string }>;
  optOutToken: string;
}): MailContent {
  return {
    subject: `How do you like what you got with order #${input.orderId}?`,
    preheader: "Tell other shoppers what you think: it takes a minute.",
    heading: "How do you like it?",
    blocks: [
      {
        paragraph: `Hello ${input.firstName}, your order #${input.orderId} arrived a few days ago. Other shoppers would like to know what you think of it.`,
      },
      ...input.products.map((product) => ({
        button: {
          label: `Review ${product.brand} ${product.name}`,
          url: shopLink(`/product/${product.productId}/details#write-review`),
        },
      })),
      {
        note: `You get this e-mail because you bought from us. To get no more e-mails asking for reviews, open this link: ${shopLink(
          `/reviews/opt-out?token=${encodeURIComponent(input.optOutToken)}`,
        )}`,
      },
    ],
  };
}
