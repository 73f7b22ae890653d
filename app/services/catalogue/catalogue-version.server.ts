import { eq } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { catalogueVersion } from "~/db/schema";

/**
 * The catalogue's version: a new value with every committed write to products (their stock too), images or
 * categories, whichever instance or tool wrote (triggers in drizzle/0011_catalogue_version.sql). Pages built from the
 * catalogue stay the same as long as it does (docs/decisions/0028-throughput-and-http-caching.md).
 */
export async function readCatalogueVersion(): Promise<number> {
  const [row] = await getDb()
    .select({ version: catalogueVersion.version })
    .from(catalogueVersion)
    .where(eq(catalogueVersion.id, 1));
  // no row (a test truncated every table): the next write inserts it with a value never used before
  return row?.version ?? 0;
}
