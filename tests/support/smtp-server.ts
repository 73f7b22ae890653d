import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { parseMail, type ParsedMail } from "./mime";

/** A message the server accepted: the envelope and what it was given after DATA, read. */
export interface ReceivedMail {
  envelopeFrom: string;
  envelopeTo: string[];
  raw: Buffer;
  mail: ParsedMail;
}

/** An answer the server gives instead of accepting: its SMTP code and text. */
export interface Refusal {
  code: number;
  message: string;
}

export interface SmtpTestServer {
  /** smtp://127.0.0.1:<port> (no TLS, no login: what SMTP_URL would be) */
  url: string;
  received: ReceivedMail[];
  /** how many messages were refused (at the recipient or after DATA) */
  refused: number;
  /** the next `times` messages are refused after DATA with `refusal` (4xx: try later; 5xx: never) */
  refuseData(refusal: Refusal, times?: number): void;
  /** every RCPT TO of `address` is refused with `refusal` */
  refuseRecipient(address: string, refusal: Refusal): void;
  /** each message is held this long before it is accepted (so that senders overlap) */
  delayMs: number;
  close(): Promise<void>;
}

const smtpError = ({ code, message }: Refusal) => Object.assign(new Error(message), { responseCode: code });

/**
 * A real SMTP server (the smtp-server package) on a free loopback port, for the mail tests: it accepts anything
 * without a login or TLS, keeps what it receives, and refuses what the test tells it to.
 */
export async function startSmtpServer(): Promise<SmtpTestServer> {
  const dataRefusals: Refusal[] = [];
  const recipientRefusals = new Map<string, Refusal>();
  const state: SmtpTestServer = {
    url: "",
    received: [],
    refused: 0,
    delayMs: 0,
    refuseData(refusal, times = 1) {
      for (let i = 0; i < times; i++) dataRefusals.push(refusal);
    },
    refuseRecipient(address, refusal) {
      recipientRefusals.set(address.toLowerCase(), refusal);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onRcptTo(address, _session, callback) {
      const refusal = recipientRefusals.get(address.address.toLowerCase());
      if (refusal) state.refused++;
      callback(refusal ? smtpError(refusal) : null);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const refusal = dataRefusals.shift();
        if (refusal) {
          state.refused++;
          callback(smtpError(refusal));
          return;
        }
        const raw = Buffer.concat(chunks);
        const accept = () => {
          state.received.push({
            envelopeFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
            envelopeTo: session.envelope.rcptTo.map((r) => r.address),
            raw,
            mail: parseMail(raw),
          });
          callback(null);
        };
        if (state.delayMs > 0) setTimeout(accept, state.delayMs);
        else accept();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  // a client that drops its connection (a test ending) is no failure of the test
  server.on("error", () => {});
  state.url = `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
  return state;
}
