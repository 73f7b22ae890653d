import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { unexpectedErrorResponse } from "~/api/errors";
import { images, users } from "~/db/schema";
import { hashPassword } from "~/services/accounts/passwords.server";
import { createLogger, setLogSink } from "~/lib/log.server";
import { word } from "../support/factories";
import { useTestDatabase } from "../support/test-db";

// Database errors carry their statement's values: drizzle writes them into the message ("params: …"), PGlite and
// drizzle keep them as `params`, and a check or not-null violation lists the failing row in `detail`. The log gets
// none of them (docs/decisions/0016-security-headers-and-logs.md).

const database = useTestDatabase();
const PASSWORD = "correct horse battery";
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);

/** The error a statement throws. */
async function failure(statement: Promise<unknown>): Promise<Error> {
  try {
    await statement;
  } catch (error) {
    return error as Error;
  }
  throw new Error("expected the statement to fail");
}

function captureLog() {
  const lines: string[] = [];
  setLogSink((_level, line) => lines.push(line));
  return lines;
}

afterEach(() => setLogSink(undefined));

/** Everything about an error that an unredacted console.error would have written. */
function everything(error: unknown): string {
  const seen = new Set<unknown>();
  const parts: string[] = [];
  const walk = (value: unknown) => {
    if (value === null || value === undefined || seen.has(value)) return;
    seen.add(value);
    if (value instanceof Error) {
      parts.push(value.message, value.stack ?? "");
      for (const key of Object.keys(value)) walk((value as unknown as Record<string, unknown>)[key]);
      walk(value.cause);
    } else if (Buffer.isBuffer(value) || value instanceof Uint8Array) {
      parts.push(Buffer.from(value).toString("latin1"));
    } else if (Array.isArray(value)) value.forEach(walk);
    else parts.push(String(value));
  };
  walk(error);
  return parts.join("\n");
}

describe("database errors in the log", () => {
  it("a unique violation on a user with a password hash: the API's 500 logs the failure, not the hash", async () => {
    const hash = await hashPassword(PASSWORD);
    const email = `${word()}@example.com`;
    const user = { firstName: "Log", lastName: "Test", email, passwordHash: hash };
    await database.db.insert(users).values(user);
    const error = await failure(database.db.insert(users).values({ ...user, email: email.toUpperCase() }));
    // the error does carry the hash: the test would catch a logger that wrote it
    expect(everything(error)).toContain(hash);

    const lines = captureLog();
    const response = unexpectedErrorResponse(error, "req-123", "POST /api/v1/users/add");
    expect(response.status).toBe(500);
    expect(lines).toHaveLength(1);
    const line = lines[0]!;
    expect(line).toContain("req-123 POST /api/v1/users/add failed");
    expect(line).toContain("users_email_lower_key");
    expect(line).toContain("Failed query: insert into");
    expect(line).not.toContain(hash);
    expect(line).not.toContain("$argon2");
    expect(line).not.toContain(email.toUpperCase());
  });

  it("a not-null violation, whose detail lists the failing row with its hash: the row is left out", async () => {
    const hash = await hashPassword(PASSWORD);
    const error = await failure(
      database.db.execute(
        sql`insert into users (first_name, last_name, email, password_hash) values (${null}, 'x', ${`${word()}@example.com`}, ${hash})`,
      ),
    );
    expect(everything(error)).toContain(hash);
    const lines = captureLog();
    createLogger("test").error("insert failed", error);
    expect(lines[0]).toContain("23502");
    expect(lines[0]).not.toContain("$argon2");
  });

  it("an image insert that fails: the log holds neither the file's bytes nor their PNG signature", async () => {
    const error = await failure(
      database.db.insert(images).values({
        productId: 2_000_000_000,
        fileName: "x.png",
        contentType: "image/png",
        width: 1,
        height: 1,
        byteSize: PNG.length,
        etag: "x",
        data: PNG,
      }),
    );
    expect(everything(error)).toContain("PNG");
    const lines = captureLog();
    unexpectedErrorResponse(error, "req-456", "POST /api/v1/images/upload");
    const line = lines[0]!;
    expect(line).toContain("23503");
    expect(line).not.toContain("PNG");
    expect(line).not.toMatch(/89 50 4e 47|137,80,78,71|\x89/);
  });
});
