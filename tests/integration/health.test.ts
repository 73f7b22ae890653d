import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { getDatabase, migrationsFolder } from "~/db/client.server";
import { noteStorageFull } from "~/db/unavailable";
import { checkLiveness, checkReadiness } from "~/server/health.server";
import { beginShutdown, resetLifecycleForTests } from "~/server/lifecycle.server";
import { InsufficientStorageError, unavailableOr } from "~/services/errors";
import { useTestDatabase } from "../support/test-db";

// The answers behind /healthz and /readyz (scripts/server.mjs serves them); the processes are tested in tests/server.
const database = useTestDatabase();

afterEach(() => resetLifecycleForTests());

describe("the probes", () => {
  it("liveness is 200 whatever the database does", () => {
    expect(checkLiveness()).toEqual({ status: 200, headers: { "Cache-Control": "no-store" }, body: { status: "ok" } });
  });

  it("readiness is 200 on a migrated database", async () => {
    expect(await checkReadiness({ reuseMs: 0 })).toEqual({
      status: 200,
      headers: { "Cache-Control": "no-store" },
      body: { status: "ok", checks: { process: "ok", database: "ok", migrations: "ok" } },
    });
  });

  it("readiness is 503 while writes fail for want of storage (507), and 200 again once none has for a while", async () => {
    // PostgreSQL's answer to a write on a full disk, as the services' error mapping meets it
    const full = Object.assign(new Error('could not extend file "base/1/2": No space left on device'), {
      code: "53100",
    });
    expect(unavailableOr(full)).toBeInstanceOf(InsufficientStorageError);
    const during = await checkReadiness({ reuseMs: 0 });
    expect(during.status).toBe(503);
    expect(during.body.failed).toBe("database");
    expect(during.body.checks!.database).toMatch(/^storage full \(a write failed \d+ s ago\)$/);
    expect((await checkReadiness({ reuseMs: 0, storageFullWindowMs: 0 })).status).toBe(200);
    noteStorageFull(0); // the other tests start from a disk with room
  });

  it("readiness is 503 once the process is stopping, without asking the database", async () => {
    beginShutdown();
    expect(await checkReadiness({ reuseMs: 0 })).toEqual({
      status: 503,
      headers: { "Cache-Control": "no-store", "Retry-After": "5" },
      body: {
        status: "unavailable",
        failed: "process",
        checks: { process: "shutting down", database: "not checked", migrations: "not checked" },
      },
    });
  });

  it("readiness names the committed migration the database lacks", async () => {
    const rows = (result: unknown) =>
      (result as { rows: Array<{ id: number; hash: string; created_at: string }> }).rows;
    const [last] = rows(
      await database.db.execute(
        sql`select id, hash, created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`,
      ),
    );
    // the probe reads on a connection of its own: the row is really deleted, then put back
    await database.db.execute(sql`delete from drizzle.__drizzle_migrations where id = ${last!.id}`);
    try {
      const answer = await checkReadiness({ reuseMs: 0 });
      expect(answer.status).toBe(503);
      expect(answer.body).toMatchObject({
        failed: "migrations",
        checks: { database: "ok", migrations: `not applied: ${lastMigrationTag()}` },
      });
    } finally {
      await database.db.execute(
        sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${last!.id}, ${last!.hash}, ${last!.created_at})`,
      );
    }
    expect((await checkReadiness({ reuseMs: 0 })).status).toBe(200);
  });

  it("shares one database probe among the readiness checks of a second (a flood of /readyz opens no connections)", async () => {
    const probe = vi.spyOn(getDatabase(), "probe");
    try {
      const answers = await Promise.all(Array.from({ length: 20 }, () => checkReadiness()));
      expect(answers.every((answer) => answer.status === 200)).toBe(true);
      expect((await checkReadiness()).status).toBe(200);
      expect(probe.mock.calls.length).toBeLessThanOrEqual(1);
    } finally {
      probe.mockRestore();
    }
  });
});

/** The tag of the newest migration this checkout ships (drizzle/meta/_journal.json). */
function lastMigrationTag(): string {
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, "meta", "_journal.json"), "utf8")) as {
    entries: Array<{ tag: string }>;
  };
  return journal.entries.at(-1)!.tag;
}
