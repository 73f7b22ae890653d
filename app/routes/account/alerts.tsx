import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { Link, useFetcher, useLoaderData } from "@remix-run/react";
import { endpoints } from "~/client/api.server";
import { GeneralErrorBoundary } from "~/components/layout/error-boundary";
import { pageTitle } from "~/lib/site";
import { StockAlertParamsSchema } from "~/schemas/stock-alerts";
import { attempt, readForm } from "~/web/actions.server";
import { requireAuth } from "~/web/guards.server";

export const meta: MetaFunction = () => [{ title: pageTitle("My alerts") }, { name: "robots", content: "noindex" }];

/** The signed-in shopper's back-in-stock alerts (docs/decisions/0046-back-in-stock-alerts.md): list and stop. */
export async function loader({ request }: LoaderFunctionArgs) {
  const auth = await requireAuth(request);
  const { data: list } = await auth.api(endpoints.stockAlerts.mine, {});
  return { alerts: list.alerts, userId: auth.userId };
}

/** "Stop": a plain form post (a fetcher's with JavaScript), then back to the list. */
export async function action({ request }: ActionFunctionArgs) {
  const auth = await requireAuth(request);
  const form = await readForm(request);
  const params = StockAlertParamsSchema.safeParse({ alertId: form.get("alertId") });
  if (!params.success) return redirect("/account/alerts", 303);
  const outcome = await attempt(auth.api(endpoints.stockAlerts.cancel, { params: params.data }));
  if (outcome.ok) {
    return auth.redirect("/account/alerts", { type: "success", message: "Alert stopped: we will not e-mail you." });
  }
  // one stopped meanwhile (in another tab, or by its mail's link) is no longer listed
  if (outcome.error.status === 404) {
    return auth.redirect("/account/alerts", { type: "success", message: "This alert is no longer active." });
  }
  return auth.redirect("/account/alerts", { type: "error", message: outcome.error.message });
}

function StopButton({ alertId }: { alertId: number }) {
  const fetcher = useFetcher();
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="alertId" value={alertId} />
      <button
        type="submit"
        disabled={fetcher.state !== "idle"}
        className="rounded-lg border border-slate-300 px-3 py-1.5 text-sm font-semibold text-slate-700 hover:bg-slate-50"
      >
        Stop
      </button>
    </fetcher.Form>
  );
}

export default function Alerts() {
  const { alerts, userId } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-4xl space-y-6 px-4 py-8">
      <div>
        <Link to={`/user-profile/${userId}/profile`} className="text-sm font-medium text-brand-700 hover:underline">
          ← My Account
        </Link>
        <h1 className="mt-2 text-2xl font-bold text-slate-900">Back-in-stock alerts</h1>
      </div>
      {alerts.length === 0 ? (
        <p className="text-slate-600">No alerts. Use “E-mail me when it is back” on a sold-out product.</p>
      ) : (
        <ul className="space-y-3" aria-label="Back-in-stock alerts">
          {alerts.map((alert) => (
            <li
              key={alert.id}
              className="flex items-center justify-between gap-4 rounded-xl border border-slate-200 bg-white p-4"
              data-testid="stock-alert"
            >
              <div>
                <p className="text-xs uppercase tracking-wide text-slate-500">{alert.productBrand}</p>
                <Link
                  to={`/product/${alert.productId}/details${alert.variantId ? `?variant=${alert.variantId}` : ""}`}
                  className="font-semibold text-slate-900 hover:underline"
                >
                  {alert.productName}
                </Link>
                <p className="text-sm text-slate-600">
                  {alert.variantId ? "This version" : "Any version"} · active: we e-mail you once when it is back
                </p>
              </div>
              <StopButton alertId={alert.id} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
