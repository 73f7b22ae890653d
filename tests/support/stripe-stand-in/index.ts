// A local stand-in for Stripe's API (see ./stand-in.ts): the class, its start-up helpers, and Stripe's object shapes.
export { startStripeStandIn, StripeStandIn, useStripeStandIn } from "./stand-in";
export type {
  LoggedRequest,
  StandInCheckoutSession,
  StandInLineItem,
  StandInPaymentIntent,
  StandInRefund,
  StandInSessionExtras,
} from "./types";
