import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { ApiError, api } from "~/services/api-client.server";
import { requireAuth } from "~/utils/auth.server";

/**
 * Where Stripe's hosted payment page sends the shopper back (checkout without JavaScript): the server checks the
 * payment with Stripe and places the order, then the profile page says so. The webhook places it too if the
 * shopper never comes back.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const auth = await requireAuth(request, { roles: ["ROLE_ADMIN", "ROLE_USER"] });
  if (String(auth.userId) !== params.userId)
    throw redirect(`/unauthorized?from=${encodeURIComponent(new URL(request.url).pathname)}`);
  const sessionId = new URL(request.url).searchParams.get("session_id") ?? "";
  if (!/^cs_[\w-]{1,250}$/.test(sessionId))
    return auth.redirect(`/checkout/${auth.userId}/checkout`, {
      type: "error",
      message: "Error processing payment: no payment to check.",
    });
  try {
    const result = await auth.call((token) => api.orders.place(token, auth.userId, { paymentIntentId: sessionId }));
    return auth.redirect(`/user-profile/${auth.userId}/profile`, {
      type: "success",
      message:
        result.message === "This order has already been placed."
          ? "Payment successful! Your order has been placed."
          : result.message,
    });
  } catch (error) {
    if (!(error instanceof ApiError) || error.status >= 500) throw error;
    return auth.redirect(`/checkout/${auth.userId}/checkout`, {
      type: "error",
      message: `Error processing payment: ${error.message}`,
    });
  }
}
