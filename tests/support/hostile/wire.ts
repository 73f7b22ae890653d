import fc from "fast-check";

/** One request as it goes on the wire: the raw path (already encoded, junk included), headers and body bytes. */
export interface Probe {
  method: string;
  /** path and query exactly as sent, e.g. "/api/v1/products/search?brand=a%00" */
  path: string;
  headers: Record<string, string>;
  body?: Buffer;
}

export interface Answer {
  status: number;
  headers: Headers;
  text: string;
}

/** Sends a probe over HTTP (no redirects followed); an answer that never comes fails after `timeoutMs`. */
export async function send(origin: string, probe: Probe, timeoutMs = 20_000): Promise<Answer> {
  const response = await fetchWithCause(origin + probe.path, {
    method: probe.method,
    headers: probe.headers,
    body: probe.body && probe.method !== "GET" && probe.method !== "HEAD" ? new Uint8Array(probe.body) : undefined,
    redirect: "manual",
    signal: AbortSignal.timeout(timeoutMs),
  });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

/** fetch, with the network's reason in the message when there is no answer ("fetch failed" alone says nothing). */
async function fetchWithCause(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    throw new Error(`no answer: ${(error as Error).message} (${cause?.code ?? ""} ${cause?.message ?? ""})`);
  }
}

/** A probe as one line a person can read and replay (bodies cut short). */
export function describe(probe: Probe): string {
  const headers = Object.fromEntries(
    Object.entries(probe.headers).map(([k, v]) => [
      k,
      k === "cookie" || k === "authorization" ? `${v.slice(0, 24)}…` : v,
    ]),
  );
  const body = probe.body
    ? ` body(${probe.body.length} B)=${JSON.stringify(probe.body.subarray(0, 300).toString("latin1"))}`
    : "";
  return `${probe.method} ${probe.path.slice(0, 300)} headers=${JSON.stringify(headers).slice(0, 300)}${body}`;
}

// ---------------------------------------------------------------- encodings

/** Percent-encodes any text, lone surrogates included (as the UTF-8 of U+FFFD, what a browser sends for them). */
export function encode(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return [...Buffer.from(text, "utf8")].map((b) => `%${b.toString(16).padStart(2, "0").toUpperCase()}`).join("");
  }
}

/** Percent-encodings that are wrong or decode to something hostile: a server must read them as a 4xx, never a 500. */
export const BAD_ENCODINGS = [
  "%",
  "%2",
  "%zz",
  "%ff",
  "%c0%80",
  "%ed%a0%80",
  "%fe%ff",
  "%00",
  "a%00",
  "%0d%0a",
  "%e0%a4%a",
  "..",
  "%2e%2e",
  "%2f",
  "%5c",
];

/** A value as the text of a query string or form field: strings as they are, the rest as JSON. */
export function asText(value: unknown): string {
  if (typeof value === "string") return value;
  if (value === undefined) return "";
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

/** `key=value&…`, arrays as repeated keys; `junk` is appended as it is (bad encodings). */
export function queryString(fields: Record<string, unknown>, junk = ""): string {
  const pairs: string[] = [];
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) && value.length < 100 ? value : [value])
      pairs.push(`${encode(key)}=${encode(asText(item))}`);
  }
  if (junk) pairs.push(junk);
  return pairs.join("&");
}

export interface FilePart {
  field: string;
  name: string;
  type: string;
  bytes: Buffer;
}

/** A multipart body built by hand, so that it can also be built wrong. */
export function multipart(fields: Record<string, unknown>, files: FilePart[], boundary = "----fuzz7MA4YWxkTrZu0gW") {
  const chunks: Buffer[] = [];
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) && value.length < 100 ? value : [value]) {
      chunks.push(
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${key}"\r\n\r\n${asText(item)}\r\n`),
      );
    }
  }
  for (const file of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from("\r\n"),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** Bodies that are not what they claim to be: broken JSON, broken multipart, bytes that are not UTF-8. */
export const junkBody: fc.Arbitrary<{ contentType: string | undefined; body: Buffer }> = fc.oneof(
  fc
    .constantFrom(
      "{",
      '{"a":1,}',
      "nul",
      "'single'",
      '{"email":"a\u0000b"}',
      '{"email": "a\\u0000b@example.com", "password": "x\\u0000"}',
      "\ufeff{}",
      "[]",
      "null",
      "1e999",
      '"text"',
      "[".repeat(50_000),
      '{"a":'.repeat(20_000) + "1" + "}".repeat(20_000),
      '{"__proto__":{"isAdmin":true},"constructor":{"prototype":{"x":1}}}',
    )
    .map((text) => ({ contentType: "application/json", body: Buffer.from(text) })),
  fc
    .constantFrom(
      Buffer.from([0xff, 0xfe, 0xfd]),
      Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xc0, 0x80, 0x22, 0x7d]), // {"a":"<overlong NUL>"}
      Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xed, 0xa0, 0x80, 0x22, 0x7d]), // {"a":"<UTF-8 surrogate>"}
      Buffer.from('{"a":"\u00e9"}', "latin1"),
      Buffer.from('{"a":"b"}', "utf16le"),
    )
    .map((body) => ({ contentType: "application/json", body })),
  fc
    .constantFrom(
      "multipart/form-data",
      "multipart/form-data; boundary=",
      "multipart/form-data; boundary=nomatch",
      `multipart/form-data; boundary=${"b".repeat(200)}`,
      "multipart/mixed; boundary=x",
    )
    .chain((contentType) =>
      fc
        .constantFrom(
          '--x\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\n\r\nid,name\r\n',
          "--nomatch\r\nContent-Disposition: form-data\r\n\r\nvalue\r\n--nomatch--\r\n",
          '--nomatch\r\nContent-Disposition: form-data; name="file"; filename="../../x\u0000.png"\r\n\r\n\u0000\u0001',
          "--nomatch\r\n\r\n\r\n--nomatch--",
          "garbage",
          "",
        )
        .map((text) => ({ contentType, body: Buffer.from(text) })),
    ),
  fc
    .constantFrom("a=%zz&b=%", "=&&=&%ff%fe=1", "email=a%00b&password=%00", "a=" + "%41".repeat(40_000), "x".repeat(10))
    .map((text) => ({ contentType: "application/x-www-form-urlencoded", body: Buffer.from(text) })),
  fc
    .tuple(
      fc.constantFrom(
        undefined,
        "text/plain",
        "application/xml",
        "application/json; charset=utf-16",
        "APPLICATION/JSON",
        "text/csv",
        "image/png",
        "*/*",
        ";;;",
      ),
      fc.constantFrom('{"a":1}', "a,b\n1,2", "<x/>", "", "\u0000"),
    )
    .map(([contentType, text]) => ({ contentType, body: Buffer.from(text) })),
);

/**
 * Headers a client may send with anything, most often none: cookies that are not ours or not decodable, forwarded
 * addresses and hosts that are junk, request ids that are too long.
 */
export const junkHeaders: fc.Arbitrary<Record<string, string>> = fc.oneof(
  { weight: 8, arbitrary: fc.constant({}) },
  {
    weight: 1,
    arbitrary: fc.constantFrom<Record<string, string>>(
      { cookie: "refreshToken=%E0%A4%A" },
      { cookie: `refreshToken=${"a".repeat(5_000)}` },
      { cookie: "refreshToken=eyJhbGciOiJIUzI1NiJ9.e30.x; __session=%" },
      { "x-forwarded-for": "garbage, , 999.999.1.1" },
      { "x-forwarded-for": "::1, 127.0.0.1" },
      { "x-forwarded-host": "evil.example" },
      { "x-forwarded-proto": "gopher" },
      { "x-request-id": "x".repeat(500) },
      { "x-request-id": "a b\tc" },
      { "accept-language": "zz-ZZ;q=xx" },
      { range: "bytes=999999999999-" },
      { "if-none-match": '"' + "a".repeat(2_000) + '"' },
    ),
  },
);
