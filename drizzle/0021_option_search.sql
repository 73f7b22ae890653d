-- Option names and values are searchable (decision 0036's addendum): "brown switches", "white mouse". They join the
-- brand and category in the vector's B weight and the dictionary of words; a write of a product's options refreshes
-- its vector by touching the product row, as a category rename does.
CREATE OR REPLACE FUNCTION products_search_refresh() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  category_name text;
  option_text text;
BEGIN
  SELECT name INTO category_name FROM categories WHERE id = NEW.category_id;
  SELECT string_agg(o.name || ' ' || array_to_string(o.values, ' '), ' ' ORDER BY o.position) INTO option_text
  FROM product_options o WHERE o.product_id = NEW.id;
  NEW.search_vector := product_search_vector(NEW.name, NEW.brand,
    coalesce(category_name, '') || ' ' || coalesce(option_text, ''), NEW.description);
  PERFORM add_search_terms(NEW.name || ' ' || NEW.brand || ' ' || NEW.description || ' ' || coalesce(option_text, ''));
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE FUNCTION product_options_search_refresh() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- touching category_id fires products_search_refresh for the product
  UPDATE products SET category_id = category_id WHERE id = coalesce(NEW.product_id, OLD.product_id);
  IF TG_OP = 'UPDATE' AND NEW.product_id IS DISTINCT FROM OLD.product_id THEN
    UPDATE products SET category_id = category_id WHERE id = OLD.product_id;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER product_options_search_refresh AFTER INSERT OR UPDATE OR DELETE ON product_options
FOR EACH ROW EXECUTE FUNCTION product_options_search_refresh();
--> statement-breakpoint
UPDATE products SET category_id = category_id WHERE id IN (SELECT product_id FROM product_options);
