// The admin's view of the outbox (the Sent mail page and GET /mail/outbox): what was sent, what waits, what failed,
// one message with its bodies, a failed message tried again, and a test message to check the mail setting.
import { desc, eq, sql } from "drizzle-orm";
import { getDb, type DbOrTx } from "~/db/client.server";
import { mailOutbox } from "~/db/schema";
import type { MailMessageDto, MailStatus, MailSummaryDto } from "~/schemas/mail";
import { getConfig } from "~/lib/env.server";
import { requireAdmin, type Actor } from "../access";
import { ConflictError, NotFoundError } from "../errors";
import { shopLink } from "./layout.server";
import { announceMail, queueMail } from "./outbox.server";
import { SINGLE_USE_LINK_KINDS } from "./sender.server";
import { mailDir } from "./transports.server";

type OutboxRow = typeof mailOutbox.$inferSelect;

function summaryOf(row: OutboxRow): MailSummaryDto {
  return {
    id: row.id,
    kind: row.kind,
    recipient: row.recipient,
    subject: row.subject,
    status: row.status,
    attempts: row.attempts,
    lastError: row.lastError,
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
    nextAttemptAt: row.status === "pending" ? row.nextAttemptAt.toISOString() : null,
  };
}

/** GET /mail/outbox: newest first, optionally one status, with how this shop delivers. */
export async function listOutbox({
  actor,
  status,
  page,
  size,
  db = getDb(),
}: {
  actor: Actor | null;
  status?: MailStatus;
  page: number;
  size: number;
  db?: DbOrTx;
}) {
  requireAdmin(actor);
  const where = status ? eq(mailOutbox.status, status) : undefined;
  const [rows, total] = await Promise.all([
    db
      .select()
      .from(mailOutbox)
      .where(where)
      .orderBy(desc(mailOutbox.id))
      .limit(size)
      .offset((page - 1) * size),
    db.$count(mailOutbox, where),
  ]);
  const smtp = Boolean(getConfig().mail.smtpUrl);
  return {
    content: rows.map(summaryOf),
    page,
    size,
    totalElements: total,
    totalPages: Math.max(1, Math.ceil(total / size)),
    delivery: { transport: smtp ? ("smtp" as const) : ("file" as const), directory: smtp ? null : mailDir() },
  };
}

/** GET /mail/outbox/{id}: one message with its bodies (erased ones say so) and headers. */
export async function getOutboxMessage({
  actor,
  id,
  db = getDb(),
}: {
  actor: Actor | null;
  id: number;
  db?: DbOrTx;
}): Promise<MailMessageDto> {
  requireAdmin(actor);
  const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
  if (!row) throw new NotFoundError("Message not found");
  const hide = SINGLE_USE_LINK_KINDS.has(row.kind) ? hideTokens : (body: string) => body;
  return {
    ...summaryOf(row),
    messageId: row.messageId,
    from: getConfig().mail.from,
    textBody: hide(row.textBody),
    htmlBody: hide(row.htmlBody),
  };
}

/**
 * A single-use link's token, hidden from the admin: a reset link read on this page would let an admin into any
 * account (and an admin may not change another user's password or e-mail: decision 0019). The link's own mailbox
 * (the SMTP recipient, or the .eml file on the operator's disk) still has it.
 */
export const hideTokens = (body: string) => body.replace(/([?&](?:amp;)?token=)[^\s"'<&]+/g, "$1[hidden]");

/**
 * POST /mail/outbox/{id}/retry: a failed message back to pending, due now. Its tries are not reset, so a passing
 * refusal on this try fails it again at once (one more try per request), and the sender is woken to try it.
 */
export async function retryOutboxMessage({
  actor,
  id,
  db = getDb(),
}: {
  actor: Actor | null;
  id: number;
  db?: DbOrTx;
}): Promise<MailSummaryDto> {
  requireAdmin(actor);
  const [row] = await db
    .update(mailOutbox)
    .set({ status: "pending", nextAttemptAt: sql`now()`, leaseUntil: null })
    .where(sql`${mailOutbox.id} = ${id} and ${mailOutbox.status} = 'failed'`)
    .returning();
  if (!row) {
    const [existing] = await db.select({ status: mailOutbox.status }).from(mailOutbox).where(eq(mailOutbox.id, id));
    if (!existing) throw new NotFoundError("Message not found");
    throw new ConflictError(
      existing.status === "sent"
        ? `Message ${id} was sent already.`
        : `Message ${id} is waiting to be sent already; it is tried again automatically.`,
    );
  }
  announceMail();
  return summaryOf(row);
}

/** POST /mail/test: a test message to `to`, queued like any other, so the admin can see the mail setting work. */
export async function sendTestMail({
  actor,
  to,
  db = getDb(),
}: {
  actor: Actor | null;
  to: string;
  db?: DbOrTx;
}): Promise<MailSummaryDto> {
  requireAdmin(actor);
  const id = await queueMail(db, "test", to, {
    subject: "Test message from the shop",
    preheader: "Mail from the shop reaches this address.",
    heading: "Mail works",
    blocks: [
      {
        paragraph:
          "An administrator sent this message from the shop's Sent mail page to check that its e-mail is delivered. There is nothing else to do.",
      },
      { button: { label: "Open the shop", url: shopLink("/") } },
      { note: "If you did not expect it, you can ignore it." },
    ],
  });
  const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
  return summaryOf(row!);
}
