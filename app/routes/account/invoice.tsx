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
  { title: pageTitle(data ? `Invoice ${data.invoice.number}` : "Invoice") },
  { name: "robots", content: "noindex" },
];

/** An order's invoice, printable: for the order's owner, staff and admins (docs/decisions/0042-invoices.md). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const orderId = IdSchema.safeParse(params.orderId);
  if (!orderId.success || !/^\d+$/.test(params.orderId ?? "")) throw data("Not found", { status: 404 });
  const auth = await requireAuth(request);
  const found = await attempt(auth.api(endpoints.invoices.invoice, { params: { orderId: orderId.data } }));
  if (!found.ok) {
    // someone else's order is refused as every other page of someone else's is
    if (found.error.status === 403) throw unauthorized(request);
    throw data(found.error.status === 404 ? "Invoice not found" : found.error.message, {
      status: found.error.status,
    });
  }
  return data({ invoice: found.value.data });
}

export default function Invoice() {
  const { invoice } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-4xl px-4 py-8 print:max-w-none print:p-0">
      <BusinessDocument document={invoice} title="Invoice" />
      {invoice.creditNotes.length > 0 ? (
        <p className="mt-4 text-sm text-slate-700 print:hidden">
          Corrected by credit note {invoice.creditNotes.map((note) => note.number).join(", ")}:{" "}
          <Link to={`/orders/${invoice.orderId}/credit-notes`} className="text-blue-700 underline hover:text-blue-900">
            see the credit note{invoice.creditNotes.length === 1 ? "" : "s"}
          </Link>
          .
        </p>
      ) : null}
      <p className="mt-6 flex flex-wrap gap-3 print:hidden">
        <Link to={`/orders/${invoice.orderId}`} className="btn-secondary">
          Back to order #{invoice.orderId}
        </Link>
        <span className="self-center text-sm text-slate-600">
          Use your browser&apos;s Print to print or save it as PDF.
        </span>
      </p>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
