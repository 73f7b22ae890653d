-- Full-text search over products: a weighted tsvector kept by triggers (name A; brand and category B; description C).
-- Each text goes in twice, stemmed ('english') and unstemmed ('simple'), so that a prefix such as "mechani" still
-- finds "mechanical" (its stem "mechan" is shorter than the prefix).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE FUNCTION product_search_vector(p_name text, p_brand text, p_category text, p_description text)
RETURNS tsvector LANGUAGE sql IMMUTABLE AS $$
  SELECT setweight(to_tsvector('english', coalesce(p_name, '')), 'A')
      || setweight(to_tsvector('simple', coalesce(p_name, '')), 'A')
      || setweight(to_tsvector('english', coalesce(p_brand, '') || ' ' || coalesce(p_category, '')), 'B')
      || setweight(to_tsvector('simple', coalesce(p_brand, '') || ' ' || coalesce(p_category, '')), 'B')
      || setweight(to_tsvector('english', coalesce(p_description, '')), 'C')
      || setweight(to_tsvector('simple', coalesce(p_description, '')), 'D')
$$;
--> statement-breakpoint
CREATE FUNCTION add_search_terms(p_text text) RETURNS void LANGUAGE sql AS $$
  INSERT INTO search_terms (term)
  SELECT DISTINCT w FROM regexp_split_to_table(lower(coalesce(p_text, '')), '[^[:alnum:]]+') AS w
  WHERE length(w) >= 3
  ON CONFLICT DO NOTHING
$$;
--> statement-breakpoint
CREATE FUNCTION products_search_refresh() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  category_name text;
BEGIN
  SELECT name INTO category_name FROM categories WHERE id = NEW.category_id;
  NEW.search_vector := product_search_vector(NEW.name, NEW.brand, category_name, NEW.description);
  PERFORM add_search_terms(NEW.name || ' ' || NEW.brand);
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER products_search_refresh
BEFORE INSERT OR UPDATE OF name, brand, description, category_id ON products
FOR EACH ROW EXECUTE FUNCTION products_search_refresh();
--> statement-breakpoint
CREATE FUNCTION categories_search_refresh() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM add_search_terms(NEW.name);
  IF TG_OP = 'UPDATE' AND NEW.name IS DISTINCT FROM OLD.name THEN
    -- touching category_id fires products_search_refresh for every product of the category
    UPDATE products SET category_id = category_id WHERE category_id = NEW.id;
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER categories_search_refresh
AFTER INSERT OR UPDATE OF name ON categories
FOR EACH ROW EXECUTE FUNCTION categories_search_refresh();
--> statement-breakpoint
CREATE INDEX search_terms_trgm_idx ON search_terms USING gin (term gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX products_name_lower_idx ON products (lower(name), id);
