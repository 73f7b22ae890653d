import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { nanoid } from "nanoid";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openPglite, openPostgres, type Database } from "~/db/client.server";
import { categories, products, users } from "~/db/schema";
import { lockDataDir } from "~/server/data-dir-lock.server.mjs";
import { seedDemoCatalogue } from "~/server/seed/seed.server";
import { createCategory, createImage, createProduct } from "../support/factories";
import { testDatabaseUrls } from "../support/postgres-url";
import { scriptCommand } from "../support/script-command";
import { testDbKind } from "../support/test-db";

// `npm run backup` and `npm run restore`, run as an operator runs them, on the suite's kind of database: a seeded and
// then modified shop is backed up, changed again, restored, and must then hold exactly what it held at the backup:
// every table's rows (count and checksum) and every sequence's position. The first backup and restore of each kind go
// through npm as typed; the other runs start the same script's bundle (tests/support/script-bundles.ts).

/** What a database holds: per table, its row count and an md5 of its rows in a stable order; per sequence, its position. */
async function fingerprint(db: Database["db"]) {
  const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;
  const tables = rows<{ name: string }>(
    await db.execute(sql`select quote_ident(table_schema) || '.' || quote_ident(table_name) as name
      from information_schema.tables
      where table_type = 'BASE TABLE' and table_schema in ('public', 'drizzle') order by 1`),
  );
  const result: Record<string, string> = {};
  for (const { name } of tables) {
    const [row] = rows<{ n: number; sum: string | null }>(
      await db.execute(
        sql.raw(`select count(*)::int as n, md5(string_agg(t::text, E'\\n' order by t::text)) as sum from ${name} t`),
      ),
    );
    result[name] = `${row!.n} rows, ${row!.sum ?? "-"}`;
  }
  const sequences = rows<{ name: string }>(
    await db.execute(sql`select quote_ident(schemaname) || '.' || quote_ident(sequencename) as name
      from pg_sequences where schemaname in ('public', 'drizzle') order by 1`),
  );
  for (const { name } of sequences) {
    const [row] = rows<{ last_value: string; is_called: boolean }>(
      await db.execute(sql.raw(`select last_value::text, is_called from ${name}`)),
    );
    result[`${name} (sequence)`] = `${row!.last_value} ${row!.is_called}`;
  }
  return result;
}

/** A shop with a catalogue, an image, and then some changes (so sequences have moved past deleted rows). */
async function fillShop(db: Database["db"]) {
  await seedDemoCatalogue(db, { withImages: false });
  const category = await createCategory(db);
  const product = await createProduct(db, { categoryId: category.id });
  await createImage(db, product.id, { width: 300, height: 300 });
  await db.delete(products).where(sql`${products.id} = (select min(id) from products)`);
  await db
    .insert(users)
    .values({ firstName: "Ada", lastName: "Shopper", email: `ada-${nanoid(6)}@example.com`, passwordHash: "x" });
}

/** Changes made after the backup, which the restore must undo. */
async function changeShop(db: Database["db"]) {
  await db.delete(products).where(sql`${products.id} in (select id from products order by id limit 5)`);
  await db.update(categories).set({ name: sql`${categories.name} || ' (renamed)'` });
  await db
    .insert(users)
    .values({ firstName: "Late", lastName: "Comer", email: `late-${nanoid(6)}@example.com`, passwordHash: "x" });
}

function npmRun(
  script: "backup" | "restore",
  args: string[],
  env: Record<string, string | undefined>,
  via: "npm" | "bundle" = "bundle",
) {
  const childEnv: NodeJS.ProcessEnv = { ...process.env, ...env };
  for (const [name, value] of Object.entries(env)) if (value === undefined) delete childEnv[name];
  const [command, commandArgs] =
    via === "npm"
      ? ["npm", ["run", "--silent", script, "--", ...args]]
      : [process.execPath, [...scriptCommand(script), ...args]];
  return new Promise<{ code: number | null; out: string; err: string }>((resolve, reject) => {
    const child = spawn(command, commandArgs, { cwd: process.cwd(), env: childEnv });
    let out = "";
    let err = "";
    child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (err += chunk.toString()));
    child.once("error", reject);
    child.once("close", (code) => resolve({ code, out, err }));
  });
}

const work = fs.mkdtempSync(path.join(os.tmpdir(), "shop-backup-test-"));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

describe.skipIf(testDbKind !== "pglite")("backup and restore of the embedded database", () => {
  const dataDir = path.join(work, "data");
  const pgdata = path.join(dataDir, "pgdata");
  const file = path.join(work, "shop.backup");
  const env = { DATA_DIR: dataDir, DATABASE_URL: undefined };

  async function withShop<T>(fn: (db: Database["db"]) => Promise<T>): Promise<T> {
    const database = await openPglite(pgdata);
    try {
      return await fn(database.db);
    } finally {
      await database.close();
    }
  }

  let atBackup: Record<string, string>;
  beforeAll(async () => {
    fs.mkdirSync(dataDir, { recursive: true });
    const database = await openPglite(pgdata);
    await database.migrate();
    await fillShop(database.db);
    atBackup = await fingerprint(database.db);
    await database.close();
  }, 120_000);

  it(
    "backs up, refuses to overwrite, and restores exactly what was backed up (keeping the replaced database)",
    { timeout: 90_000 },
    async () => {
      const made = await npmRun("backup", [file], env, "npm");
      expect(made, made.err).toMatchObject({ code: 0 });
      expect(made.out).toMatch(/^\[backup\] embedded database .* → .*shop\.backup \(/);
      expect(fs.readFileSync(file).subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b]));

      const again = await npmRun("backup", [file], env);
      expect(again.code).toBe(1);
      expect(again.err.trim()).toBe(
        `[backup] ${file} exists: choose another file name, or add --force to overwrite it`,
      );

      const changed = await withShop(async (db) => {
        await changeShop(db);
        return fingerprint(db);
      });
      expect(changed).not.toEqual(atBackup);

      // over an existing database only with --force
      const refused = await npmRun("restore", [file], env);
      expect(refused.code).toBe(1);
      expect(refused.err).toMatch(/already holds a database: add --force to replace it/);
      expect(await withShop(fingerprint)).toEqual(changed);

      const restored = await npmRun("restore", [file, "--force"], env, "npm");
      expect(restored, restored.err).toMatchObject({ code: 0 });
      expect(await withShop(fingerprint)).toEqual(atBackup);

      // the replaced database is kept aside, whole
      const aside = fs.readdirSync(dataDir).filter((name) => name.startsWith("pgdata.before-restore-"));
      expect(aside).toHaveLength(1);
      expect(restored.out).toContain(`kept in ${path.join(dataDir, aside[0]!)}`);
      const kept = await openPglite(path.join(dataDir, aside[0]!));
      expect(await fingerprint(kept.db)).toEqual(changed);
      await kept.close();
    },
  );

  it("restores into an empty data directory without --force", async () => {
    const fresh = path.join(work, "fresh-data");
    const restored = await npmRun("restore", [file], { DATA_DIR: fresh, DATABASE_URL: undefined });
    expect(restored, restored.err).toMatchObject({ code: 0 });
    const database = await openPglite(path.join(fresh, "pgdata"));
    expect(await fingerprint(database.db)).toEqual(atBackup);
    await database.close();
  });

  it("refuses while another process uses the data directory (the shop is running)", async () => {
    // this test process holds the lock, as a running shop would
    const release = lockDataDir(dataDir);
    try {
      for (const [script, args] of [
        ["backup", [path.join(work, "other.backup")]],
        ["restore", [file, "--force"]],
      ] as const) {
        const result = await npmRun(script, [...args], env);
        expect(result.code).toBe(1);
        expect(result.err.trim()).toMatch(new RegExp(`^\\[${script}\\] .* is in use by process ${process.pid} `));
      }
    } finally {
      release();
    }
  });

  it("says so when given a PostgreSQL backup or something else", async () => {
    const dump = path.join(work, "not-ours.dump");
    fs.writeFileSync(dump, "PGDMP\u0001\u000e");
    expect((await npmRun("restore", [dump], env)).err).toMatch(/is a PostgreSQL backup \(pg_dump\): set DATABASE_URL/);
    fs.writeFileSync(dump, "hello");
    expect((await npmRun("restore", [dump], env)).err).toMatch(/is not a backup of this shop/);
  });
});

describe.skipIf(testDbKind !== "postgres")("backup and restore of a PostgreSQL database", () => {
  const { base, maintenanceUrl, withDatabase } = testDatabaseUrls();
  // databases of their own, named like the suite's others so that its clean-up finds them after a cut-short run
  const names = {
    shop: `${base}_bk_${nanoid(8)
      .toLowerCase()
      .replace(/[^a-z0-9]/g, "x")}`,
    scratch: "",
  };
  names.scratch = `${names.shop}_scratch`;
  const file = path.join(work, "shop.dump");
  let shop: Database;
  let atBackup: Record<string, string>;

  async function admin(statement: string) {
    const client = new pg.Client({ connectionString: maintenanceUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  }

  beforeAll(async () => {
    await admin(`CREATE DATABASE "${names.shop}"`);
    await admin(`CREATE DATABASE "${names.scratch}"`);
    shop = await openPostgres(withDatabase(names.shop), { max: 2 });
    await shop.migrate();
    await fillShop(shop.db);
    atBackup = await fingerprint(shop.db);
  }, 120_000);

  afterAll(async () => {
    await shop?.close();
    for (const name of Object.values(names)) await admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  });

  it(
    "backs up with pg_dump and restores exactly the backup, keeping a dump of what it replaced",
    { timeout: 90_000 },
    async () => {
      const url = withDatabase(names.shop);
      const made = await npmRun("backup", [file], { DATABASE_URL: url }, "npm");
      expect(made, made.err).toMatchObject({ code: 0 });
      expect(fs.readFileSync(file).subarray(0, 5).toString()).toBe("PGDMP");

      await changeShop(shop.db);
      // and a table of a migration newer than the backup: the restore must not leave it behind
      await shop.db.execute(sql`create table later_migration (id int primary key)`);
      const changed = await fingerprint(shop.db);
      expect(changed).not.toEqual(atBackup);

      const refused = await npmRun("restore", [file], { DATABASE_URL: url });
      expect(refused.code).toBe(1);
      expect(refused.err).toMatch(/is not empty \(\d+ tables\): add --force to replace its content/);
      expect(await fingerprint(shop.db)).toEqual(changed);

      const restored = await npmRun("restore", [file, "--force"], { DATABASE_URL: url }, "npm");
      expect(restored, restored.err).toMatchObject({ code: 0 });
      expect(restored.out).toContain("dropping tables the backup does not have: public.later_migration");
      expect(await fingerprint(shop.db)).toEqual(atBackup);

      // what was replaced is in a dump next to the backup; restored into the scratch database it is the changed shop
      const aside = fs.readdirSync(work).filter((name) => name.startsWith(`${names.shop}-before-restore-`));
      expect(aside).toHaveLength(1);
      const intoScratch = await npmRun("restore", [path.join(work, aside[0]!)], {
        DATABASE_URL: withDatabase(names.scratch),
      });
      expect(intoScratch, intoScratch.err).toMatchObject({ code: 0 });
      const scratch = await openPostgres(withDatabase(names.scratch), { max: 1 });
      try {
        expect(await fingerprint(scratch.db)).toEqual(changed);
      } finally {
        await scratch.close();
      }
    },
  );

  it("says so when given a backup of the embedded database", async () => {
    const tarball = path.join(work, "embedded.backup");
    fs.writeFileSync(tarball, Buffer.from([0x1f, 0x8b, 0x08, 0x00]));
    const result = await npmRun("restore", [tarball], { DATABASE_URL: withDatabase(names.scratch) });
    expect(result.code).toBe(1);
    expect(result.err).toMatch(/is a backup of the embedded database: unset DATABASE_URL/);
  });
});
