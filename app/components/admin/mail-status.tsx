import type { MailStatus } from "~/schemas/mail";
import { formatMoment } from "~/lib/dates";

const STYLE: Record<MailStatus, string> = {
  pending: "bg-amber-100 text-amber-900",
  sent: "bg-emerald-100 text-emerald-900",
  failed: "bg-red-100 text-red-900",
};

/** A message's status as a word (the colour only repeats it). */
export function MailStatusBadge({ status }: { status: MailStatus }) {
  return <span className={`rounded px-2 py-0.5 text-xs font-semibold ${STYLE[status]}`}>{status}</span>;
}

/** A moment of the outbox, in UTC (the server's and every admin's same clock), or a dash. */
export function mailTime(iso: string | null): string {
  return iso ? formatMoment(iso) : "–";
}
