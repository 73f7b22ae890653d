import { Link, useLocation } from "@remix-run/react";
import type { ToastMessage } from "~/components/ui/toast";

/** The colours of a message, toast or banner. */
export const NOTICE_STYLES: Record<ToastMessage["type"], string> = {
  success: "border-emerald-200 bg-emerald-50 text-emerald-900",
  error: "border-red-200 bg-red-50 text-red-900",
  info: "border-slate-200 bg-white text-slate-900",
};

/**
 * The flash message of a page without JavaScript: a strip under the navigation bar, in the page's flow, so it covers
 * nothing. The flash is read once, so the next page drops it; the close link is simply this page again.
 */
export function FlashBanner({ toast }: { toast: ToastMessage }) {
  const { pathname, search } = useLocation();
  return (
    <div className={`border-b ${NOTICE_STYLES[toast.type]}`}>
      <div
        role={toast.type === "error" ? "alert" : "status"}
        className="mx-auto flex max-w-7xl items-center gap-3 px-4 py-2 text-sm"
      >
        <p className="flex-1">{toast.message}</p>
        <Link
          to={`${pathname}${search}`}
          aria-label="Dismiss notification"
          className="rounded px-2 text-lg leading-6 opacity-60 hover:opacity-100"
        >
          ×
        </Link>
      </div>
    </div>
  );
}
