import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { mailOutbox } from "~/db/schema";
import type { MailMessageDto, MailSummaryDto } from "~/schemas/mail";
import { onMailQueued, queueMail } from "~/services/mail/outbox.server";
import { sendDueMail } from "~/services/mail/sender.server";
import { getMailTransport } from "~/services/mail/transports.server";
import { useApiServer } from "../support/api-server";
import { admin, type User } from "../support/checkout";
import { word } from "../support/factories";
import { json, type Envelope } from "../support/requests";
import { useTestDatabase } from "../support/test-db";

// The admin's side of the outbox over HTTP: the list (newest first, by status, in pages), one message with its
// bodies, a failed message tried again, and a test message. Who may call them is the access matrix's part.

const database = useTestDatabase();
const api = useApiServer();
let boss: User;

type MailPage = {
  content: MailSummaryDto[];
  page: number;
  size: number;
  totalElements: number;
  totalPages: number;
  delivery: { transport: string; directory: string | null };
};

beforeAll(async () => {
  boss = await admin(api, database.db);
});

const queue = (kind = "order-status") =>
  queueMail(database.db, kind, `${word()}@example.com`, {
    subject: `Subject ${word()}`,
    heading: "Hello",
    blocks: [{ paragraph: "A <b>line</b> & more" }],
  });

const fail = (id: number) =>
  database.db
    .update(mailOutbox)
    .set({ status: "failed", attempts: 3, lastError: "550 no such mailbox", nextAttemptAt: sql`now()` })
    .where(eq(mailOutbox.id, id));

describe("the outbox API", () => {
  it("lists messages newest first, by status and in pages, and says where they go", async () => {
    const ids = [await queue(), await queue(), await queue()];
    await fail(ids[1]!);
    const all = await api.json<Envelope<MailPage>>("/mail/outbox?size=2", { headers: boss.auth });
    expect(all.status).toBe(200);
    expect(all.body.data.content.map((m) => m.id)).toEqual([ids[2], ids[1]]);
    expect(all.body.data).toMatchObject({ page: 1, size: 2 });
    expect(all.body.data.totalElements).toBeGreaterThanOrEqual(3);
    // the tests run without SMTP_URL: files in DATA_DIR/mail
    expect(all.body.data.delivery.transport).toBe("file");
    expect(all.body.data.delivery.directory).toMatch(/mail$/);

    const failed = await api.json<Envelope<MailPage>>("/mail/outbox?status=failed", { headers: boss.auth });
    expect(failed.body.data.content.map((m) => m.id)).toContain(ids[1]);
    expect(failed.body.data.content.every((m) => m.status === "failed")).toBe(true);
    expect(failed.body.data.content.find((m) => m.id === ids[1])).toMatchObject({
      attempts: 3,
      lastError: "550 no such mailbox",
      nextAttemptAt: null,
      sentAt: null,
    });

    const wrong = await api.json("/mail/outbox?status=lost", { headers: boss.auth });
    expect(wrong.status).toBe(400);
  });

  it("shows one message with its Message-ID, From and both bodies; 404 for one that does not exist", async () => {
    const id = await queue("order-confirmation");
    const one = await api.json<Envelope<MailMessageDto>>(`/mail/outbox/${id}`, { headers: boss.auth });
    expect(one.status).toBe(200);
    expect(one.body.data).toMatchObject({ id, kind: "order-confirmation", status: "pending", attempts: 0 });
    expect(one.body.data.messageId).toMatch(/^<.+@.+>$/);
    expect(one.body.data.from).toBe("GearHub <shop@localhost>");
    expect(one.body.data.textBody).toContain("A <b>line</b> & more");
    expect(one.body.data.htmlBody).toContain("A &lt;b&gt;line&lt;/b&gt; &amp; more");
    expect(one.body.data.nextAttemptAt).not.toBeNull();

    expect((await api.json("/mail/outbox/2147483647", { headers: boss.auth })).status).toBe(404);
    expect((await api.json("/mail/outbox/abc", { headers: boss.auth })).status).toBe(400);
  });

  it("hides the token of a single-use link from the admin (text and HTML), and only there", async () => {
    const link = "http://localhost:3000/reset-password?token=SECRET-token_123";
    const content = { subject: "Reset", heading: "Reset", blocks: [{ button: { label: "Reset", url: link } }] };
    const reset = await queueMail(database.db, "password-reset", `${word()}@example.com`, content);
    const shown = await api.json<Envelope<MailMessageDto>>(`/mail/outbox/${reset}`, { headers: boss.auth });
    expect(shown.body.data.textBody).toContain("/reset-password?token=[hidden]");
    expect(shown.body.data.htmlBody).toContain("/reset-password?token=[hidden]");
    expect(JSON.stringify(shown.body)).not.toContain("SECRET");
    // the message itself keeps it (the recipient's copy)
    const [row] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.id, reset));
    expect(row!.textBody).toContain("SECRET-token_123");
    // other kinds are shown as they are
    const other = await queueMail(database.db, "order-status", `${word()}@example.com`, content);
    const plain = await api.json<Envelope<MailMessageDto>>(`/mail/outbox/${other}`, { headers: boss.auth });
    expect(plain.body.data.textBody).toContain("SECRET-token_123");
  });

  it("puts a failed message back, due now, and wakes the sender; refuses one that is not failed", async () => {
    const id = await queue();
    await fail(id);
    let woken = 0;
    const stop = onMailQueued(() => woken++);
    try {
      const retried = await api.json<Envelope<MailSummaryDto>>(`/mail/outbox/${id}/retry`, json("POST", {}, boss.auth));
      expect(retried.status, JSON.stringify(retried.body)).toBe(200);
      expect(retried.body.data).toMatchObject({ id, status: "pending", attempts: 3 });
      expect(new Date(retried.body.data.nextAttemptAt!).getTime()).toBeLessThanOrEqual(Date.now() + 1_000);
      expect(woken).toBe(1);
    } finally {
      stop();
    }

    const again = await api.json(`/mail/outbox/${id}/retry`, json("POST", {}, boss.auth));
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/waiting to be sent already/);

    // sent (to the test's mail folder): a sent message is not sent again
    await sendDueMail({ db: database.db, transport: getMailTransport() });
    expect((await database.db.select().from(mailOutbox).where(eq(mailOutbox.id, id)))[0]!.status).toBe("sent");
    const sent = await api.json(`/mail/outbox/${id}/retry`, json("POST", {}, boss.auth));
    expect(sent.status).toBe(409);
    expect(sent.body.message).toMatch(/sent already/);
  });

  it("queues a test message to a valid address (JSON or a form), and refuses one that is not an address", async () => {
    const to = `${word()}@example.com`;
    const queued = await api.json<Envelope<MailSummaryDto>>("/mail/test", json("POST", { to }, boss.auth));
    expect(queued.status).toBe(201);
    expect(queued.body.data).toMatchObject({ kind: "test", recipient: to, status: "pending" });
    const [row] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.id, queued.body.data.id));
    expect(row!.textBody).toContain("Mail works");

    const form = await api.json("/mail/test", {
      method: "POST",
      headers: boss.auth,
      body: new URLSearchParams({ to: `${word()}@example.com` }),
    });
    expect(form.status).toBe(201);

    const bad = await api.json("/mail/test", json("POST", { to: "not an address" }, boss.auth));
    expect(bad.status).toBe(422);
    expect(bad.body.errors?.to).toBeDefined();
  });
});
