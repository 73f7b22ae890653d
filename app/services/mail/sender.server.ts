// The sender (docs/decisions/0018-mail-outbox.md): delivers what the outbox holds, at least once. Every instance runs
// it. A message is claimed before it is sent (a lease, taken with SKIP LOCKED), so two instances never send the same
// message at the same time; one whose sender died mid-send is sent again when the lease runs out, with the same
// Message-ID. A refused message is retried with back-off; a permanent refusal fails it at once.
import { and, asc, eq, gt, inArray, isNull, lt, lte, or, sql } from "drizzle-orm";
import fs from "node:fs/promises";
import path from "node:path";
import { getDb, type DbOrTx } from "~/db/client.server";
import { mailOutbox } from "~/db/schema";
import { getConfig } from "~/lib/env.server";
import { createLogger, describeError } from "~/lib/log.server";
import { onMailQueued } from "./outbox.server";
import { emlFileName, getMailTransport, mailDir, type MailTransport } from "./transports.server";

const log = createLogger("mail");

type OutboxRow = typeof mailOutbox.$inferSelect;

/** Tries before a message that keeps being refused for a passing reason is given up (about four hours). */
export const MAX_ATTEMPTS = 10;

/** How long a claimed message is left to its sender: well over the SMTP timeouts of one message. */
export const LEASE_MS = 2 * 60_000;

/** Sent messages are kept this long for the Sent mail page, then deleted. */
export const KEEP_SENT_DAYS = 90;

/**
 * Kinds whose message carries a single-use link (a password reset, the confirmation of a new address): once an SMTP
 * server has it, its bodies are erased, so a working link does not sit in the database for whoever reads it next.
 */
export const SINGLE_USE_LINK_KINDS: ReadonlySet<string> = new Set(["password-reset", "email-change"]);

export const ERASED_TEXT =
  "(Erased after sending: this message carried a single-use link, which is not kept once the mail server has it.)";
const ERASED_HTML = `<p>${ERASED_TEXT}</p>`;

/** The wait after a message's `attempts`-th failed try: 30 s, 1 min, 2 min, … up to an hour. */
export function retryDelayMs(attempts: number): number {
  return Math.min(60 * 60_000, 30_000 * 2 ** Math.max(0, attempts - 1));
}

/**
 * A refusal that trying again will not change: the server answered 5xx to the envelope (no such mailbox, sender not
 * allowed) or to the message (too large, rejected as spam). A 4xx, a lost connection, a timeout or a refused login
 * (the shop's setting, not the message's fault) are worth another try.
 */
export function isPermanentRefusal(error: unknown): boolean {
  if (typeof error !== "object" || error === null) return false;
  const { responseCode, code } = error as { responseCode?: unknown; code?: unknown };
  return (
    typeof responseCode === "number" &&
    responseCode >= 500 &&
    responseCode < 600 &&
    (code === "EENVELOPE" || code === "EMESSAGE")
  );
}

/**
 * Claims up to `limit` due messages for this sender, oldest first: pending, due, and not leased by another sender (or
 * its lease ran out: it died). The lease and the try are written in the same statement that picks them, and rows
 * another sender is claiming at this moment are skipped, so no message is claimed twice.
 */
async function claim(db: DbOrTx, limit: number, leaseMs: number): Promise<OutboxRow[]> {
  const due = db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(
      and(
        eq(mailOutbox.status, "pending"),
        lte(mailOutbox.nextAttemptAt, sql`now()`),
        or(isNull(mailOutbox.leaseUntil), lt(mailOutbox.leaseUntil, sql`now()`)),
      ),
    )
    .orderBy(asc(mailOutbox.id))
    .limit(limit)
    .for("update", { skipLocked: true });
  return db
    .update(mailOutbox)
    .set({
      leaseUntil: sql`now() + ${`${leaseMs} milliseconds`}::interval`,
      attempts: sql`${mailOutbox.attempts} + 1`,
    })
    .where(inArray(mailOutbox.id, due))
    .returning();
}

type Outcome = "sent" | "retrying" | "failed";

/** Sends one claimed message and writes down what happened. */
async function deliver(db: DbOrTx, row: OutboxRow, transport: MailTransport, from: string): Promise<Outcome> {
  try {
    await transport.send(row, from);
  } catch (error) {
    const message = describeError(error).slice(0, 500);
    const permanent = isPermanentRefusal(error);
    const giveUp = permanent || row.attempts >= MAX_ATTEMPTS;
    // only while still pending: a sender whose lease ran out must not undo another's delivery
    await db
      .update(mailOutbox)
      .set({
        status: giveUp ? "failed" : "pending",
        lastError: message,
        leaseUntil: null,
        nextAttemptAt: giveUp ? sql`now()` : sql`now() + ${`${retryDelayMs(row.attempts)} milliseconds`}::interval`,
        // a link that never arrived is of no use to anyone, and must not wait here for whoever reads it
        ...(giveUp && SINGLE_USE_LINK_KINDS.has(row.kind) ? { textBody: ERASED_TEXT, htmlBody: ERASED_HTML } : {}),
      })
      .where(and(eq(mailOutbox.id, row.id), eq(mailOutbox.status, "pending")));
    const what = `message ${row.id} (${row.kind}), try ${row.attempts}: ${message}`;
    if (giveUp) log.error(`gave up on ${what}`);
    else log.warn(`will retry ${what}`);
    return giveUp ? "failed" : "retrying";
  }
  const erase = !transport.keepsBodies && SINGLE_USE_LINK_KINDS.has(row.kind);
  await db
    .update(mailOutbox)
    .set({
      status: "sent",
      sentAt: sql`now()`,
      leaseUntil: null,
      lastError: null,
      ...(erase ? { textBody: ERASED_TEXT, htmlBody: ERASED_HTML } : {}),
    })
    .where(eq(mailOutbox.id, row.id));
  return "sent";
}

export interface SendReport {
  sent: number;
  retrying: number;
  failed: number;
  /** the sweep stopped at its limit: more may be due */
  more: boolean;
}

export interface SendOptions {
  db?: DbOrTx;
  transport?: MailTransport;
  /** the most messages one sweep sends */
  limit?: number;
  leaseMs?: number;
  /** asked before each claim: a sender being stopped finishes its message and takes no other */
  shouldStop?: () => boolean;
}

/**
 * One sweep: claims due messages one at a time and sends each, until none is due, `limit` were tried or `shouldStop`
 * says so. One at a time, so a lease covers one message's send and a sender that dies holds back one message only.
 */
export async function sendDueMail({
  db = getDb(),
  transport = getMailTransport(),
  limit = 50,
  leaseMs = LEASE_MS,
  shouldStop = () => false,
}: SendOptions = {}): Promise<SendReport> {
  const report: SendReport = { sent: 0, retrying: 0, failed: 0, more: false };
  const from = getConfig().mail.from;
  let woken = false;
  for (let tried = 0; ; tried++) {
    if (tried >= limit) {
      report.more = true;
      break;
    }
    if (shouldStop()) break;
    const [row] = await claim(db, 1, leaseMs);
    if (!row) break;
    const outcome = await deliver(db, row, transport, from);
    report[outcome]++;
    // the server takes mail again: the messages waiting out a back-off from when it did not are due now, and go in
    // this sweep instead of up to an hour later (once per sweep: a server that takes one message and refuses the
    // next does not make them spin)
    if (outcome === "sent" && !woken) {
      woken = true;
      await wakeBackedOff(db);
    }
  }
  return report;
}

/** Makes due the pending messages that wait for a back-off after a failed try (not the ones never tried). */
async function wakeBackedOff(db: DbOrTx) {
  await db
    .update(mailOutbox)
    .set({ nextAttemptAt: sql`now()` })
    .where(
      and(
        eq(mailOutbox.status, "pending"),
        sql`${mailOutbox.lastError} is not null`,
        gt(mailOutbox.nextAttemptAt, sql`now()`),
      ),
    );
}

/**
 * Deletes sent messages older than `days` (and their .eml files): the Sent mail page shows the recent past, the
 * database does not grow for ever. Failed and pending messages are kept for the admin to see.
 */
export async function pruneSentMail(db: DbOrTx = getDb(), days = KEEP_SENT_DAYS): Promise<number> {
  const gone = await db
    .delete(mailOutbox)
    .where(and(eq(mailOutbox.status, "sent"), lt(mailOutbox.sentAt, sql`now() - ${`${days} days`}::interval`)))
    .returning({ id: mailOutbox.id, kind: mailOutbox.kind });
  if (gone.length > 0 && !getConfig().mail.smtpUrl) {
    await Promise.all(gone.map((row) => fs.rm(path.join(mailDir(), emlFileName(row)), { force: true })));
  }
  return gone.length;
}

export interface MailSenderOptions {
  /** a sweep every this many ms (with jitter), and one at start; 0: only when woken by a queued message */
  intervalMs: number;
  /** the first look after a message is queued: its transaction has usually committed by then */
  wakeDelayMs?: number;
  /** one more look for a transaction that committed late */
  lateLookMs?: number;
  db?: DbOrTx;
  transport?: MailTransport;
}

const PRUNE_EVERY_MS = 60 * 60_000;

/**
 * Runs the sender until stopped: a sweep at start and every `intervalMs`, and soon after any message is queued in
 * this process (`onMailQueued`), once after `wakeDelayMs` and once more after `lateLookMs`, as the transaction that
 * queued it may commit after the first look. Sweeps never overlap; a wake-up during a sweep runs another after it.
 * A failing sweep (the database is down) is logged and the next one tries again. `stop` lets the message being sent
 * finish and takes no other; a message claimed and not finished is sent by the next sweep after its lease.
 */
export function startMailSender({
  intervalMs,
  wakeDelayMs = 150,
  lateLookMs = 1_500,
  db,
  transport,
}: MailSenderOptions) {
  let stopped = false;
  let running: Promise<void> | undefined;
  let again = false;
  let lastPrune = 0;
  const timers = new Map<string, NodeJS.Timeout>();

  const sweep = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      const report = await sendDueMail({ db, transport, shouldStop: () => stopped });
      // what went out is listed on Sent mail; the log carries only what did not (one line per sweep that had some)
      if (report.retrying + report.failed > 0) log.info("sweep", { ...report });
      if (report.more) again = true;
      if (Date.now() - lastPrune > PRUNE_EVERY_MS) {
        lastPrune = Date.now();
        const pruned = await pruneSentMail(db);
        if (pruned > 0) log.info(`deleted ${pruned} sent messages older than ${KEEP_SENT_DAYS} days`);
      }
    })()
      .catch((error: unknown) => log.error(`sweep failed: ${describeError(error)}`))
      .finally(() => {
        running = undefined;
        if (again && !stopped) {
          again = false;
          sweep();
        }
      });
  };

  /** A sweep after `ms`, unless one named `name` is already waiting. */
  const schedule = (name: string, ms: number) => {
    if (stopped || timers.has(name)) return;
    const timer = setTimeout(() => {
      timers.delete(name);
      if (name === "periodic") schedule("periodic", intervalMs * (0.8 + Math.random() * 0.4));
      sweep();
    }, ms);
    timer.unref();
    timers.set(name, timer);
  };

  const unsubscribe = onMailQueued(() => {
    schedule("soon", wakeDelayMs);
    schedule("late", lateLookMs);
  });
  if (intervalMs > 0) schedule("periodic", 0);

  return {
    async stop() {
      stopped = true;
      unsubscribe();
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
      await running;
    },
  };
}
