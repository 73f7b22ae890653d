// The text of each policy page until the admin edits it: a starting point that states how this shop works (its
// withdrawal period, the footer's contact details), which a merchant replaces with their own legal text.
import type { PolicySlug } from "~/schemas/policies";
import { SITE_NAME } from "~/lib/site";

export interface PolicyDefaultsContext {
  /** the shop's withdrawal period in days after delivery (shop settings) */
  withdrawalDays: number;
}

export const POLICY_DEFAULTS: Record<PolicySlug, (c: PolicyDefaultsContext) => { title: string; body: string }> = {
  terms: () => ({
    title: "Terms and conditions",
    body: `These terms apply to every order placed at ${SITE_NAME}.

## Your order
Placing an order and paying for it is your offer to buy; the contract is made when we confirm the order by e-mail.
Prices are shown before you pay, with shipping and tax itemised at checkout.

## Payment
We take cards through our payment provider. Your card is charged when you place the order.

## Delivery
We ship to the countries and with the methods shown at checkout. See the [shipping policy](/policies/shipping).

## Withdrawal and returns
You may withdraw from the contract as described in the [returns and withdrawal policy](/policies/returns).

## Contact
See [contact and imprint](/policies/contact).`,
  }),
  privacy: () => ({
    title: "Privacy policy",
    body: `${SITE_NAME} keeps only what it needs to sell to you and to deliver your orders.

## What we keep
- Your account: name, e-mail address, password (stored as a hash, never as typed).
- Your addresses, cart and orders.
- The e-mails we sent you, for as long as the law asks us to keep order records.

## What we do not keep
Your card number: it goes straight to our payment provider.

## Your rights
You can download everything we hold about you from your account settings ("Download my data"), correct it, or ask
us to delete your account. Write to us at the address on the [contact page](/policies/contact).`,
  }),
  shipping: () => ({
    title: "Shipping policy",
    body: `We ship from Austin, Texas. The methods, prices and delivery times for your address are shown in the cart
(estimate them by country before you sign in) and at checkout, before you pay.

- Orders paid by 2 pm on a working day leave the warehouse the same day.
- You get an e-mail when your order ships.
- A product that cannot be shipped to your address says so before you pay.`,
  }),
  returns: ({ withdrawalDays }) => ({
    title: "Returns and withdrawal",
    body: `## Cancelling
Until your order ships you can cancel it from its page in your account: you are refunded in full.

## Right of withdrawal
You may withdraw from the contract within ${withdrawalDays} days of delivery without giving a reason. Use the
[withdrawal form](/withdraw) (no account needed: your order number and e-mail address are enough), or write to us.
We confirm your withdrawal by e-mail with its date and time.

## Sending items back
Send the items back within 14 days of withdrawing. We refund the price and the standard shipping cost within 14
days of receiving the items, to the card you paid with.`,
  }),
  contact: () => ({
    title: "Contact and imprint",
    body: `**${SITE_NAME}**
12 Respawn Street, Austin, TX 78701, United States

- E-mail: [support@gearhub.example](mailto:support@gearhub.example)
- Telephone: [+1 (512) 555-0142](tel:+15125550142)

We answer e-mails within one working day.`,
  }),
};
