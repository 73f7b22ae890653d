import { afterEach, describe, expect, it } from "vitest";
import { createLogger, redactText, serializeError, setLogSink } from "~/lib/log.server";

const JWT =
  "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpZCI6MSwicm9sZXMiOlsiUk9MRV9VU0VSIl0sInN1YiI6ImFAYi5jIn0.c2lnbmF0dXJlLXNpZ25hdHVyZS1zaWc";
const HASH = "$argon2id$v=19$m=19456,t=2,p=1$c29tZXNhbHRzb21lc2FsdA$aGFzaGhhc2hoYXNoaGFzaGhhc2hoYXNoaGFzaA";
const REFRESH = "q3X9vL2mN8pR4tY7wZ1aB5cD6eF0gH2iJ4kL6mN8oP0";

function capture() {
  const lines: string[] = [];
  setLogSink((_level, line) => lines.push(line));
  return lines;
}

afterEach(() => setLogSink(undefined));

describe("the logger's redaction", () => {
  it("replaces tokens, hashes, card numbers and secrets in text", () => {
    const text = [
      `Authorization: Bearer ${JWT}`,
      `token ${JWT}`,
      `hash ${HASH}`,
      `refresh ${REFRESH}`,
      "card 4242 4242 4242 4242 and 4000000000000002 and 4000-0000-0000-9995",
      "stripe sk_test_51Habcdefghijklmnop whsec_abcdef123 pi_3Nabc_secret_xyz987",
      "postgres://shop:hunter2@db:5432/shop",
      "/login?password=hunter2&email=a@b.c",
      "Cookie: __session=abc.def",
    ].join("\n");
    const out = redactText(text);
    for (const secret of [
      JWT,
      HASH,
      "$argon2",
      REFRESH,
      "4242 4242 4242 4242",
      "4000000000000002",
      "4000-0000-0000-9995",
      "sk_test_51H",
      "whsec_",
      "_secret_xyz",
      "hunter2",
      "abc.def",
    ]) {
      expect(out).not.toContain(secret);
    }
    expect(out).toContain("email=a@b.c");
    expect(out).toContain("postgres://shop:[redacted]@db:5432/shop");
  });

  it("keeps what is not a secret: ids, timestamps that fail Luhn's check, SQL identifiers, paths", () => {
    const text =
      "order 1234 at 2026-11-24T10:00:00.000Z; pi_3NabcdefGhijk12345678; pi_test_AbCdEfGhIjKlMnOpQrStUv1234; insert into checkout_attempts_user_id_cart_hash_unique; /work/shop/node_modules/drizzle-orm/pg-core/session.js:41";
    expect(redactText(text)).toBe(text);
  });

  it("writes an error without drizzle's params, PGlite's params or the row in a violation's detail", () => {
    const error = Object.assign(
      new Error(`Failed query: insert into "users" ("email", "password_hash") values ($1, $2)\nparams: a@b.c,${HASH}`),
      {
        params: ["a@b.c", HASH],
        query: 'insert into "users" …',
        cause: Object.assign(new Error('new row for relation "users" violates check constraint "email_lower"'), {
          code: "23514",
          constraint: "email_lower",
          table: "users",
          detail: `Failing row contains (1, A@B.C, ${HASH.replace("$argon2id$", "$argon2id$")}).`,
        }),
      },
    );
    const lines = capture();
    createLogger("api").error("abc123 POST /api/v1/users/add failed", error);
    expect(lines).toHaveLength(1);
    const line = lines[0]!;
    expect(line).not.toContain("argon2");
    expect(line).not.toContain("a@b.c,");
    expect(line).toContain("Failed query: insert into");
    expect(line).toContain("23514");
    expect(line).toContain("email_lower");
    expect(line).toContain("[api] abc123 POST");
  });

  it("writes bytes as their length and values under secret keys as [redacted]", () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
    const lines = capture();
    createLogger("images").info("upload", {
      file: png,
      view: new Uint8Array([0xff, 0xd8, 0xff, 0xe0]),
      password: "hunter2",
      headers: { authorization: "anything", cookie: "x=y", accept: "image/png" },
      card: { number: "4242424242424242", cvc: "123" },
    });
    const line = lines[0]!;
    expect(line).toContain("[11 bytes]");
    expect(line).toContain("[4 bytes]");
    expect(line).not.toMatch(/hunter2|anything|x=y|4242|123"/);
    expect(line).toContain("image/png");
  });

  it("serialises an error's cause, code and stack frames, not its message repeated", () => {
    const inner = Object.assign(new Error("connection refused"), { code: "ECONNREFUSED" });
    const outer = new Error("query failed", { cause: inner });
    const serialised = serializeError(outer) as Record<string, unknown>;
    expect(serialised).toMatchObject({
      name: "Error",
      message: "query failed",
      cause: { message: "connection refused", code: "ECONNREFUSED" },
    });
    expect(Array.isArray(serialised.stack)).toBe(true);
    expect((serialised.stack as string[])[0]).toMatch(/^at /);
  });

  it("writes one JSON object per line with LOG_FORMAT=json", () => {
    const before = process.env.LOG_FORMAT;
    process.env.LOG_FORMAT = "json";
    try {
      const lines = capture();
      createLogger("shop").warn(`token ${JWT}`, { refreshToken: REFRESH });
      const parsed = JSON.parse(lines[0]!);
      expect(parsed).toMatchObject({
        level: "warn",
        scope: "shop",
        msg: "token [redacted jwt]",
        refreshToken: "[redacted]",
      });
    } finally {
      if (before === undefined) delete process.env.LOG_FORMAT;
      else process.env.LOG_FORMAT = before;
    }
  });
});
