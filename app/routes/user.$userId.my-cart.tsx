import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { CartView } from "~/components/shop/cart-view";
import { CartIntentSchema } from "~/schemas/cart-intents";
import { ApiError, api } from "~/services/api-client.server";
import { requireAuth } from "~/utils/auth.server";
import { pageTitle } from "~/utils/site";

export const meta: MetaFunction = () => [{ title: pageTitle("My Cart") }, { name: "robots", content: "noindex" }];

const GUARD = { roles: ["ROLE_ADMIN", "ROLE_USER"] };

export async function loader({ request, params }: LoaderFunctionArgs) {
  const auth = await requireAuth(request, { ...GUARD, userId: params.userId });
  const cart = await auth.call((token) => api.cart.get(token, Number(params.userId)));
  return data({ cart, userId: Number(params.userId) }, { headers: auth.headers });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const auth = await requireAuth(request, { ...GUARD, userId: params.userId });
  const form = await request.formData();
  const withJs = form.get("js") === "1";
  const back = `/user/${params.userId}/my-cart`;
  const parsed = CartIntentSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? "Please try again.";
    if (withJs) return data({ ok: false as const, message }, { status: 422, headers: auth.headers });
    return auth.redirect(back, { type: "error", message });
  }
  const input = parsed.data;
  try {
    const message = await auth.call(async (token) => {
      if (input.intent === "update")
        return (await api.cart.update(token, input.cartId, input.productId, input.quantity)).message;
      if (input.intent === "remove") return (await api.cart.remove(token, input.cartId, input.productId)).message;
      return (await api.cart.clear(token, input.cartId)).message;
    });
    if (withJs) return data({ ok: true as const, message }, { headers: auth.headers });
    // a quantity change shows itself on the page; removing and clearing say so
    if (input.intent === "update") return redirect(back, { status: 303, headers: auth.headers });
    return auth.redirect(back, { type: "success", message });
  } catch (error) {
    if (!(error instanceof ApiError) || error.status >= 500) throw error;
    if (withJs)
      return data({ ok: false as const, message: error.message }, { status: error.status, headers: auth.headers });
    return auth.redirect(back, { type: "error", message: error.message });
  }
}

export default function MyCart() {
  const { cart, userId } = useLoaderData<typeof loader>();
  return <CartView cart={cart} userId={userId} />;
}
