-- A product's details page states its shipping (zones, methods and their costs) and the shop's return window in its
-- JSON-LD (docs/decisions/0043-policy-pages.md, addendum), so writes to them give the catalogue a new version, as
-- writes to products do (0011_catalogue_version.sql): a cached page follows them.
CREATE CONSTRAINT TRIGGER shipping_zones_catalogue_version AFTER INSERT OR UPDATE OR DELETE ON shipping_zones
DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_catalogue_version();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER shipping_methods_catalogue_version AFTER INSERT OR UPDATE OR DELETE ON shipping_methods
DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_catalogue_version();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER shop_settings_catalogue_version AFTER INSERT OR UPDATE OR DELETE ON shop_settings
DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_catalogue_version();
--> statement-breakpoint
CREATE TRIGGER shipping_zones_catalogue_version_truncate AFTER TRUNCATE ON shipping_zones
FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_version();
--> statement-breakpoint
CREATE TRIGGER shipping_methods_catalogue_version_truncate AFTER TRUNCATE ON shipping_methods
FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_version();
--> statement-breakpoint
CREATE TRIGGER shop_settings_catalogue_version_truncate AFTER TRUNCATE ON shop_settings
FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_version();
