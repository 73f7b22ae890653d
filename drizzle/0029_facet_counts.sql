-- Products per category and brand, kept by triggers (decision 0048): a listing without words or other filters (the
-- catalogue, a category, some brands) reads its total and its brand and category counts from this small table
-- instead of counting the products, at any catalogue size. Brands by their stored spelling, as the facets group them.
-- The products are locked against writes while the counts are first taken, so none is missed.
LOCK TABLE products IN SHARE MODE;
--> statement-breakpoint
CREATE TABLE catalogue_facet_counts (
  category_id integer NOT NULL,
  brand text NOT NULL,
  products integer NOT NULL CHECK (products >= 0),
  PRIMARY KEY (category_id, brand)
);
--> statement-breakpoint
INSERT INTO catalogue_facet_counts (category_id, brand, products)
SELECT category_id, brand, count(*) FROM products GROUP BY category_id, brand;
--> statement-breakpoint
CREATE FUNCTION catalogue_facet_counts_refresh() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE catalogue_facet_counts SET products = products - 1
    WHERE category_id = OLD.category_id AND brand = OLD.brand;
    -- a pair with no products left goes: the table holds the pairs the catalogue has, not every one it ever had
    DELETE FROM catalogue_facet_counts WHERE category_id = OLD.category_id AND brand = OLD.brand AND products = 0;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    INSERT INTO catalogue_facet_counts AS c (category_id, brand, products) VALUES (NEW.category_id, NEW.brand, 1)
    ON CONFLICT (category_id, brand) DO UPDATE SET products = c.products + 1;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER catalogue_facet_counts_refresh
AFTER INSERT OR DELETE ON products
FOR EACH ROW EXECUTE FUNCTION catalogue_facet_counts_refresh();
--> statement-breakpoint
CREATE TRIGGER catalogue_facet_counts_move
AFTER UPDATE OF category_id, brand ON products
FOR EACH ROW WHEN (OLD.category_id IS DISTINCT FROM NEW.category_id OR OLD.brand IS DISTINCT FROM NEW.brand)
EXECUTE FUNCTION catalogue_facet_counts_refresh();
