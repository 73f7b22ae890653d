import fs from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseMail } from "../support/mime";

/**
 * The e2e shops' mailboxes. Without SMTP_URL the shop writes every message it sends as DATA_DIR/mail/<id>-<kind>.eml
 * (docs/decisions/0018-mail-outbox.md); scripts/e2e-server.mjs puts DATA_DIR at E2E_DATA_DIR, which
 * playwright.config.ts sets to tests/.tmp/e2e-data (the first shop) and tests/.tmp/e2e-orders-data (the orders shop).
 * Both are searched: the specs use addresses of their own, so the recipient tells whose message it is.
 */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const MAIL_DIRS = ["tests/.tmp/e2e-data/mail", "tests/.tmp/e2e-orders-data/mail"].map((dir) => path.join(ROOT, dir));

export interface Mail {
  subject: string;
  /** the plain-text part, decoded */
  text: string;
  /** the HTML part, decoded */
  html: string;
  /** every http(s) link of the message (the HTML's hrefs, then addresses in the text), once each */
  links: string[];
}

export interface MailQuery {
  /** the recipient's address (compared without case) */
  to: string;
  /** the message's kind: "password-reset", "order-confirmation", … (the file name ends with it) */
  kind: string;
  /** only messages written at or after this moment (take `new Date()` just before the action that sends it) */
  after?: Date;
  /** how long to wait before failing (default 15 s) */
  timeoutMs?: number;
}

const fileKind = (name: string) => /^\d+-(.+)\.eml$/.exec(name)?.[1];
const addressesOf = (header: string) =>
  [...header.matchAll(/[^\s<>",;:]+@[^\s<>",;:]+/g)].map((m) => m[0].toLowerCase());

async function newestMatching({ to, kind, after }: MailQuery): Promise<Mail | undefined> {
  const candidates: Array<{ file: string; id: number }> = [];
  for (const dir of MAIL_DIRS) {
    const names = await fs.readdir(dir).catch(() => [] as string[]);
    for (const name of names) {
      if (fileKind(name) === kind) candidates.push({ file: path.join(dir, name), id: parseInt(name, 10) });
    }
  }
  // the newest first: a test that asks twice (a second reset link) wants the latest
  candidates.sort((a, b) => b.id - a.id);
  for (const { file } of candidates) {
    if (after) {
      const stat = await fs.stat(file).catch(() => undefined);
      if (!stat || stat.mtimeMs < after.getTime()) continue;
    }
    // files appear whole (written to a temporary name, then renamed), so a file that exists can be read
    const mail = parseMail(await fs.readFile(file));
    if (!addressesOf(mail.to).includes(to.toLowerCase())) continue;
    return { subject: mail.subject, text: mail.text, html: mail.html, links: mail.links };
  }
  return undefined;
}

/**
 * Waits until the shop has sent `to` a message of `kind` (after `after`, if given) and returns the newest one,
 * decoded; fails after `timeoutMs`. The shop sends within a moment of the action (its sender is woken when a
 * message is queued), so the default wait is generous.
 */
export async function waitForMail(query: MailQuery): Promise<Mail> {
  const deadline = Date.now() + (query.timeoutMs ?? 15_000);
  for (;;) {
    const found = await newestMatching(query);
    if (found) return found;
    if (Date.now() > deadline) {
      throw new Error(
        `no "${query.kind}" e-mail to ${query.to}${query.after ? ` after ${query.after.toISOString()}` : ""} in ${MAIL_DIRS.join(" or ")}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** How many messages of `kind` the shops have sent `to` so far (to check that something was sent only once). */
export async function countMails({ to, kind }: Pick<MailQuery, "to" | "kind">): Promise<number> {
  let count = 0;
  for (const dir of MAIL_DIRS) {
    const names = await fs.readdir(dir).catch(() => [] as string[]);
    for (const name of names) {
      if (fileKind(name) !== kind) continue;
      const mail = parseMail(await fs.readFile(path.join(dir, name)));
      if (addressesOf(mail.to).includes(to.toLowerCase())) count++;
    }
  }
  return count;
}
