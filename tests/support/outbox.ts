import { and, desc, eq } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { mailOutbox } from "~/db/schema";

/** The messages queued to `to` (of one kind, if given), newest first: what the shop means to send, before sending. */
export function mailTo(to: string, kind?: string) {
  return getDb()
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.recipient, to), kind ? eq(mailOutbox.kind, kind) : undefined))
    .orderBy(desc(mailOutbox.id));
}
