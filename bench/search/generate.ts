// The benchmark's catalogue: N generated products in a PostgreSQL database of their own (one per size), made with
// the project's migrations and its triggers, and reused by later runs while its marker says it holds the same
// catalogue.
import pg from "pg";
import { openPostgres } from "../../app/db/client.server";

/** Bump when the generated data changes: a database made by another version is generated again. */
const GENERATOR_VERSION = 3;
/** rows per INSERT: progress to show, and no single statement holding a million rows' triggers */
const BATCH = 50_000;

const ADJECTIVES = [
  "Wireless",
  "Mechanical",
  "Ultralight",
  "Pro",
  "Elite",
  "RGB",
  "Silent",
  "Tactical",
  "Compact",
  "Carbon",
  "Stealth",
  "Turbo",
  "Quantum",
  "Vortex",
  "Apex",
  "Nova",
];
const NOUNS = [
  "Mouse",
  "Keyboard",
  "Headset",
  "Controller",
  "Mousepad",
  "Chair",
  "Monitor",
  "Microphone",
  "Webcam",
  "Speaker",
  "Capture Card",
  "Stream Deck",
];
export const CATEGORIES = [
  "Mice",
  "Keyboards",
  "Headsets",
  "Controllers",
  "Mouse Pads",
  "Gaming Chairs",
  "Monitors",
  "Streaming Gear",
  "Audio",
  "Accessories",
  "Cables",
  "Bags",
];
export const BRANDS = Array.from(
  { length: 200 },
  (_, i) =>
    `${["Kestrel", "Onyxa", "Lumora", "Ironpeak", "Novaforge", "Arclight", "Brimstone", "Hexwright", "Quillsound", "Aurelo"][i % 10]} ${["Labs", "Gear", "Audio", "Works", "Tech", "Studio", "Systems", "Dynamics", "Digital", "Craft", "Forge", "Hardware", "Interactive", "Peripherals", "Designs", "Electronics", "Robotics", "Industries", "Concepts", "Supply"][Math.floor(i / 10)]}`,
);
const WORDS = [
  "sensor",
  "switches",
  "latency",
  "braided",
  "cable",
  "aluminium",
  "frame",
  "battery",
  "hours",
  "optical",
  "hot-swappable",
  "surround",
  "sound",
  "noise",
  "cancelling",
  "ergonomic",
  "grip",
  "lightweight",
  "precision",
  "tournament",
  "esports",
  "streaming",
  "clarity",
  "durable",
  "premium",
];

export function databaseUrlFor(base: URL, size: number): URL {
  const url = new URL(base);
  url.pathname = `/${base.pathname.slice(1)}_${size}`;
  return url;
}

async function withClient<T>(url: URL, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** The number of products of a database this generator made, or null when it is missing or was made otherwise. */
async function existingCatalogue(url: URL): Promise<number | null> {
  const name = url.pathname.slice(1);
  const exists = await withClient(new URL("/postgres", url), async (admin) => {
    const result = await admin.query("SELECT 1 FROM pg_database WHERE datname = $1", [name]);
    return result.rowCount === 1;
  });
  if (!exists) return null;
  return withClient(url, async (client) => {
    const marker = await client
      .query<{ products: number; generator: number }>("SELECT products, generator FROM bench_marker")
      .catch(() => null);
    const row = marker?.rows[0];
    if (!row || row.generator !== GENERATOR_VERSION) return null;
    const [{ n }] = (await client.query<{ n: string }>("SELECT count(*) AS n FROM products")).rows as [{ n: string }];
    return Number(n) === row.products ? row.products : null;
  });
}

async function migrationCount(url: URL): Promise<number> {
  return withClient(url, async (client) => {
    const result = await client
      .query<{ n: string }>("SELECT count(*) AS n FROM drizzle.__drizzle_migrations")
      .catch(() => null);
    return Number(result?.rows[0]?.n ?? 0);
  });
}

/**
 * A database of `size` products at `url`: the existing one when its marker matches (migrated to the project's newest
 * migrations, and analysed again when they changed it), otherwise a new one. Returns how it came to be.
 */
export async function prepareCatalogue(
  url: URL,
  size: number,
  { regenerate = false, log = console.log }: { regenerate?: boolean; log?: (line: string) => void } = {},
): Promise<{ reused: boolean; seconds: number }> {
  const started = Date.now();
  if (!regenerate && (await existingCatalogue(url)) === size) {
    const before = await migrationCount(url);
    const database = await openPostgres(url.toString(), { max: 2 });
    await database.migrate();
    await database.close();
    if ((await migrationCount(url)) !== before) {
      log("New migrations applied to the reused catalogue: analysing again…");
      await withClient(url, (client) => client.query("VACUUM ANALYZE"));
    }
    log(`Reusing ${url.pathname.slice(1)}: ${size} products (marker bench_marker, generator v${GENERATOR_VERSION}).`);
    return { reused: true, seconds: (Date.now() - started) / 1000 };
  }

  const name = url.pathname.slice(1);
  if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`unexpected database name "${name}"`);
  await withClient(new URL("/postgres", url), async (admin) => {
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.query(`CREATE DATABASE "${name}"`);
  });
  const database = await openPostgres(url.toString(), { max: 2 });
  await database.migrate();
  await database.close();

  log(`Generating ${size} products into ${name}…`);
  await withClient(url, async (client) => {
    await client.query("SET statement_timeout = 0");
    await client.query("SET maintenance_work_mem = '256MB'");
    await client.query(`INSERT INTO categories (name) SELECT unnest($1::text[])`, [CATEGORIES]);
    // A bulk load as a restore does it: the secondary indexes of the tables the load writes are dropped and built
    // again afterwards, from their own definitions (whatever the migrations made them). Unique ones stay: triggers'
    // ON CONFLICT may need them.
    const { rows: indexes } = await client.query<{ name: string; definition: string }>(
      `SELECT i.indexrelid::regclass::text AS name, pg_get_indexdef(i.indexrelid) AS definition
       FROM pg_index i JOIN pg_class t ON t.oid = i.indrelid JOIN pg_namespace n ON n.oid = t.relnamespace
       WHERE n.nspname = 'public' AND t.relname IN ('products', 'search_terms') AND NOT i.indisunique
         AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = i.indexrelid)`,
    );
    for (const index of indexes) await client.query(`DROP INDEX ${index.name}`);

    // seeded random(): the same catalogue on every run, without correlations between columns. A model number stands
    // for one name; about one product in five shares its name with another (colour variants), so the home's "one
    // per name" has work to do. Name and brand are unique together: the brand turns with the row, so a name's
    // products have different brands.
    await client.query("SELECT setseed(0.42)");
    for (let from = 1; from <= size; from += BATCH) {
      const to = Math.min(size, from + BATCH - 1);
      await client.query(
        `INSERT INTO products (name, brand, price_cents, inventory, description, category_id, created_at)
         SELECT
           adj[1 + m % array_length(adj, 1)] || ' ' || noun[1 + (m / array_length(adj, 1)) % array_length(noun, 1)]
             || ' X' || m,
           brand[1 + ((m % 200) * 37 + i) % array_length(brand, 1)],
           499 + floor(r4 * 50000)::int,
           floor(r5 * 200)::int,
           'The ' || noun[1 + (m / array_length(adj, 1)) % array_length(noun, 1)] || ' with '
             || word[1 + floor(r6 * array_length(word, 1))::int] || ' '
             || word[1 + floor(r7 * array_length(word, 1))::int] || ' and ' || word[1 + floor(r8 * array_length(word, 1))::int]
             || ' for players who care about ' || word[1 + floor(r9 * array_length(word, 1))::int] || '.',
           1 + floor(r10 * $5)::int,
           now() - floor(r11 * 5000)::int * interval '1 hour'
         FROM (
           SELECT i, 1 + ((i - 1) * 4) / 5 AS m, random() r4, random() r5, random() r6, random() r7,
                  random() r8, random() r9, random() r10, random() r11
           FROM generate_series($6::int, $7::int) AS i
         ) AS g,
         (SELECT $1::text[] AS adj, $2::text[] AS noun, $3::text[] AS brand, $4::text[] AS word) AS lists`,
        [ADJECTIVES, NOUNS, BRANDS, WORDS, CATEGORIES.length, from, to],
      );
      if (to % 200_000 === 0 || to === size) log(`  ${to} rows, ${((Date.now() - started) / 1000).toFixed(0)} s`);
    }
    // Options, as the shop's catalogue has them (decision 0036): every keyboard a switch, every mouse and headset a
    // colour, so the option facets have values to count; the default variant takes the first value.
    await client.query(
      `INSERT INTO product_options (product_id, position, name, values)
       SELECT p.id, 1, o.name, o.values FROM products p
       JOIN (VALUES ('Keyboard', 'Switch', ARRAY['Red', 'Brown', 'Blue']),
                    ('Mouse', 'Colour', ARRAY['Black', 'White']),
                    ('Headset', 'Colour', ARRAY['Black', 'White', 'Pink'])) AS o(noun, name, values)
         ON p.name LIKE '% ' || o.noun || ' X%'`,
    );
    await client.query(
      `UPDATE product_variants v SET option1 = o.values[1] FROM product_options o WHERE o.product_id = v.product_id`,
    );
    log(`  options written, ${((Date.now() - started) / 1000).toFixed(0)} s`);
    log(`  rows written in ${((Date.now() - started) / 1000).toFixed(1)} s; building ${indexes.length} indexes…`);
    for (const index of indexes) await client.query(index.definition);
    // what autovacuum would have done on a live database: statistics and the visibility map for index-only scans
    await client.query("VACUUM ANALYZE");
    const seconds = (Date.now() - started) / 1000;
    await client.query(
      "CREATE TABLE bench_marker (products int NOT NULL, generator int NOT NULL, seconds real, made_at timestamptz DEFAULT now())",
    );
    await client.query("INSERT INTO bench_marker (products, generator, seconds) VALUES ($1, $2, $3)", [
      size,
      GENERATOR_VERSION,
      seconds,
    ]);
  });
  const seconds = (Date.now() - started) / 1000;
  log(`Generated in ${seconds.toFixed(1)} s`);
  return { reused: false, seconds };
}
