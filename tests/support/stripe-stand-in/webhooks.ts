import { now, randomId } from "./common";

/** A Stripe event object around a resource, as Stripe posts it to a webhook endpoint. */
export function stripeEvent(type: string, object: unknown) {
  return {
    id: `evt_${randomId()}`,
    object: "event",
    api_version: "2026-10-28.endive",
    created: now(),
    data: { object: structuredClone(object) },
    livemode: false,
    pending_webhooks: 1,
    request: { id: `req_${randomId(14)}`, idempotency_key: null },
    type,
  };
}
