import { and, asc, eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { mailOutbox } from "~/db/schema";

export type OutboxRow = typeof mailOutbox.$inferSelect;

/** The messages queued to an address (of one kind, when given), oldest first, straight from the outbox. */
export function mailsTo(db: Db, to: string, kind?: string): Promise<OutboxRow[]> {
  return db
    .select()
    .from(mailOutbox)
    .where(kind ? and(eq(mailOutbox.recipient, to), eq(mailOutbox.kind, kind)) : eq(mailOutbox.recipient, to))
    .orderBy(asc(mailOutbox.id));
}

/** The links of a message's text body. */
export function linksIn(mail: Pick<OutboxRow, "textBody">): string[] {
  return mail.textBody.match(/https?:\/\/\S+/g) ?? [];
}

/** The token of the message's link to `path` (/reset-password, /confirm-email). */
export function tokenIn(mail: Pick<OutboxRow, "textBody">, path: string): string {
  const link = linksIn(mail).find((l) => new URL(l).pathname === path);
  const token = link ? new URL(link).searchParams.get("token") : null;
  if (!token) throw new Error(`no ${path} link in: ${mail.textBody}`);
  return token;
}
