import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Db, DbOrTx } from "~/db/client.server";
import { mailOutbox } from "~/db/schema";
import type { MailContent } from "~/services/mail/layout.server";
import { queueMail } from "~/services/mail/outbox.server";
import {
  ERASED_TEXT,
  MAX_ATTEMPTS,
  pruneSentMail,
  retryDelayMs,
  sendDueMail,
  startMailSender,
} from "~/services/mail/sender.server";
import {
  emlFileName,
  fileTransport,
  mailDir,
  smtpTransport,
  type MailTransport,
} from "~/services/mail/transports.server";
import { setConfig } from "~/lib/env.server";
import { instanceEnv, startApiInstance, type ApiInstance } from "../support/api-instance-process";
import { word } from "../support/factories";
import { parseMail } from "../support/mime";
import { createPostgresTestDatabase } from "../support/postgres-test-db";
import { startSmtpServer, type SmtpTestServer } from "../support/smtp-server";
import { useTestDatabase } from "../support/test-db";

// The outbox and its sender against a real SMTP server (smtp-server on a loopback port): what is queued is delivered
// once, with its headers and both parts; a server that says "later" gets it later, one that says "never" marks it
// failed; nothing of a rolled-back transaction goes out; two senders, or two app instances, never send one twice.

const database = useTestDatabase();
const FROM = "GearHub Tests <shop@gearhub.test>";
let smtp: SmtpTestServer;
let smtpOut: MailTransport;

beforeAll(async () => {
  process.env.MAIL_FROM = FROM;
  process.env.PUBLIC_URL = "https://shop.gearhub.test";
  setConfig(undefined);
  smtp = await startSmtpServer();
  smtpOut = smtpTransport(smtp.url);
});

afterAll(async () => {
  delete process.env.MAIL_FROM;
  delete process.env.PUBLIC_URL;
  setConfig(undefined);
  await smtp?.close();
});

beforeEach(() => {
  smtp.delayMs = 0;
});

const content = (subject: string, link = "https://shop.gearhub.test/products"): MailContent => ({
  subject,
  heading: subject,
  blocks: [
    { paragraph: "Grüße aus dem Laden: a line long enough to be folded by the encoder ".repeat(3) },
    { button: { label: "Open it", url: link } },
  ],
});

const address = () => `${word()}@example.com`.toLowerCase();

const queue = (kind: string, to = address(), subject = `Hello ${word()}`, db: DbOrTx = database.db) =>
  queueMail(db, kind, to, content(subject)).then((id) => ({ id, to, subject }));

const rowOf = async (id: number, db: Db = database.db) =>
  (await db.select().from(mailOutbox).where(eq(mailOutbox.id, id)))[0]!;

const receivedBy = (to: string) => smtp.received.filter((m) => m.envelopeTo.includes(to));

/** Makes a waiting message due now, as if its back-off had passed. */
const makeDue = (id: number) =>
  database.db
    .update(mailOutbox)
    .set({ nextAttemptAt: sql`now() - interval '1 second'` })
    .where(eq(mailOutbox.id, id));

/** Sends everything due through the test's SMTP server. */
const sweep = () => sendDueMail({ db: database.db, transport: smtpOut });

describe("the outbox over SMTP", () => {
  it("delivers a queued message once, with From, To, Subject, Message-ID and a text and an HTML part", async () => {
    const { id, to, subject } = await queue("order-confirmation");
    const queued = await rowOf(id);
    expect(queued).toMatchObject({ status: "pending", attempts: 0, sentAt: null });
    expect(queued.messageId).toMatch(/^<[\w-]+@shop\.gearhub\.test>$/);

    expect(await sweep()).toMatchObject({ sent: 1, retrying: 0, failed: 0 });
    expect(await sweep()).toMatchObject({ sent: 0 });

    const got = receivedBy(to);
    expect(got).toHaveLength(1);
    const { mail, envelopeFrom } = got[0]!;
    expect(envelopeFrom).toBe("shop@gearhub.test");
    expect(mail.from).toBe(FROM);
    expect(mail.to).toBe(to);
    expect(mail.subject).toBe(subject);
    expect(mail.messageId).toBe(queued.messageId);
    expect(mail.header("auto-submitted")).toBe("auto-generated");
    expect(mail.header("content-type")).toMatch(/^multipart\/alternative/);
    expect(mail.parts).toEqual(["text/plain", "text/html"]);
    expect(mail.text.replace(/\r\n/g, "\n")).toBe(queued.textBody);
    expect(mail.html.replace(/\r\n/g, "\n")).toBe(queued.htmlBody);
    expect(mail.text).toContain("Grüße aus dem Laden");
    expect(mail.links).toContain("https://shop.gearhub.test/products");
    // the shop's own link at the foot comes from PUBLIC_URL, as the Message-ID's domain does
    expect(mail.links).toContain("https://shop.gearhub.test/");

    const sent = await rowOf(id);
    expect(sent).toMatchObject({ status: "sent", attempts: 1, lastError: null, leaseUntil: null });
    expect(sent.sentAt).toBeInstanceOf(Date);
  });

  it("retries a message the server refused for now (4xx) after the back-off, and counts the tries", async () => {
    const { id, to } = await queue("order-status");
    smtp.refuseData({ code: 451, message: "4.3.0 Try again later" });

    const before = Date.now();
    expect(await sweep()).toMatchObject({ sent: 0, retrying: 1 });
    const waiting = await rowOf(id);
    expect(waiting).toMatchObject({ status: "pending", attempts: 1, leaseUntil: null });
    expect(waiting.lastError).toMatch(/451/);
    const wait = waiting.nextAttemptAt.getTime() - before;
    expect(wait).toBeGreaterThan(retryDelayMs(1) - 5_000);
    expect(wait).toBeLessThan(retryDelayMs(1) + 5_000);
    expect(receivedBy(to)).toHaveLength(0);

    // not due yet: a sweep leaves it alone
    expect(await sweep()).toMatchObject({ sent: 0, retrying: 0 });

    await makeDue(id);
    expect(await sweep()).toMatchObject({ sent: 1 });
    expect(receivedBy(to)).toHaveLength(1);
    expect(await rowOf(id)).toMatchObject({ status: "sent", attempts: 2, lastError: null });
  });

  it("waits 30 s, 1 min, 2 min … up to an hour between tries", () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map((n) => retryDelayMs(n) / 1000)).toEqual([
      30, 60, 120, 240, 480, 960, 1920, 3600, 3600, 3600,
    ]);
  });

  it("fails a message at once when the server refuses it for good (5xx), keeping the server's answer", async () => {
    const badRecipient = await queue("order-confirmation");
    smtp.refuseRecipient(badRecipient.to, { code: 550, message: "5.1.1 No such mailbox here" });
    expect(await sweep()).toMatchObject({ failed: 1 });
    const failed = await rowOf(badRecipient.id);
    expect(failed).toMatchObject({ status: "failed", attempts: 1, leaseUntil: null });
    expect(failed.lastError).toMatch(/550/);
    expect(failed.lastError).toMatch(/No such mailbox/);

    const badMessage = await queue("order-confirmation");
    smtp.refuseData({ code: 554, message: "5.7.1 Message rejected" });
    expect(await sweep()).toMatchObject({ failed: 1 });
    expect(await rowOf(badMessage.id)).toMatchObject({ status: "failed", lastError: expect.stringMatching(/554/) });

    // a single-use link that never arrived is erased with its failure; other messages keep their bodies
    const badReset = await queue("password-reset");
    smtp.refuseRecipient(badReset.to, { code: 550, message: "5.1.1 No such mailbox here" });
    expect(await sweep()).toMatchObject({ failed: 1 });
    expect(await rowOf(badReset.id)).toMatchObject({ status: "failed", textBody: ERASED_TEXT });
    expect((await rowOf(badRecipient.id)).textBody).not.toBe(ERASED_TEXT);

    // failed stays failed: no sweep tries it again
    await makeDue(badRecipient.id);
    await makeDue(badMessage.id);
    expect(await sweep()).toMatchObject({ sent: 0, failed: 0, retrying: 0 });
    expect(receivedBy(badRecipient.to)).toHaveLength(0);
    expect(receivedBy(badMessage.to)).toHaveLength(0);
  });

  it(`gives up on a message refused for now ${MAX_ATTEMPTS} times`, async () => {
    const { id } = await queue("order-status");
    await database.db
      .update(mailOutbox)
      .set({ attempts: MAX_ATTEMPTS - 1 })
      .where(eq(mailOutbox.id, id));
    smtp.refuseData({ code: 421, message: "4.4.5 Too busy" });
    expect(await sweep()).toMatchObject({ failed: 1 });
    expect(await rowOf(id)).toMatchObject({ status: "failed", attempts: MAX_ATTEMPTS });
  });

  it("retries when the server cannot be reached at all", async () => {
    const { id, to } = await queue("order-status");
    const nowhere = await startSmtpServer();
    const url = nowhere.url;
    await nowhere.close();
    expect(await sendDueMail({ db: database.db, transport: smtpTransport(url) })).toMatchObject({ retrying: 1 });
    expect(await rowOf(id)).toMatchObject({ status: "pending", attempts: 1 });
    await makeDue(id);
    expect(await sweep()).toMatchObject({ sent: 1 });
    expect(receivedBy(to)).toHaveLength(1);
  });

  it("sends the messages waiting out a back-off as soon as the server takes mail again, not a minute or an hour later", async () => {
    const nowhere = await startSmtpServer();
    const url = nowhere.url;
    await nowhere.close();
    const waiting = [await queue("order-status"), await queue("order-status")];
    expect(await sendDueMail({ db: database.db, transport: smtpTransport(url) })).toMatchObject({ retrying: 2 });
    for (const { id } of waiting)
      expect((await rowOf(id)).nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 20_000);
    // the server is back: a new message goes out, and the ones backed off follow in the same sweep
    const fresh = await queue("order-status");
    expect(await sweep()).toMatchObject({ sent: 3, retrying: 0 });
    for (const { id, to } of [...waiting, fresh]) {
      expect(await rowOf(id)).toMatchObject({ status: "sent" });
      expect(receivedBy(to)).toHaveLength(1);
    }
  });

  it("never sends a message queued in a transaction that was rolled back", async () => {
    const to = address();
    await expect(
      database.db.transaction(async (tx) => {
        await queue("order-confirmation", to, "Rolled back", tx);
        throw new Error("the order failed after the message was queued");
      }),
    ).rejects.toThrow("the order failed");
    expect(await database.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, to))).toEqual([]);
    await sweep();
    expect(receivedBy(to)).toHaveLength(0);
  });

  it("sends a message whose sender died mid-send again once its lease ran out, with the same Message-ID", async () => {
    const { id, to } = await queue("order-confirmation");
    // what a sender that claimed it and died leaves behind
    await database.db
      .update(mailOutbox)
      .set({ attempts: 1, leaseUntil: sql`now() + interval '1 minute'` })
      .where(eq(mailOutbox.id, id));
    expect(await sweep()).toMatchObject({ sent: 0 });
    expect(receivedBy(to)).toHaveLength(0);

    await database.db
      .update(mailOutbox)
      .set({ leaseUntil: sql`now() - interval '1 second'` })
      .where(eq(mailOutbox.id, id));
    expect(await sweep()).toMatchObject({ sent: 1 });
    const row = await rowOf(id);
    expect(row).toMatchObject({ status: "sent", attempts: 2 });
    expect(receivedBy(to)[0]!.mail.messageId).toBe(row.messageId);
  });

  it("erases the bodies of password-reset and email-change messages once the server has them, and no others", async () => {
    const reset = await queue("password-reset");
    const change = await queue("email-change");
    const order = await queue("order-confirmation");
    expect(await sweep()).toMatchObject({ sent: 3 });

    for (const { id, to } of [reset, change]) {
      const row = await rowOf(id);
      expect(row.status).toBe("sent");
      expect(row.textBody).toBe(ERASED_TEXT);
      expect(row.htmlBody).toContain(ERASED_TEXT);
      expect(row.htmlBody).not.toContain("https://");
      // the recipient got the whole message
      expect(receivedBy(to)[0]!.mail.links).toContain("https://shop.gearhub.test/products");
    }
    const kept = await rowOf(order.id);
    expect(kept.textBody).toContain("Grüße aus dem Laden");
    expect(kept.htmlBody).toContain("https://shop.gearhub.test/products");
  });

  it("two senders sweeping at once send each message exactly once", async () => {
    const batch = await Promise.all(Array.from({ length: 20 }, () => queue("order-status")));
    smtp.delayMs = 10;
    const reports = await Promise.all([sweep(), sweep(), sweep()]);
    expect(reports.reduce((sum, r) => sum + r.sent, 0)).toBe(20);
    for (const { to } of batch) expect(receivedBy(to)).toHaveLength(1);
  });
});

describe("the sender running in the background", () => {
  it("sends a queued message within moments, and catches a transaction that commits late", async () => {
    const sender = startMailSender({ intervalMs: 0, db: database.db, transport: smtpOut, wakeDelayMs: 50 });
    try {
      const quick = await queue("order-confirmation");
      await expect.poll(() => receivedBy(quick.to).length, { timeout: 5_000 }).toBe(1);

      // queued, then the transaction takes 400 ms more: the first look misses it, the late look sends it
      const to = address();
      await database.db.transaction(async (tx) => {
        await queue("order-confirmation", to, "Committed late", tx);
        await new Promise((resolve) => setTimeout(resolve, 400));
      });
      await expect.poll(() => receivedBy(to).length, { timeout: 5_000 }).toBe(1);
    } finally {
      await sender.stop();
    }
    // stopped: nothing more is sent
    const after = await queue("order-confirmation");
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(receivedBy(after.to)).toHaveLength(0);
    expect((await rowOf(after.id)).status).toBe("pending");
    // sent by the next sender (or the next test's sweeps): left due
    await sweep();
  });
});

describe("without SMTP_URL: files", () => {
  let dir: string;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-mail-"));
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it("writes each message as a whole .eml file named by id and kind, and keeps every body", async () => {
    await sweep(); // nothing of the other tests left due
    const order = await queue("order-confirmation");
    const reset = await queue("password-reset");
    expect(await sendDueMail({ db: database.db, transport: fileTransport(dir) })).toMatchObject({ sent: 2 });

    const files = fs.readdirSync(dir).sort();
    const name = (id: number, kind: string) => `${String(id).padStart(6, "0")}-${kind}.eml`;
    expect(files).toEqual([name(order.id, "order-confirmation"), name(reset.id, "password-reset")].sort());

    const raw = fs.readFileSync(path.join(dir, name(order.id, "order-confirmation")));
    expect(raw.toString("latin1")).toMatch(/\r\n\r\n/);
    const mail = parseMail(raw);
    const row = await rowOf(order.id);
    expect(mail).toMatchObject({ from: FROM, to: order.to, subject: order.subject, messageId: row.messageId });
    expect(mail.parts).toEqual(["text/plain", "text/html"]);
    expect(mail.text.replace(/\r\n/g, "\n")).toBe(row.textBody);
    expect(mail.links).toContain("https://shop.gearhub.test/products");
    expect(row.status).toBe("sent");

    // the files are the local mailbox, read on the Sent mail page: a reset message keeps its bodies
    const resetRow = await rowOf(reset.id);
    expect(resetRow.status).toBe("sent");
    expect(resetRow.textBody).not.toBe(ERASED_TEXT);
    expect(parseMail(fs.readFileSync(path.join(dir, name(reset.id, "password-reset")))).subject).toBe(reset.subject);
  });
});

describe("pruning", () => {
  it("deletes sent messages older than 90 days and their .eml files, and keeps failed and recent ones", async () => {
    await sweep();
    const old = await queue("order-confirmation");
    const recent = await queue("order-confirmation");
    const oldFailed = await queue("order-confirmation");
    // the tests run without SMTP_URL: the configured transport writes to DATA_DIR/mail, which pruning cleans
    expect(await sendDueMail({ db: database.db, transport: fileTransport(mailDir()) })).toMatchObject({ sent: 3 });
    const file = path.join(mailDir(), emlFileName({ id: old.id, kind: "order-confirmation" }));
    expect(fs.existsSync(file)).toBe(true);
    await database.db
      .update(mailOutbox)
      .set({ sentAt: sql`now() - interval '91 days'` })
      .where(eq(mailOutbox.id, old.id));
    await database.db
      .update(mailOutbox)
      .set({ status: "failed", sentAt: sql`now() - interval '91 days'` })
      .where(eq(mailOutbox.id, oldFailed.id));

    expect(await pruneSentMail(database.db)).toBe(1);
    const left = await database.db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(inArray(mailOutbox.id, [old.id, recent.id, oldFailed.id]));
    expect(left.map((r) => r.id).sort((a, b) => a - b)).toEqual([recent.id, oldFailed.id]);
    expect(fs.existsSync(file)).toBe(false);
    expect(fs.existsSync(path.join(mailDir(), emlFileName({ id: recent.id, kind: "order-confirmation" })))).toBe(true);
  });
});

describe.skipIf(process.env.TEST_DB_KIND !== "postgres")("two app instances on one PostgreSQL database", () => {
  let shared: Awaited<ReturnType<typeof createPostgresTestDatabase>>;
  let instances: ApiInstance[] = [];

  beforeAll(async () => {
    shared = await createPostgresTestDatabase();
    // each instance signs its messages with a From of its own, so the test can tell that both sent some
    const env = (name: string) =>
      instanceEnv(shared.url, {
        SMTP_URL: smtp.url,
        MAIL_INTERVAL_MS: "100",
        MAIL_FROM: `${name} <${name}@gearhub.test>`,
      });
    instances = await Promise.all([startApiInstance(env("first")), startApiInstance(env("second"))]);
  });

  afterAll(async () => {
    await Promise.all(instances.map((instance) => instance.stop()));
    for (const [i, instance] of instances.entries()) {
      if (instance.stderr().trim()) console.error(`instance ${i} wrote to stderr:\n${instance.stderr()}`);
    }
    await shared?.drop();
  });

  it("sends each of 50 messages exactly once while both sweep", { timeout: 60_000 }, async () => {
    smtp.delayMs = 20;
    // one transaction (one connection: one query at a time), committed at once: both instances find 50 due
    const queued = await shared.db.transaction(async (tx) => {
      const made = [];
      for (let i = 0; i < 50; i++) made.push(await queue("order-confirmation", address(), `Batch ${word()}`, tx));
      return made;
    });
    const ids = queued.map((q) => q.id);
    await expect
      .poll(
        async () =>
          (await shared.db.select().from(mailOutbox).where(inArray(mailOutbox.id, ids))).filter(
            (r) => r.status === "sent",
          ).length,
        { timeout: 45_000, interval: 200 },
      )
      .toBe(50);
    // a moment more: a duplicate would arrive now
    await new Promise((resolve) => setTimeout(resolve, 500));

    const rows = await shared.db.select().from(mailOutbox).where(inArray(mailOutbox.id, ids));
    const byMessageId = new Map<string, number>();
    for (const received of smtp.received) {
      byMessageId.set(received.mail.messageId, (byMessageId.get(received.mail.messageId) ?? 0) + 1);
    }
    for (const row of rows) expect(byMessageId.get(row.messageId), row.messageId).toBe(1);
    expect(rows.every((r) => r.attempts === 1)).toBe(true);

    const senders = new Set(
      smtp.received.filter((r) => rows.some((row) => row.messageId === r.mail.messageId)).map((r) => r.mail.from),
    );
    expect([...senders].sort()).toEqual(["first <first@gearhub.test>", "second <second@gearhub.test>"]);
  });
});
