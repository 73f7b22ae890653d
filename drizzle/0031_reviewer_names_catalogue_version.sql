-- A product's published reviews are kept per catalogue version
-- (docs/decisions/0050-search-answers-kept-per-catalogue-version.md), and each shows its author's name ("Alex P."),
-- read from the accounts. So a new name of someone with a published review moves the version, once per transaction
-- at its commit like the catalogue's own triggers (migration 0011). A name change of anyone else moves nothing: the
-- shop's kept pages and answers stay. (An erased account's reviews are deleted with it, which moves the version by
-- the reviews' own trigger. A trigger's WHEN cannot ask about other tables, so the function asks, then bumps as
-- bump_catalogue_version does.) The version's row is locked before asking: a review being published at the same time
-- holds it until its commit, after which the question sees it, so a page of reviews is never kept with the old name
-- under the publication's version.
CREATE FUNCTION bump_catalogue_version_for_reviewer() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('shop.catalogue_version_bumped', true) = txid_current()::text THEN
    RETURN NULL;
  END IF;
  PERFORM 1 FROM catalogue_version WHERE id = 1 FOR UPDATE;
  IF NOT EXISTS (SELECT 1 FROM reviews WHERE user_id = NEW.id AND status = 'published') THEN
    RETURN NULL;
  END IF;
  INSERT INTO catalogue_version (id, version) VALUES (1, nextval('catalogue_version_seq'))
  ON CONFLICT (id) DO UPDATE SET version = EXCLUDED.version;
  PERFORM set_config('shop.catalogue_version_bumped', txid_current()::text, true);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER users_reviewer_name_catalogue_version AFTER UPDATE OF first_name, last_name ON users
DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
WHEN ((OLD.first_name, OLD.last_name) IS DISTINCT FROM (NEW.first_name, NEW.last_name))
EXECUTE FUNCTION bump_catalogue_version_for_reviewer();
