-- What a product's related products show (docs/decisions/0050-search-answers-kept-per-catalogue-version.md) counts the
-- orders that were not cancelled. Placing an order moves the catalogue's version through the stock it takes, and
-- cancelling one usually through the stock it puts back; but a line whose variant was deleted since puts nothing back,
-- so an order entering or leaving CANCELLED moves the version itself (once per transaction, at its commit, like the
-- catalogue's own triggers of migration 0011).
CREATE CONSTRAINT TRIGGER orders_catalogue_version AFTER UPDATE OF status ON orders
DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
WHEN (OLD.status IS DISTINCT FROM NEW.status AND (OLD.status = 'CANCELLED' OR NEW.status = 'CANCELLED'))
EXECUTE FUNCTION bump_catalogue_version();
