import { useFetcher, useFetchers } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { useToast, type ToastMessage } from "~/components/ui/toast";
import type { IntentReply } from "~/schemas/common";

/**
 * The toast of a page's answer to one of its small forms (`intentReply` in app/web/actions.server.ts): a refusal
 * always, a success unless the action marked it quiet (the page shows that change by itself). Nothing for what is not
 * such an answer.
 */
export function replyToast(data: unknown): ToastMessage | null {
  if (!data || typeof data !== "object" || !("ok" in data) || !("message" in data)) return null;
  const reply = data as IntentReply;
  if (reply.ok && reply.quiet) return null;
  return { type: reply.ok ? "success" : "error", message: reply.message };
}

/**
 * Toasts each answer of the page's fetchers whose key starts with `keyPrefix`, once. Call it from a component that
 * stays mounted: a deleted row's own form is gone (optimistically) by the time its answer arrives.
 */
export function useFetcherToasts(keyPrefix: string) {
  const toast = useToast();
  const fetchers = useFetchers();
  const seen = useRef(new WeakSet<object>());
  useEffect(() => {
    for (const fetcher of fetchers) {
      const data: unknown = fetcher.data;
      if (!fetcher.key.startsWith(keyPrefix) || !data || typeof data !== "object" || seen.current.has(data)) continue;
      seen.current.add(data);
      const message = replyToast(data);
      if (message) toast(message);
    }
  }, [fetchers, keyPrefix, toast]);
}

/**
 * Toasts the answers of one fetcher, by its key, for as long as the caller is mounted: for a row that leaves the page
 * in the same render that brings its answer (a removed cart line), the listener lives in the list, not the row.
 */
export function useFetcherKeyToasts(key: string) {
  const fetcher = useFetcher({ key });
  const toast = useToast();
  useEffect(() => {
    const message = replyToast(fetcher.data);
    if (message) toast(message);
  }, [fetcher.data, toast]);
}
