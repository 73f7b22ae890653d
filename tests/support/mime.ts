/**
 * A reader of the messages the shop sends (RFC 5322 with MIME): headers unfolded and their encoded words decoded,
 * multipart bodies split, quoted-printable and base64 parts decoded in their charset. Enough for what nodemailer writes
 * (and for a test to be sure of what a mail client would show), written here because the tests need nothing more and
 * no MIME parser is among the project's dependencies. The integration tests read what the SMTP server received with
 * it, the end-to-end helper (tests/e2e/mailbox.ts) the .eml files of the embedded shop.
 */

export interface ParsedMail {
  /** every header, names in lower case, values unfolded and decoded, in order */
  headers: Array<[name: string, value: string]>;
  header(name: string): string | undefined;
  subject: string;
  from: string;
  to: string;
  messageId: string;
  /** the text/plain part ("" if there is none) */
  text: string;
  /** the text/html part ("" if there is none) */
  html: string;
  /** the content types of the leaf parts, in order (e.g. ["text/plain", "text/html"]) */
  parts: string[];
  /** every http(s) address in the HTML's href attributes and the plain text, once each, in order */
  links: string[];
}

interface Part {
  headers: Array<[string, string]>;
  body: Buffer;
}

const CRLF_BLANK = /\r?\n\r?\n/;

/** Splits raw bytes at the first blank line into header lines (unfolded) and the body. */
function splitPart(raw: Buffer): Part {
  const latin = raw.toString("latin1");
  const match = CRLF_BLANK.exec(latin);
  const headEnd = match ? match.index : latin.length;
  const bodyStart = match ? match.index + match[0].length : latin.length;
  const head = latin.slice(0, headEnd).replace(/\r?\n[ \t]+/g, " ");
  const headers: Array<[string, string]> = [];
  for (const line of head.split(/\r?\n/)) {
    const colon = line.indexOf(":");
    if (colon <= 0) continue;
    // header bytes are 7-bit (or UTF-8 under SMTPUTF8): read them as UTF-8
    const value = Buffer.from(line.slice(colon + 1).trim(), "latin1").toString("utf8");
    headers.push([line.slice(0, colon).trim().toLowerCase(), decodeWords(value)]);
  }
  return { headers, body: raw.subarray(Buffer.byteLength(latin.slice(0, bodyStart), "latin1")) };
}

function headerOf(headers: Array<[string, string]>, name: string): string | undefined {
  return headers.find(([n]) => n === name)?.[1];
}

/** "text/plain; charset=utf-8; format=flowed" → { type: "text/plain", params: { charset: "utf-8", … } } */
export function parseContentType(value: string | undefined): { type: string; params: Record<string, string> } {
  if (!value) return { type: "text/plain", params: { charset: "us-ascii" } };
  const [type, ...rest] = value.split(";");
  const params: Record<string, string> = {};
  const re = /\s*([^=\s]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;]*))/g;
  const tail = rest.join(";");
  for (let m = re.exec(tail); m; m = re.exec(tail)) {
    params[m[1]!.toLowerCase()] = m[2] !== undefined ? m[2].replace(/\\(.)/g, "$1") : m[3]!.trim();
  }
  return { type: type!.trim().toLowerCase(), params };
}

function decodeCharset(bytes: Buffer, charset = "utf-8"): string {
  try {
    return new TextDecoder(charset.toLowerCase() === "us-ascii" ? "utf-8" : charset).decode(bytes);
  } catch {
    return bytes.toString("utf8");
  }
}

/** Quoted-printable (RFC 2045 §6.7) to bytes: soft line breaks removed, =XX turned into the byte. */
export function decodeQuotedPrintable(text: string, { underscoreIsSpace = false } = {}): Buffer {
  const source = (underscoreIsSpace ? text.replace(/_/g, " ") : text).replace(/=\r?\n/g, "");
  const bytes: number[] = [];
  for (let i = 0; i < source.length; i++) {
    const c = source[i]!;
    const hex = source.slice(i + 1, i + 3);
    if (c === "=" && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(c, "latin1"));
    }
  }
  return Buffer.from(bytes);
}

/** RFC 2047 encoded words (=?utf-8?Q?…?= and =?utf-8?B?…?=); the space between two of them is dropped. */
export function decodeWords(value: string): string {
  return value
    .replace(/(=\?[^?]+\?[QqBb]\?[^?]*\?=)\s+(?==\?[^?]+\?[QqBb]\?[^?]*\?=)/g, "$1")
    .replace(
      /=\?([^?*]+)(?:\*[^?]*)?\?([QqBb])\?([^?]*)\?=/g,
      (_m, charset: string, encoding: string, text: string) => {
        const bytes =
          encoding.toUpperCase() === "B"
            ? Buffer.from(text, "base64")
            : decodeQuotedPrintable(text, { underscoreIsSpace: true });
        return decodeCharset(bytes, charset);
      },
    );
}

function decodeBody(part: Part): Buffer {
  const encoding = (headerOf(part.headers, "content-transfer-encoding") ?? "7bit").trim().toLowerCase();
  if (encoding === "base64") return Buffer.from(part.body.toString("latin1").replace(/\s+/g, ""), "base64");
  if (encoding === "quoted-printable") return decodeQuotedPrintable(part.body.toString("latin1"));
  return part.body;
}

/** The leaf parts of a part, depth first, multipart containers opened. */
function leaves(part: Part): Part[] {
  const { type, params } = parseContentType(headerOf(part.headers, "content-type"));
  if (!type.startsWith("multipart/") || !params.boundary) return [part];
  const body = part.body.toString("latin1");
  const delimiter = `--${params.boundary}`;
  const pieces = body.split(new RegExp(`(?:^|\\r?\\n)${delimiter.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`));
  // pieces[0] is the preamble; the piece that starts with "--" is the epilogue after the closing delimiter
  return pieces
    .slice(1)
    .filter((piece) => !piece.startsWith("--"))
    .flatMap((piece) => leaves(splitPart(Buffer.from(piece.replace(/^[ \t]*\r?\n/, ""), "latin1"))));
}

const decodeEntities = (value: string) =>
  value
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");

function linksOf(html: string, text: string): string[] {
  const found: string[] = [];
  for (const m of html.matchAll(/\bhref\s*=\s*"([^"]*)"/gi)) found.push(decodeEntities(m[1]!));
  for (const m of text.matchAll(/https?:\/\/[^\s<>"')\]]+/g)) found.push(m[0].replace(/[.,;:!?]+$/, ""));
  return [...new Set(found.filter((link) => /^https?:\/\//i.test(link)))];
}

/** Reads one message (the bytes of an .eml file, or what an SMTP server received as DATA). */
export function parseMail(raw: Buffer | string): ParsedMail {
  const top = splitPart(typeof raw === "string" ? Buffer.from(raw, "utf8") : raw);
  let text = "";
  let html = "";
  const parts: string[] = [];
  for (const leaf of leaves(top)) {
    const { type, params } = parseContentType(headerOf(leaf.headers, "content-type"));
    parts.push(type);
    const disposition = headerOf(leaf.headers, "content-disposition") ?? "";
    if (/^attachment/i.test(disposition)) continue;
    const content = decodeCharset(decodeBody(leaf), params.charset);
    if (type === "text/plain" && !text) text = content;
    else if (type === "text/html" && !html) html = content;
  }
  const header = (name: string) => headerOf(top.headers, name.toLowerCase());
  return {
    headers: top.headers,
    header,
    subject: header("subject") ?? "",
    from: header("from") ?? "",
    to: header("to") ?? "",
    messageId: header("message-id") ?? "",
    text,
    html,
    parts,
    links: linksOf(html, text),
  };
}
