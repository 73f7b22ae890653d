CREATE TABLE "catalogue_version" (
	"id" integer PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "catalogue_version_single_row" CHECK ("catalogue_version"."id" = 1)
);
--> statement-breakpoint
-- The catalogue's version (docs/decisions/0028-throughput-and-http-caching.md): every transaction that writes
-- products (their stock too), images or categories gives it a new value as it commits. The value comes from a
-- sequence, so it never repeats (not even after the table is truncated); it lives in a row, so a new value is seen
-- only with the write's commit. The row triggers are deferred to the commit, where each transaction takes the row's
-- lock as its last act: a transaction holding it waits for nothing else, so it cannot deadlock with another.
CREATE SEQUENCE catalogue_version_seq;
--> statement-breakpoint
INSERT INTO catalogue_version (id, version) VALUES (1, nextval('catalogue_version_seq'));
--> statement-breakpoint
CREATE FUNCTION bump_catalogue_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- once per transaction: the first of its deferred row triggers bumps, the others find the mark
  IF current_setting('shop.catalogue_version_bumped', true) = txid_current()::text THEN
    RETURN NULL;
  END IF;
  INSERT INTO catalogue_version (id, version) VALUES (1, nextval('catalogue_version_seq'))
  ON CONFLICT (id) DO UPDATE SET version = EXCLUDED.version;
  PERFORM set_config('shop.catalogue_version_bumped', txid_current()::text, true);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER products_catalogue_version AFTER INSERT OR UPDATE OR DELETE ON products
DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_catalogue_version();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER images_catalogue_version AFTER INSERT OR UPDATE OR DELETE ON images
DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_catalogue_version();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER categories_catalogue_version AFTER INSERT OR UPDATE OR DELETE ON categories
DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_catalogue_version();
--> statement-breakpoint
CREATE TRIGGER products_catalogue_version_truncate AFTER TRUNCATE ON products
FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_version();
--> statement-breakpoint
CREATE TRIGGER images_catalogue_version_truncate AFTER TRUNCATE ON images
FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_version();
--> statement-breakpoint
CREATE TRIGGER categories_catalogue_version_truncate AFTER TRUNCATE ON categories
FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_version();
