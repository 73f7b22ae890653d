import { PriceSummary } from "~/components/shop/price-summary";
import { OrderReturns } from "~/components/shop/order-returns";
import { hasBreakdown, orderPriceParts } from "~/lib/price-lines";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useLoaderData, useSearchParams } from "@remix-run/react";
import { z } from "zod/v4";
import { useIsPending } from "~/hooks/use-is-pending";
import { endpoints } from "~/client/api.server";
import { GeneralErrorBoundary } from "~/components/layout/error-boundary";
import { OrderItemsTable, OrderStatusBadge, ShippingAddressBlock } from "~/components/shop/order-parts";
import { IdSchema } from "~/schemas/common";
import type { OrderDto } from "~/schemas/orders";
import type { AfterSaleOptionsDto } from "~/schemas/after-sale";
import { attempt, intentReply, outcomeReply, readForm } from "~/web/actions.server";
import { countryNamesOf } from "~/lib/countries.server";
import { requireAuth, unauthorized } from "~/web/guards.server";
import { formatPrice } from "~/lib/money";
import { pageTitle } from "~/lib/site";
import { formatDay, formatLongMoment } from "~/lib/dates";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: pageTitle(data ? `Order #${data.order.id}` : "Order") },
  { name: "robots", content: "noindex" },
];

/** An order's page (the confirmation after paying, and each order of the history), for its owner or an admin. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const orderId = IdSchema.safeParse(params.orderId);
  if (!orderId.success || !/^\d+$/.test(params.orderId ?? "")) throw data("Not found", { status: 404 });
  const auth = await requireAuth(request, { roles: ["ROLE_USER", "ROLE_ADMIN"] });
  const found = await attempt(auth.api(endpoints.orders.get, { params: { orderId: orderId.data } }));
  if (!found.ok) {
    // someone else's order is refused as every other page of someone else's is
    if (found.error.status === 403) throw unauthorized(request);
    throw data(found.error.status === 404 ? "Order not found" : found.error.message, { status: found.error.status });
  }
  const order = found.value.data;
  const mine = order.userId === auth.userId;
  // what the owner may still do (cancel, withdraw); an admin sees the withdrawals received, and acts on the order
  // from the orders page
  const afterSale = (await auth.api(endpoints.afterSale.options, { params: { orderId: orderId.data } })).data;
  // the owner's returns of this order, and whether more may be returned (docs/decisions/0044-returns.md)
  const [returns, returnable] = mine
    ? await Promise.all([
        auth.api(endpoints.returns.listOwn, {}).then((r) => r.data.filter((ret) => ret.orderId === order.id)),
        auth.api(endpoints.returns.returnable, { params: { orderId: orderId.data } }).then((r) => r.data),
      ])
    : [[], null];
  return data({
    order,
    countryNames: countryNamesOf([order.shippingAddress?.country]),
    mine,
    afterSale,
    returns,
    canReturn: returnable?.canReturn ?? false,
  });
}

const IntentSchema = z.object({ intent: z.enum(["cancel", "withdraw"]) });

/** The owner's cancel and withdrawal, each sent from its confirmation step (?confirm=…), back to the order with a toast. */
export async function action({ request, params }: ActionFunctionArgs) {
  const orderId = IdSchema.safeParse(params.orderId);
  if (!orderId.success || !/^\d+$/.test(params.orderId ?? "")) throw data("Not found", { status: 404 });
  const auth = await requireAuth(request, { roles: ["ROLE_USER", "ROLE_ADMIN"] });
  // someone else's order is refused before anything is read, as its page is
  const found = await attempt(auth.api(endpoints.orders.get, { params: { orderId: orderId.data } }));
  if (!found.ok) {
    if (found.error.status === 403) throw unauthorized(request);
    throw data(found.error.status === 404 ? "Order not found" : found.error.message, { status: found.error.status });
  }
  const back = `/orders/${orderId.data}`;
  const form = await readForm(request);
  const parsed = IntentSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) return intentReply(auth, form, back, { ok: false, message: "Choose what to do." });
  const endpoint = parsed.data.intent === "cancel" ? endpoints.afterSale.cancel : endpoints.afterSale.withdrawOwn;
  const outcome = await attempt(auth.api(endpoint, { params: { orderId: orderId.data } }));
  return outcomeReply(auth, form, back, outcome);
}

/** What happens next, in the shopper's words. */
function nextStep(order: OrderDto): string {
  switch (order.statusLabel) {
    case "Paid":
      return "We have your payment and will prepare your order shortly. We will e-mail you when it ships.";
    case "Preparing":
      return "We are packing your order. We will e-mail you when it ships.";
    case "Shipped":
      return "Your order is on its way.";
    case "Delivered":
      return "Your order has been delivered. Enjoy your new gear!";
    case "Refunded":
      return "This order was cancelled and your payment has been refunded.";
    default:
      return "This order was cancelled. Your payment is being refunded.";
  }
}

/**
 * The owner's cancel (Paid, Preparing) and withdrawal (shipped or delivered, within the period): a link to a
 * confirmation step on this page (?confirm=cancel / ?confirm=withdraw), whose button sends the form; no JavaScript
 * needed.
 */
function AfterSale({
  orderId,
  options: given,
  mine,
}: {
  orderId: number;
  options: AfterSaleOptionsDto;
  mine: boolean;
}) {
  const [search] = useSearchParams();
  const busy = useIsPending();
  const confirm = search.get("confirm");
  const options = mine ? given : { ...given, canCancel: false, canWithdraw: false };
  const asked = (confirm === "cancel" && options.canCancel) || (confirm === "withdraw" && options.canWithdraw);
  if (!options.canCancel && !options.canWithdraw && options.withdrawals.length === 0) return null;
  return (
    <section
      aria-labelledby="order-after-sale"
      className="mt-6 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <h2 id="order-after-sale" className="text-lg font-semibold text-slate-900">
        {options.canCancel ? "Changed your mind?" : "Withdrawal"}
      </h2>
      {options.withdrawals.length > 0 ? (
        <ul className="mt-2 space-y-1 text-sm text-slate-700">
          {options.withdrawals.map((w) => (
            <li key={w.createdAt}>
              Withdrawal received on <time dateTime={w.createdAt}>{formatLongMoment(w.createdAt)}</time>:{" "}
              {w.statusLabel.toLowerCase()}.
            </li>
          ))}
        </ul>
      ) : null}
      {asked ? (
        <Form method="post" className="mt-3 space-y-3" replace>
          <p className="text-slate-700">
            {confirm === "cancel"
              ? "Cancel this order? The items go back on sale and your payment is refunded to your card. This cannot be undone."
              : "Withdraw from the contract for this order? We will e-mail you a confirmation with the date and time, and how to send the items back."}
          </p>
          <input type="hidden" name="intent" value={confirm} />
          <div className="flex flex-wrap gap-3">
            <button type="submit" className="btn bg-red-700 text-white hover:bg-red-800" disabled={busy}>
              {confirm === "cancel" ? "Yes, cancel order" : "Confirm withdrawal"}
            </button>
            <Link to={`/orders/${orderId}`} className="btn-secondary" replace>
              {confirm === "cancel" ? "Keep my order" : "Go back"}
            </Link>
          </div>
        </Form>
      ) : (
        <div className="mt-2 space-y-2 text-sm text-slate-700">
          {options.canCancel ? (
            <p>It has not shipped yet: you can still cancel it and get your money back.</p>
          ) : options.canWithdraw ? (
            <p>
              {options.withdrawUntil
                ? `You can withdraw from the contract until ${formatLongMoment(options.withdrawUntil)}.`
                : `You can withdraw from the contract until ${options.withdrawalDays} days after delivery.`}
            </p>
          ) : null}
          <div className="flex flex-wrap gap-3">
            {options.canCancel ? (
              <Link to="?confirm=cancel" className="btn-secondary">
                Cancel order
              </Link>
            ) : null}
            {options.canWithdraw ? (
              <Link to="?confirm=withdraw" className="btn-secondary">
                Withdraw from contract
              </Link>
            ) : null}
          </div>
        </div>
      )}
    </section>
  );
}

export default function Order() {
  const { order, countryNames, mine, afterSale, returns, canReturn } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-4xl px-4 py-8">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold text-slate-900">Order #{order.id}</h1>
        <OrderStatusBadge order={order} className="text-sm" />
      </div>
      <p className="mt-2 text-slate-700">
        Placed on <time dateTime={order.orderDate}>{formatDay(order.orderDate)}</time>. {nextStep(order)}
      </p>

      <div className="mt-6 grid gap-6 md:grid-cols-[1fr_16rem]">
        <section
          aria-labelledby="order-items"
          className="min-w-0 rounded-xl border border-slate-200 bg-white shadow-sm"
        >
          <h2 id="order-items" className="border-b border-slate-200 px-4 py-3 text-lg font-semibold text-slate-900">
            Items
          </h2>
          <OrderItemsTable order={order} />
          {hasBreakdown(orderPriceParts(order)) ? (
            <div className="px-4 pb-3">
              <PriceSummary parts={orderPriceParts(order)} />
            </div>
          ) : (
            <p className="flex items-baseline justify-between border-t border-slate-200 px-4 py-3">
              <span className="font-semibold text-slate-900">Total</span>
              <span className="text-xl font-bold tabular-nums text-slate-900">{formatPrice(order.totalAmount)}</span>
            </p>
          )}
        </section>
        <section
          aria-labelledby="order-ship-to"
          className="h-fit rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
        >
          <h2 id="order-ship-to" className="text-lg font-semibold text-slate-900">
            Shipping address
          </h2>
          <div className="mt-2 text-sm">
            {order.shippingAddress ? (
              <ShippingAddressBlock address={order.shippingAddress} countryNames={countryNames} />
            ) : (
              <p className="text-slate-600">No shipping address is kept with this order.</p>
            )}
          </div>
        </section>
      </div>

      {order.invoiceNumber ? (
        <p className="mt-6 flex flex-wrap gap-x-4 gap-y-1 text-sm">
          <Link
            to={`/orders/${order.id}/invoice`}
            className="text-blue-700 underline hover:text-blue-900"
            data-testid="order-invoice-link"
          >
            Invoice {order.invoiceNumber}
          </Link>
          {order.statusLabel === "Refunded" ? (
            <Link to={`/orders/${order.id}/credit-notes`} className="text-blue-700 underline hover:text-blue-900">
              Credit note
            </Link>
          ) : null}
        </p>
      ) : null}

      {canReturn ? (
        <p className="mt-6">
          <Link to={`/orders/${order.id}/return`} className="btn-secondary" data-testid="order-return-link">
            Return items
          </Link>
        </p>
      ) : null}
      <OrderReturns returns={returns} />

      <AfterSale orderId={order.id} options={afterSale} mine={mine} />

      <div className="mt-8 flex flex-wrap gap-3">
        {mine ? (
          <Link to={`/user-profile/${order.userId}/profile`} className="btn-secondary">
            All my orders
          </Link>
        ) : (
          <Link to="/admin/orders" className="btn-secondary">
            All orders
          </Link>
        )}
        <Link to="/products" className="btn-primary">
          Continue Shopping
        </Link>
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
