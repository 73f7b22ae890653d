import type { LoaderFunctionArgs } from "@remix-run/node";
import { endpoints } from "~/client/api.server";
import { attempt } from "~/web/actions.server";
import { requireOwner } from "~/web/guards.server";

/**
 * Where Stripe's hosted payment page sends the shopper back (checkout without JavaScript): the server checks the
 * payment with Stripe and places the order, then the order's confirmation page says so. The webhook places it too if the
 * shopper never comes back.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const auth = await requireOwner(request, params.userId);
  const checkout = `/checkout/${auth.userId}/checkout`;
  const sessionId = new URL(request.url).searchParams.get("session_id") ?? "";
  if (!/^cs_[\w-]{1,250}$/.test(sessionId)) {
    return auth.redirect(checkout, { type: "error", message: "Error processing payment: no payment to check." });
  }
  const placed = await attempt(
    auth.api(endpoints.orders.place, { params: { userId: auth.userId }, body: { paymentIntentId: sessionId } }),
  );
  if (!placed.ok) {
    return auth.redirect(checkout, { type: "error", message: `Error processing payment: ${placed.error.message}` });
  }
  // coming back twice (a reload) is not an error: the order was placed the first time
  return auth.redirect(`/orders/${placed.value.data.id}`, {
    type: "success",
    message: "Payment successful! Your order has been placed.",
  });
}
