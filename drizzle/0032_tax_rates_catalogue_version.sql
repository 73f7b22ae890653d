-- What prices a cart (docs/decisions/0050-search-answers-kept-per-catalogue-version.md, session 21): the shop's tax
-- setting and its shipping zones and methods move the catalogue's version already (migration 0023); the tax rates now
-- do too, so the three are kept together per version and a cart is priced without reading them each time. A write to
-- the rates moves the version once per transaction, at its commit, like the others (migration 0011).
CREATE CONSTRAINT TRIGGER tax_rates_catalogue_version AFTER INSERT OR UPDATE OR DELETE ON tax_rates
DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_catalogue_version();
--> statement-breakpoint
CREATE TRIGGER tax_rates_catalogue_version_truncate AFTER TRUNCATE ON tax_rates
FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_version();
