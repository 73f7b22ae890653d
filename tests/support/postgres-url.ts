/**
 * The PostgreSQL leg of the tests works in databases named after TEST_DATABASE_URL's database (default
 * postgres://postgres@127.0.0.1:5432/shop_test): a migrated template `<name>_tpl`, cloned into one database per file.
 */
export function testDatabaseUrls() {
  const admin = new URL(process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/shop_test");
  const base = admin.pathname.replace(/^\//, "") || "shop_test";
  if (!/^[a-z_][a-z0-9_]*$/.test(base))
    throw new Error(`TEST_DATABASE_URL's database name must be a plain identifier, not ${base}`);
  const withDatabase = (name: string) => {
    const url = new URL(admin);
    url.pathname = `/${name}`;
    return url.toString();
  };
  return { base, template: `${base}_tpl`, maintenanceUrl: withDatabase("postgres"), withDatabase };
}
