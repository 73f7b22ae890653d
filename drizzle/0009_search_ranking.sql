-- Search ranking (decision 0030): typo candidates are checked with levenshtein (fuzzystrmatch) before the exact
-- distance is taken in the app, and the dictionary of words gains the descriptions' words, so that a word only a
-- description has is known (no typo correction for it) and a misspelt one can be corrected.
CREATE EXTENSION IF NOT EXISTS fuzzystrmatch;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION products_search_refresh() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  category_name text;
BEGIN
  SELECT name INTO category_name FROM categories WHERE id = NEW.category_id;
  NEW.search_vector := product_search_vector(NEW.name, NEW.brand, category_name, NEW.description);
  PERFORM add_search_terms(NEW.name || ' ' || NEW.brand || ' ' || NEW.description);
  RETURN NEW;
END
$$;
--> statement-breakpoint
INSERT INTO search_terms (term)
SELECT DISTINCT w FROM products, regexp_split_to_table(lower(description), '[^[:alnum:]]+') AS w
WHERE length(w) >= 3
ON CONFLICT DO NOTHING;
