import { getConfig, type AppConfig } from "~/lib/env.server";
import type { PaymentProvider } from "./provider";
import { StripePaymentProvider } from "./stripe-provider.server";
import { TestPaymentProvider } from "./test-provider.server";

const cache = new WeakMap<AppConfig, PaymentProvider>();

/** The configured provider: Stripe when its keys are set, otherwise test payments. */
export function getPaymentProvider(config: AppConfig = getConfig()): PaymentProvider {
  let provider = cache.get(config);
  if (!provider) {
    provider = config.stripe ? new StripePaymentProvider(config.stripe) : new TestPaymentProvider();
    cache.set(config, provider);
  }
  return provider;
}

export type { PaymentProvider } from "./provider";
export { TestPaymentProvider } from "./test-provider.server";
