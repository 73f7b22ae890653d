import { describe, expect, it } from "vitest";
import { ProbeTimeoutError, type Database } from "~/db/client.server";
import { DatabaseUnavailableError, describeDatabaseUrl, waitForDatabase } from "~/server/wait-for-database.server";

function errno(code: string, message = `connect ${code} 10.0.0.5:5432`) {
  return Object.assign(new Error(message), { code });
}

/** A database whose probe fails with the given errors, one per try, then answers. */
function flakyDatabase(failures: unknown[]) {
  let tries = 0;
  const database = {
    probe: async () => {
      tries += 1;
      if (failures.length > 0) throw failures.shift();
      return [];
    },
  } as unknown as Database;
  return { database, tries: () => tries };
}

const instant = { sleep: async () => undefined };

describe("waiting for the database at start", () => {
  it("tries again after network failures, one line per failed try, until it answers", async () => {
    const lines: string[] = [];
    const { database, tries } = flakyDatabase([
      errno("ECONNREFUSED"),
      new ProbeTimeoutError(5000),
      Object.assign(new Error("the database system is starting up"), { code: "57P03" }),
    ]);
    await waitForDatabase(database, { timeoutMs: 60_000, name: "db:5432/shop", log: (l) => lines.push(l), ...instant });
    expect(tries()).toBe(4);
    expect(lines).toHaveLength(4);
    expect(lines[0]).toMatch(
      /^\[shop\] database db:5432\/shop not reachable \(connect ECONNREFUSED 10\.0\.0\.5:5432\): try 1 failed, next in 0\.5 s, giving up in \d+ s$/,
    );
    expect(lines[1]).toMatch(/no answer within 5000 ms\): try 2 failed, next in 1\.0 s/);
    expect(lines[2]).toMatch(/\(SQLSTATE 57P03\)\): try 3 failed, next in 2\.0 s/);
    expect(lines[3]).toMatch(/^\[shop\] database db:5432\/shop answered after 4 tries/);
  });

  it("gives up after the time allowed, saying how long it tried and why", async () => {
    const { database } = flakyDatabase(Array.from({ length: 1000 }, () => errno("EHOSTUNREACH")));
    const lines: string[] = [];
    const started = Date.now();
    const error = await waitForDatabase(database, {
      timeoutMs: 300,
      name: "db:5432/shop",
      log: (l) => lines.push(l),
      sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DatabaseUnavailableError);
    expect((error as Error).message).toMatch(
      /^database db:5432\/shop still unreachable after 0\.\d s \(\d tries, DB_START_TIMEOUT_MS=300\): connect EHOSTUNREACH/,
    );
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(lines.length).toBeGreaterThanOrEqual(1);
  });

  it("does not wait for what waiting cannot cure: a refused password, a missing database", async () => {
    for (const failure of [
      Object.assign(new Error('password authentication failed for user "shop"'), { code: "28P01" }),
      Object.assign(new Error('database "shop" does not exist'), { code: "3D000" }),
    ]) {
      const { database, tries } = flakyDatabase([failure]);
      const error = await waitForDatabase(database, {
        timeoutMs: 60_000,
        name: "db",
        log: () => undefined,
        ...instant,
      }).catch((e: unknown) => e);
      expect(tries()).toBe(1);
      expect((error as Error).message).toMatch(/^database db refused the connection: .*\(SQLSTATE (28P01|3D000)\)$/);
    }
  });

  it("names the database without its credentials", () => {
    expect(describeDatabaseUrl("postgres://shop:s3cret@db.internal:6432/gearhub?sslmode=require")).toBe(
      "db.internal:6432/gearhub",
    );
    expect(describeDatabaseUrl("postgresql://localhost/gearhub")).toBe("localhost:5432/gearhub");
  });
});
