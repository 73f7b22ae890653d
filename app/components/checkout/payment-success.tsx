import { Link, useNavigate } from "@remix-run/react";
import { useEffect, useRef, type ReactNode } from "react";
import { REDIRECT_AFTER_PAYMENT_MS } from "~/lib/site";

/** "Thank you!": the order is placed (said here once, not in a toast too); with JavaScript the page moves on to the order's page after a few seconds. */
export function PaymentSuccess({ message, redirectTo }: { message: string; redirectTo: string }): ReactNode {
  const navigate = useNavigate();
  const heading = useRef<HTMLHeadingElement>(null);
  // it takes the place of the form, whose Pay Now may be far down a phone's page: to the top, focus on the news
  useEffect(() => {
    window.scrollTo({ top: 0 });
    heading.current?.focus();
  }, []);
  // the page itself says it (no toast: "Payment successful!" was shown twice)
  useEffect(() => {
    const timer = setTimeout(() => navigate(redirectTo), REDIRECT_AFTER_PAYMENT_MS);
    return () => clearTimeout(timer);
  }, [redirectTo, navigate]);
  return (
    <div className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 ref={heading} tabIndex={-1} className="text-2xl font-bold text-slate-900 focus:outline-none">
        Thank you!
      </h1>
      <p role="status" className="mt-4 text-lg text-emerald-800">
        {message}
      </p>
      <p className="mt-2 text-slate-600">Taking you to your order in a few seconds…</p>
      <Link to={redirectTo} className="btn-primary mt-6">
        See my order now
      </Link>
    </div>
  );
}
