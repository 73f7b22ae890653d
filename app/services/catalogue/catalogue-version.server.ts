import { eq } from "drizzle-orm";
import { getDb, type DbOrTx } from "~/db/client.server";
import { catalogueVersion } from "~/db/schema";

/**
 * The catalogue's version: a new value with every committed write to products (their stock too), images or
 * categories, whichever instance or tool wrote (triggers in drizzle/0011_catalogue_version.sql). Pages built from the
 * catalogue stay the same as long as it does (docs/decisions/0028-throughput-and-http-caching.md).
 */
export async function readCatalogueVersion(): Promise<number> {
  // no row (a test truncated every table): the next write inserts it with a value never used before
  return (await catalogueVersionOf(getDb())) ?? 0;
}

/** The version as `db` (a transaction too) sees it; null when there is no row (a test truncated every table). */
export async function catalogueVersionOf(db: DbOrTx): Promise<number | null> {
  const [row] = await db
    .select({ version: catalogueVersion.version })
    .from(catalogueVersion)
    .where(eq(catalogueVersion.id, 1));
  return row?.version ?? null;
}
