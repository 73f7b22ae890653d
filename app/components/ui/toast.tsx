import { createContext, useCallback, useContext, useEffect, useRef, useState, type ReactNode } from "react";
import { FlashBanner, NOTICE_STYLES } from "~/components/ui/flash-banner";
import { TOAST_MS } from "~/lib/site";

export interface ToastMessage {
  type: "success" | "error" | "info";
  message: string;
}

interface Shown extends ToastMessage {
  id: number;
}

/**
 * More would stack down over the page (five once covered the navigation, three a checkout's fields); on a phone only
 * the newest of them shows (docs/product.md#toasts-and-flash-messages, decision 0021).
 */
const MAX_SHOWN = 2;

const ShowContext = createContext<(toast: ToastMessage) => void>(() => undefined);

interface Toasts {
  toasts: Shown[];
  dismiss: (id: number) => void;
  /** the flash message the page was served with: a banner in the page's flow, with or without JavaScript */
  banner: ToastMessage | null;
}

const ToastsContext = createContext<Toasts>({ toasts: [], dismiss: () => undefined, banner: null });

/** Shows a toast from a component (a fetcher's answer). */
export function useToast() {
  return useContext(ShowContext);
}

/**
 * Holds the toasts: those components show (useToast) and the server's (a flash message, after a redirect). <Toaster>
 * renders them where the layout puts it.
 */
export function ToastProvider({ serverToast, children }: { serverToast: ToastMessage | null; children: ReactNode }) {
  const next = useRef(1);
  const [toasts, setToasts] = useState<Shown[]>([]);
  const show = useCallback((toast: ToastMessage) => {
    const id = next.current++;
    // the same message again replaces the one shown (a fresh 5 s) rather than stacking a copy
    setToasts((list) => [...list.filter((t) => t.message !== toast.message), { ...toast, id }].slice(-MAX_SHOWN));
  }, []);
  const dismiss = useCallback((id: number) => setToasts((list) => list.filter((t) => t.id !== id)), []);

  // The flash message the document was served with is a banner (in the HTML, so it is there before any script runs,
  // and without JavaScript at all), until the next navigation. Each later one (a new object after every client-side
  // navigation that carried one) joins the toasts once, also when StrictMode runs the effect twice.
  const served = useRef(serverToast);
  const taken = useRef<ToastMessage | null>(serverToast);
  useEffect(() => {
    if (!serverToast || taken.current === serverToast) return;
    taken.current = serverToast;
    show(serverToast);
  }, [serverToast, show]);
  const banner = serverToast && serverToast === served.current ? serverToast : null;

  return (
    <ShowContext.Provider value={show}>
      <ToastsContext.Provider value={{ toasts, dismiss, banner }}>{children}</ToastsContext.Provider>
    </ShowContext.Provider>
  );
}

/**
 * Goes right under the navigation bar. With JavaScript: one live region, top right, that hangs from a zero-height
 * sticky strip, so it starts below the bar (whatever the bar's height on a phone) and stays in view once the bar has
 * scrolled away; it never covers the bar's links. The flash message the document came with is a banner in the page's
 * flow instead, with or without JavaScript: it is in the HTML, so a shopper whose JavaScript is slow (or off) reads it
 * at once, and it never moves into a toast (the page does not jump); the next navigation drops it.
 */
export function Toaster() {
  const { toasts, dismiss, banner } = useContext(ToastsContext);
  return (
    <>
      <div className="pointer-events-none sticky top-0 z-40 h-0">
        {/* always in the page, empty at first: screen readers announce what is added to a live region they know */}
        <div
          role="status"
          aria-live="polite"
          aria-label="Notifications"
          className="absolute right-4 top-2 flex w-[min(22rem,calc(100vw-2rem))] flex-col gap-2"
        >
          {toasts.map((toast) => (
            <ToastItem key={toast.id} toast={toast} onDismiss={dismiss} />
          ))}
        </div>
      </div>
      {banner ? <FlashBanner toast={banner} /> : null}
    </>
  );
}

function ToastItem({ toast, onDismiss }: { toast: Shown; onDismiss: (id: number) => void }) {
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  useCountdown(TOAST_MS, hovered || focused, () => onDismiss(toast.id));
  return (
    <div
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
      }}
      className={`pointer-events-auto flex items-start gap-2 rounded-lg border py-2 pl-3 pr-2 text-sm shadow-lg max-sm:[&:not(:last-child)]:hidden motion-safe:animate-toast-in ${NOTICE_STYLES[toast.type]}`}
    >
      <p className="flex-1 py-0.5">{toast.message}</p>
      <button
        type="button"
        onClick={() => onDismiss(toast.id)}
        aria-label="Dismiss notification"
        className="-my-0.5 rounded px-1.5 text-lg leading-6 opacity-60 hover:opacity-100"
      >
        ×
      </button>
    </div>
  );
}

/**
 * Calls `onDone` once `ms` have run while not paused. The timer starts once: re-renders (a new toast, a navigation)
 * never start it over, and a pause keeps what was left.
 */
function useCountdown(ms: number, paused: boolean, onDone: () => void) {
  const done = useRef(onDone);
  useEffect(() => {
    done.current = onDone;
  });
  const left = useRef(ms);
  useEffect(() => {
    if (paused) return;
    const started = Date.now();
    const timer = setTimeout(() => done.current(), left.current);
    return () => {
      clearTimeout(timer);
      left.current -= Date.now() - started;
    };
  }, [paused]);
}
