// How a message leaves the shop (docs/decisions/0018-mail-outbox.md): through an SMTP server (SMTP_URL), or, without
// one, as an .eml file under DATA_DIR/mail that the admin's Sent mail page lists, so a first look shows every message.
import fs from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import type Mail from "nodemailer/lib/mailer";
import type { mailOutbox } from "~/db/schema";
import { getConfig } from "~/lib/env.server";

type OutboxRow = typeof mailOutbox.$inferSelect;

export interface MailTransport {
  name: "smtp" | "file";
  /**
   * Whether the stored copy of a message is the only one the admin can read: with files it is the local mailbox and
   * keeps its bodies; after an SMTP delivery the bodies of single-use links are erased.
   */
  keepsBodies: boolean;
  /** Sends one message; throws what the server or the disk said. */
  send(row: OutboxRow, from: string): Promise<void>;
}

/**
 * The message of an outbox row: its fixed Message-ID (a message sent twice after a crash is recognisably one), the
 * Date it was queued, both parts as multipart/alternative, and Auto-Submitted so that autoresponders stay quiet
 * (RFC 3834).
 */
export function mailOf(row: OutboxRow, from: string): Mail.Options {
  return {
    from,
    to: row.recipient,
    subject: row.subject,
    text: row.textBody,
    html: row.htmlBody,
    messageId: row.messageId,
    date: row.createdAt,
    headers: { "Auto-Submitted": "auto-generated" },
    // no X-Mailer with nodemailer's name and version
    xMailer: false,
  };
}

/** SMTP timeouts unless SMTP_URL sets its own: a dead server costs a sweep seconds, never the lease. */
const SMTP_TIMEOUTS = { connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 60_000 };

/**
 * Through the SMTP server of `smtpUrl` (smtp://user:pass@host:587, smtps://… for TLS from the start; nodemailer's
 * query options such as `?requireTLS=true` or `?pool=true` pass through). One connection per message unless the URL
 * asks for a pool: transactional mail comes a few at a time, and a fresh connection never carries the state of a
 * failed one into the next message.
 */
export function smtpTransport(smtpUrl: string): MailTransport {
  const url = new URL(smtpUrl);
  for (const [name, value] of Object.entries(SMTP_TIMEOUTS)) {
    if (!url.searchParams.has(name)) url.searchParams.set(name, String(value));
  }
  const transporter = nodemailer.createTransport(url.toString());
  return {
    name: "smtp",
    keepsBodies: false,
    async send(row, from) {
      const info = await transporter.sendMail(mailOf(row, from));
      // one recipient: refused, nodemailer throws; this is for a server that accepts the envelope and drops it
      if (info.rejected.length > 0) throw new Error(`the server refused the recipient: ${info.response}`);
    },
  };
}

/** `12-order-confirmation.eml`: sorted by id, named by kind (the e2e tests find theirs by it). */
export function emlFileName(row: Pick<OutboxRow, "id" | "kind">): string {
  return `${String(row.id).padStart(6, "0")}-${row.kind.replace(/[^a-z0-9-]/gi, "_")}.eml`;
}

/**
 * Into `dir` as RFC 822 files (CRLF line ends, as on the wire). Written under a temporary name and renamed, so a
 * reader never sees half a message; writing the same message again replaces the file with the same bytes.
 */
export function fileTransport(dir: string): MailTransport {
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "windows" });
  return {
    name: "file",
    keepsBodies: true,
    async send(row, from) {
      const info = await composer.sendMail(mailOf(row, from));
      await fs.mkdir(dir, { recursive: true });
      const target = path.join(dir, emlFileName(row));
      const temporary = `${target}.${process.pid}.tmp`;
      await fs.writeFile(temporary, info.message as Buffer);
      await fs.rename(temporary, target);
    },
  };
}

/** Where the embedded default writes messages. */
export const mailDir = () => path.join(getConfig().dataDir, "mail");

let cached: { key: string; transport: MailTransport } | undefined;

/** The configured transport: SMTP when SMTP_URL is set, else files under DATA_DIR/mail (made once per setting). */
export function getMailTransport(): MailTransport {
  const { smtpUrl } = getConfig().mail;
  const key = smtpUrl ? `smtp ${smtpUrl}` : `file ${mailDir()}`;
  if (cached?.key !== key) cached = { key, transport: smtpUrl ? smtpTransport(smtpUrl) : fileTransport(mailDir()) };
  return cached.transport;
}
