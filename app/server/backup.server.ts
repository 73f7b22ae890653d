import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { pgliteExtensions } from "~/db/client.server";
import { lockDataDir } from "./data-dir-lock.server.mjs";

/**
 * `npm run backup -- <file>` and `npm run restore -- <file> [--force]` (scripts/backup.ts, scripts/restore.ts).
 * With DATABASE_URL: pg_dump's custom format, restored by pg_restore in one transaction. Without it: the embedded
 * database's directory (DATA_DIR/pgdata) as PGlite's gzipped tarball, which the shop must not be using meanwhile.
 * Nothing is ever deleted: a restore over existing data keeps that data aside (a renamed directory, or a dump of the
 * PostgreSQL database taken just before) and says where.
 */

export class BackupError extends Error {}

export interface BackupTarget {
  /** postgres://… or undefined for the embedded database */
  databaseUrl: string | undefined;
  dataDir: string;
}

export function backupTarget(env: NodeJS.ProcessEnv = process.env): BackupTarget {
  return {
    databaseUrl: env.DATABASE_URL?.trim() || undefined,
    dataDir: path.resolve(env.DATA_DIR || "./data"),
  };
}

type Log = (line: string) => void;

const PG_DUMP_MAGIC = "PGDMP";
const GZIP_MAGIC = Buffer.from([0x1f, 0x8b]);

/** A moment that sorts and fits in a file name: 2026-11-24T02-15-09Z */
function stamp(date = new Date()) {
  return date
    .toISOString()
    .replace(/\.\d+Z$/, "Z")
    .replace(/:/g, "-");
}

function kindOf(file: string): "postgres" | "pglite" | "unknown" {
  const fd = fs.openSync(file, "r");
  try {
    const head = Buffer.alloc(5);
    fs.readSync(fd, head, 0, 5, 0);
    if (head.toString("latin1") === PG_DUMP_MAGIC) return "postgres";
    if (head.subarray(0, 2).equals(GZIP_MAGIC)) return "pglite";
    return "unknown";
  } finally {
    fs.closeSync(fd);
  }
}

/** Writes through a temporary name in the same folder, so a failed backup never leaves a partial file behind. */
async function writeAtomically(file: string, write: (partial: string) => Promise<void>) {
  const partial = `${file}.partial-${process.pid}`;
  try {
    await write(partial);
    fs.renameSync(partial, file);
  } finally {
    fs.rmSync(partial, { force: true });
  }
}

export async function backup({
  file,
  force = false,
  target = backupTarget(),
  log = console.log,
}: {
  file: string;
  force?: boolean;
  target?: BackupTarget;
  log?: Log;
}): Promise<void> {
  const out = path.resolve(file);
  if (fs.existsSync(out) && !force) {
    throw new BackupError(`${out} exists: choose another file name, or add --force to overwrite it`);
  }
  fs.mkdirSync(path.dirname(out), { recursive: true });
  const started = Date.now();
  if (target.databaseUrl) {
    const url = target.databaseUrl;
    await writeAtomically(out, async (partial) => {
      await pgTool("pg_dump", ["--format=custom", `--file=${partial}`], url);
    });
    log(`[backup] PostgreSQL ${databaseName(url)} → ${out} (${size(out)}, ${Date.now() - started} ms)`);
  } else {
    const pgdata = path.join(target.dataDir, "pgdata");
    if (!fs.existsSync(pgdata)) throw new BackupError(`no embedded database at ${pgdata} (is DATA_DIR right?)`);
    const release = lockDataDir(target.dataDir);
    try {
      const db = await PGlite.create(pgdata, { extensions: pgliteExtensions });
      try {
        const tarball = await db.dumpDataDir("gzip");
        await writeAtomically(out, async (partial) =>
          fs.writeFileSync(partial, Buffer.from(await tarball.arrayBuffer())),
        );
      } finally {
        await db.close();
      }
    } finally {
      release();
    }
    log(`[backup] embedded database ${pgdata} → ${out} (${size(out)}, ${Date.now() - started} ms)`);
  }
}

export async function restore({
  file,
  force = false,
  target = backupTarget(),
  log = console.log,
}: {
  file: string;
  force?: boolean;
  target?: BackupTarget;
  log?: Log;
}): Promise<void> {
  const from = path.resolve(file);
  if (!fs.existsSync(from)) throw new BackupError(`no backup at ${from}`);
  const kind = kindOf(from);
  if (kind === "unknown") throw new BackupError(`${from} is not a backup of this shop (neither pg_dump nor PGlite)`);
  if (kind === "postgres" && !target.databaseUrl) {
    throw new BackupError(`${from} is a PostgreSQL backup (pg_dump): set DATABASE_URL to the database to restore into`);
  }
  if (kind === "pglite" && target.databaseUrl) {
    throw new BackupError(
      `${from} is a backup of the embedded database: unset DATABASE_URL to restore it into DATA_DIR`,
    );
  }
  const started = Date.now();
  if (target.databaseUrl) await restorePostgres(from, target.databaseUrl, force, log);
  else await restorePglite(from, target.dataDir, force, log);
  log(`[restore] done in ${Date.now() - started} ms; start the shop (it applies any newer migrations)`);
}

// ---------------------------------------------------------------- embedded database

async function restorePglite(from: string, dataDir: string, force: boolean, log: Log) {
  const pgdata = path.join(dataDir, "pgdata");
  // first: a running shop is the reason to stop, whatever else is true
  const release = lockDataDir(dataDir);
  const incoming = `${pgdata}.restoring-${process.pid}`;
  try {
    const exists = fs.existsSync(pgdata) && fs.readdirSync(pgdata).length > 0;
    if (exists && !force) {
      throw new BackupError(
        `${pgdata} already holds a database: add --force to replace it (it is kept, renamed to pgdata.before-restore-<time>)`,
      );
    }
    // the backup is unpacked and opened beside the current database first: a bad file changes nothing
    fs.rmSync(incoming, { recursive: true, force: true });
    const tarball = new Blob([fs.readFileSync(from)]);
    const db = await PGlite.create(incoming, { extensions: pgliteExtensions, loadDataDir: tarball });
    try {
      await db.query("select 1");
    } finally {
      await db.close();
    }
    if (exists) {
      const aside = `${pgdata}.before-restore-${stamp()}`;
      fs.renameSync(pgdata, aside);
      log(`[restore] the database that was there is kept in ${aside}`);
    } else {
      fs.rmSync(pgdata, { recursive: true, force: true });
    }
    fs.renameSync(incoming, pgdata);
    log(`[restore] ${from} → embedded database ${pgdata}`);
  } finally {
    fs.rmSync(incoming, { recursive: true, force: true });
    release();
  }
}

// ---------------------------------------------------------------- PostgreSQL

/** The database's name, for messages (never the password). */
function databaseName(url: string) {
  const parsed = new URL(url);
  return `${parsed.hostname}:${parsed.port || "5432"}${parsed.pathname}`;
}

/** pg_dump, pg_restore and psql get the URL without its password, which goes in PGPASSWORD (not on a command line). */
function connection(url: string) {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = "";
  return { dbname: parsed.toString(), env: password ? { ...process.env, PGPASSWORD: password } : process.env };
}

function pgTool(tool: string, args: string[], url: string) {
  const { dbname, env } = connection(url);
  return run(tool, [...args, `--dbname=${dbname}`], env);
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv) {
  return new Promise<string>((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout!.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr!.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.once("error", (error: NodeJS.ErrnoException) =>
      reject(
        new BackupError(
          error.code === "ENOENT"
            ? `${command} is not installed (Debian: apt-get install postgresql-client-15)`
            : `${command}: ${error.message}`,
        ),
      ),
    );
    child.once("close", (code) =>
      code === 0 ? resolve(stdout) : reject(new BackupError(`${command} failed (exit ${code}): ${stderr.trim()}`)),
    );
  });
}

const SHOP_SCHEMAS = ["public", "drizzle"];

async function restorePostgres(from: string, url: string, force: boolean, log: Log) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  let present: string[];
  let others: number;
  try {
    present = (
      await client.query<{ name: string }>(
        `select table_schema || '.' || table_name as name from information_schema.tables
          where table_type = 'BASE TABLE' and table_schema = any($1) order by 1`,
        [SHOP_SCHEMAS],
      )
    ).rows.map((row) => row.name);
    others = Number(
      (
        await client.query<{ n: string }>(
          "select count(*) as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()",
        )
      ).rows[0]!.n,
    );
  } finally {
    await client.end();
  }

  const name = databaseName(url);
  const aside = path.join(path.dirname(from), `${path.basename(new URL(url).pathname)}-before-restore-${stamp()}.dump`);
  if (present.length > 0) {
    if (!force) {
      throw new BackupError(
        `${name} is not empty (${present.length} tables): add --force to replace its content ` +
          `(it is first saved next to the backup, as ${path.basename(new URL(url).pathname)}-before-restore-<time>.dump)`,
      );
    }
    if (others > 0) log(`[restore] warning: ${others} other connection(s) to ${name}: stop the shop before restoring`);
    await pgTool("pg_dump", ["--format=custom", `--file=${aside}`], url);
    log(`[restore] the content that was there is kept in ${aside}`);
  }

  // tables of the database that the backup does not have (a migration newer than the backup) are dropped in the same
  // transaction, so the database ends up exactly as backed up and the next start migrates it again
  const listing = await run("pg_restore", ["--list", from], process.env);
  const inBackup = new Set(
    [...listing.matchAll(/^\d+; \d+ \d+ TABLE (\S+) (\S+) /gm)].map((match) => `${match[1]}.${match[2]}`),
  );
  const extra = present.filter((table) => !inBackup.has(table));
  if (extra.length > 0) log(`[restore] dropping tables the backup does not have: ${extra.join(", ")}`);

  // pg_restore writes the SQL (dropping what it restores first) to a file; psql runs the drops and that file in one
  // transaction, so a failure anywhere leaves the database as it was
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "shop-restore-"));
  try {
    const script = path.join(work, "restore.sql");
    await run(
      "pg_restore",
      ["--clean", "--if-exists", "--no-owner", "--no-privileges", `--file=${script}`, from],
      process.env,
    );
    const drops = extra.map((table) => `DROP TABLE IF EXISTS ${table.split(".").map(quoteIdent).join(".")} CASCADE;`);
    const { dbname, env } = connection(url);
    await run(
      "psql",
      [
        "--no-psqlrc",
        "--quiet",
        "--set=ON_ERROR_STOP=1",
        "--single-transaction",
        ...(drops.length > 0 ? [`--command=${drops.join(" ")}`] : []),
        `--file=${script}`,
        `--dbname=${dbname}`,
      ],
      env,
    );
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
  log(`[restore] ${from} → PostgreSQL ${name}`);
}

function quoteIdent(name: string) {
  return `"${name.replace(/"/g, '""')}"`;
}

function size(file: string) {
  const bytes = fs.statSync(file).size;
  return bytes > 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.ceil(bytes / 1024)} kB`;
}
