-- One product per name (the home page's grid), kept by triggers instead of found by an anti-join on every request
-- (decision 0030): per lowercased name, its first product (lowest id) and how many products have it; and the number
-- of names in one counter row, so the grid's page count is one read at any catalogue size.
CREATE TABLE product_names (
  name_key text PRIMARY KEY,
  first_id integer NOT NULL,
  products integer NOT NULL CHECK (products > 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX product_names_first_id_key ON product_names (first_id);
--> statement-breakpoint
CREATE TABLE catalogue_counters (
  name text PRIMARY KEY,
  value bigint NOT NULL
);
--> statement-breakpoint
INSERT INTO product_names (name_key, first_id, products)
SELECT lower(name), min(id), count(*) FROM products GROUP BY lower(name);
--> statement-breakpoint
INSERT INTO catalogue_counters (name, value) SELECT 'distinct_names', count(*) FROM product_names;
--> statement-breakpoint
CREATE FUNCTION product_names_add(p_key text, p_id integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  created boolean;
BEGIN
  INSERT INTO product_names AS n (name_key, first_id, products) VALUES (p_key, p_id, 1)
  ON CONFLICT (name_key) DO UPDATE SET products = n.products + 1, first_id = least(n.first_id, excluded.first_id)
  RETURNING (xmax = 0) INTO created;
  IF created THEN
    UPDATE catalogue_counters SET value = value + 1 WHERE name = 'distinct_names';
  END IF;
END
$$;
--> statement-breakpoint
CREATE FUNCTION product_names_remove(p_key text, p_id integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  first integer;
BEGIN
  DELETE FROM product_names WHERE name_key = p_key AND products = 1;
  IF FOUND THEN
    UPDATE catalogue_counters SET value = value - 1 WHERE name = 'distinct_names';
    RETURN;
  END IF;
  UPDATE product_names SET products = products - 1 WHERE name_key = p_key RETURNING first_id INTO first;
  IF first = p_id THEN
    UPDATE product_names SET first_id = (SELECT min(id) FROM products WHERE name_key = p_key AND id <> p_id)
    WHERE name_key = p_key;
  END IF;
END
$$;
--> statement-breakpoint
CREATE FUNCTION product_names_refresh() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND NOT (TG_OP = 'UPDATE' AND lower(OLD.name) = lower(NEW.name)) THEN
    PERFORM product_names_remove(lower(OLD.name), OLD.id);
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') AND NOT (TG_OP = 'UPDATE' AND lower(OLD.name) = lower(NEW.name)) THEN
    PERFORM product_names_add(lower(NEW.name), NEW.id);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER product_names_refresh
AFTER INSERT OR DELETE OR UPDATE OF name ON products
FOR EACH ROW EXECUTE FUNCTION product_names_refresh();
