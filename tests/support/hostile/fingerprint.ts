import { sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";

/**
 * Tables a refused request may write by design: the counters of failed logins and other rate limits (a wrong
 * password is answered 401 *and* counted). Everything else must be exactly as it was after a 4xx.
 */
const WRITTEN_ON_REFUSAL = /rate_limit|login_(attempt|failure)|throttle/;

export type Fingerprint = Record<string, string>;

async function tableNames(db: Db): Promise<string[]> {
  const rows = await db.execute<{ name: string }>(
    sql`SELECT table_name AS name FROM information_schema.tables
        WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`,
  );
  const list = (Array.isArray(rows) ? rows : (rows as { rows: Array<{ name: string }> }).rows).map((r) => r.name);
  return list.filter((name) => !WRITTEN_ON_REFUSAL.test(name));
}

const rowsOf = <T>(result: unknown): T[] => (Array.isArray(result) ? result : (result as { rows: T[] }).rows);

/**
 * A cheap fingerprint of every table of the shop (found in the database, so a new table is in it at once): its row
 * count and an md5 over its rows in a stable order. Two equal fingerprints mean nothing was written.
 */
export async function fingerprint(db: Db): Promise<Fingerprint> {
  const names = await tableNames(db);
  const parts = names.map(
    (name) =>
      `SELECT '${name}' AS name, count(*)::text || ':' || coalesce(md5(string_agg(md5(t::text), ',' ORDER BY md5(t::text))), '') AS print FROM "${name}" t`,
  );
  const rows = rowsOf<{ name: string; print: string }>(await db.execute(sql.raw(parts.join(" UNION ALL "))));
  return Object.fromEntries(rows.map((r) => [r.name, r.print]));
}

/** The tables whose fingerprint differs. */
export function changedTables(before: Fingerprint, after: Fingerprint): string[] {
  const names = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...names].filter((name) => before[name] !== after[name]).sort();
}
