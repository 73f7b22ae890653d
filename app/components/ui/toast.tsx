import { createContext, useCallback, useContext, useEffect, useRef, useState, type ReactNode } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { TOAST_MS } from "~/utils/site";

export interface ToastMessage {
  type: "success" | "error" | "info";
  message: string;
}

interface Shown extends ToastMessage {
  id: number;
}

const ToastContext = createContext<(toast: ToastMessage) => void>(() => undefined);

/** Shows a toast from a component (a fetcher's answer). */
export function useToast() {
  return useContext(ToastContext);
}

const STYLES: Record<ToastMessage["type"], string> = {
  success: "border-emerald-200 bg-emerald-50 text-emerald-900",
  error: "border-red-200 bg-red-50 text-red-900",
  info: "border-slate-200 bg-white text-slate-900",
};

/**
 * Toasts top right. The server's toast (a flash message, after a redirect) is rendered in the HTML, so it shows
 * without JavaScript; with JavaScript every toast closes after 5 seconds or on its button.
 */
export function ToastProvider({ serverToast, children }: { serverToast: ToastMessage | null; children: ReactNode }) {
  const hydrated = useHydrated();
  const next = useRef(1);
  const [toasts, setToasts] = useState<Shown[]>([]);
  const show = useCallback((toast: ToastMessage) => {
    const id = next.current++;
    setToasts((list) => [...list, { ...toast, id }]);
  }, []);
  const dismiss = useCallback((id: number) => setToasts((list) => list.filter((t) => t.id !== id)), []);

  // each new server toast (a new object after every navigation that carried one) joins the list once
  useEffect(() => {
    if (serverToast) show(serverToast);
  }, [serverToast, show]);

  const visible = hydrated ? toasts : serverToast ? [{ ...serverToast, id: 0 }] : [];
  return (
    <ToastContext.Provider value={show}>
      {children}
      <div
        aria-live="polite"
        className="pointer-events-none fixed right-4 top-4 z-50 flex w-[min(24rem,calc(100vw-2rem))] flex-col gap-2"
      >
        {visible.map((toast) => (
          <ToastItem key={toast.id} toast={toast} onClose={() => dismiss(toast.id)} closable={hydrated} />
        ))}
      </div>
    </ToastContext.Provider>
  );
}

function ToastItem({ toast, onClose, closable }: { toast: Shown; onClose: () => void; closable: boolean }) {
  useEffect(() => {
    if (!closable) return;
    const timer = setTimeout(onClose, TOAST_MS);
    return () => clearTimeout(timer);
  }, [closable, onClose]);
  return (
    <div
      role={toast.type === "error" ? "alert" : "status"}
      className={`pointer-events-auto flex items-start gap-3 rounded-lg border p-3 text-sm shadow-lg ${STYLES[toast.type]}`}
    >
      <p className="flex-1">{toast.message}</p>
      {closable ? (
        <button
          type="button"
          onClick={onClose}
          aria-label="Close notification"
          className="text-lg leading-none opacity-60 hover:opacity-100"
        >
          ×
        </button>
      ) : null}
    </div>
  );
}
