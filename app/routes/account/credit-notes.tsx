import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { endpoints } from "~/client/api.server";
import { GeneralErrorBoundary } from "~/components/layout/error-boundary";
import { BusinessDocument } from "~/components/shop/business-document";
import { IdSchema } from "~/schemas/common";
import { attempt } from "~/web/actions.server";
import { requireAuth, unauthorized } from "~/web/guards.server";
import { pageTitle } from "~/lib/site";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: pageTitle(data ? `Credit notes of order #${data.orderId}` : "Credit notes") },
  { name: "robots", content: "noindex" },
];

/**
 * The credit notes of an order's refunds, one printed page each: for the order's owner, staff and admins
 * (docs/decisions/0042-invoices.md). An order with none is a 404.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const orderId = IdSchema.safeParse(params.orderId);
  if (!orderId.success || !/^\d+$/.test(params.orderId ?? "")) throw data("Not found", { status: 404 });
  const auth = await requireAuth(request);
  const found = await attempt(auth.api(endpoints.invoices.creditNotes, { params: { orderId: orderId.data } }));
  if (!found.ok) {
    if (found.error.status === 403) throw unauthorized(request);
    throw data(found.error.status === 404 ? "Order not found" : found.error.message, { status: found.error.status });
  }
  if (found.value.data.length === 0) throw data("This order has no credit note.", { status: 404 });
  return data({ orderId: orderId.data, notes: found.value.data });
}

export default function CreditNotes() {
  const { orderId, notes } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-4xl space-y-8 px-4 py-8 print:max-w-none print:space-y-0 print:p-0">
      {notes.map((note) => (
        <BusinessDocument key={note.id} document={note} title="Credit note" credit />
      ))}
      <p className="flex flex-wrap gap-3 print:hidden">
        <Link to={`/orders/${orderId}`} className="btn-secondary">
          Back to order #{orderId}
        </Link>
        <Link to={`/orders/${orderId}/invoice`} className="btn-secondary">
          The invoice
        </Link>
      </p>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
