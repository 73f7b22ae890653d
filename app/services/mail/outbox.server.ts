// Writing to the outbox (docs/decisions/0018-mail-outbox.md). A message is queued with the database handle of the
// transaction that causes it, so it exists exactly when the event does; the sender (sender.server.ts) delivers it.
import { nanoid } from "nanoid";
import type { DbOrTx } from "~/db/client.server";
import { mailOutbox } from "~/db/schema";
import { getConfig } from "~/lib/env.server";
import { renderMail, type MailContent } from "./layout.server";

type QueuedListener = () => void;
const listeners = new Set<QueuedListener>();

/** The sender listens, to deliver soon after a message is queued instead of at its next sweep. */
export function onMailQueued(listener: QueuedListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Tells the sender that a message may be due (queued, or put back by an admin's retry). Listeners wait a moment
 * before looking: the transaction that wrote the message may not have committed yet.
 */
export function announceMail(): void {
  for (const listener of listeners) listener();
}

/**
 * Queues one message to `to`, rendered now from `content`, in `db` (pass the transaction of the event). `kind` names
 * the template, for the admin's Sent mail page and for tests.
 */
export async function queueMail(db: DbOrTx, kind: string, to: string, content: MailContent): Promise<number> {
  const rendered = renderMail(content);
  const host = new URL(getConfig().mail.publicUrl).hostname || "localhost";
  const [row] = await db
    .insert(mailOutbox)
    .values({
      messageId: `<${nanoid()}@${host}>`,
      kind,
      recipient: to,
      subject: rendered.subject,
      textBody: rendered.text,
      htmlBody: rendered.html,
    })
    .returning({ id: mailOutbox.id });
  announceMail();
  return row!.id;
}
