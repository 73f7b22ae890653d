-- Products with options and variants (docs/decisions/0036-product-variants.md). Every existing product gets one
-- default variant with its price and stock, every cart line and order line that variant, so nothing changes for them.
CREATE TABLE "product_options" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"position" integer NOT NULL,
	"name" text NOT NULL,
	"values" text[] NOT NULL,
	CONSTRAINT "product_options_position_range" CHECK ("product_options"."position" between 1 and 3),
	CONSTRAINT "product_options_name_not_blank" CHECK (length(btrim("product_options"."name")) > 0),
	CONSTRAINT "product_options_values_present" CHECK (cardinality("product_options"."values") > 0)
);
--> statement-breakpoint
CREATE TABLE "product_variants" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"sku" text NOT NULL,
	"price_cents" integer NOT NULL,
	"inventory" integer DEFAULT 0 NOT NULL,
	"weight_grams" integer,
	"position" integer DEFAULT 0 NOT NULL,
	"option1" text,
	"option2" text,
	"option3" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_variants_price_not_negative" CHECK ("product_variants"."price_cents" >= 0),
	CONSTRAINT "product_variants_inventory_not_negative" CHECK ("product_variants"."inventory" >= 0),
	CONSTRAINT "product_variants_weight_not_negative" CHECK ("product_variants"."weight_grams" >= 0),
	CONSTRAINT "product_variants_sku_not_blank" CHECK (length(btrim("product_variants"."sku")) > 0)
);
--> statement-breakpoint
DROP INDEX "cart_items_cart_product_key";--> statement-breakpoint
ALTER TABLE "cart_items" ADD COLUMN "variant_id" integer;--> statement-breakpoint
INSERT INTO "product_variants" ("product_id", "sku", "price_cents", "inventory", "created_at")
SELECT "id", 'P' || "id", "price_cents", "inventory", "created_at" FROM "products" ORDER BY "id";--> statement-breakpoint
UPDATE "cart_items" c SET "variant_id" = v."id" FROM "product_variants" v WHERE v."product_id" = c."product_id";--> statement-breakpoint
ALTER TABLE "cart_items" ALTER COLUMN "variant_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "variant_id" integer;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "variant_label" text DEFAULT '' NOT NULL;--> statement-breakpoint
UPDATE "order_items" o SET "variant_id" = v."id" FROM "product_variants" v WHERE v."product_id" = o."product_id";--> statement-breakpoint
ALTER TABLE "product_options" ADD CONSTRAINT "product_options_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_variants" ADD CONSTRAINT "product_variants_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "product_options_product_position_key" ON "product_options" USING btree ("product_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "product_options_product_name_key" ON "product_options" USING btree ("product_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "product_variants_sku_lower_key" ON "product_variants" USING btree (lower("sku"));--> statement-breakpoint
CREATE UNIQUE INDEX "product_variants_combination_key" ON "product_variants" USING btree ("product_id",coalesce("option1", ''),coalesce("option2", ''),coalesce("option3", ''));--> statement-breakpoint
CREATE INDEX "product_variants_product_idx" ON "product_variants" USING btree ("product_id","position","id");--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cart_items_cart_variant_key" ON "cart_items" USING btree ("cart_id","variant_id");--> statement-breakpoint
CREATE INDEX "cart_items_product_idx" ON "cart_items" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "order_items_variant_idx" ON "order_items" USING btree ("variant_id");--> statement-breakpoint
-- A product's price_cents (the lowest of its variants) and inventory (their sum) are derived from its variants here,
-- in the transaction that changes a variant: the listing, search and facets keep reading the product row. Stock moves
-- by the variant's delta (an increment is safe under concurrent writers, as a recomputed sum is not); the price is
-- recomputed. Nested calls (the product's own trigger writing its variant, a cascade) are skipped.
CREATE FUNCTION product_variants_derive() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  pid integer;
  delta integer;
BEGIN
  IF pg_trigger_depth() > 1 THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'DELETE' THEN
    pid := OLD.product_id;
    delta := -OLD.inventory;
  ELSIF TG_OP = 'INSERT' THEN
    pid := NEW.product_id;
    delta := NEW.inventory;
  ELSE
    pid := NEW.product_id;
    delta := NEW.inventory - OLD.inventory;
    IF OLD.product_id <> NEW.product_id THEN
      RAISE EXCEPTION 'a variant cannot move to another product' USING ERRCODE = 'check_violation';
    END IF;
    IF delta = 0 AND OLD.price_cents = NEW.price_cents THEN
      RETURN NULL;
    END IF;
  END IF;
  UPDATE products SET
    inventory = inventory + delta,
    price_cents = coalesce((SELECT min(v.price_cents) FROM product_variants v WHERE v.product_id = pid), price_cents),
    updated_at = now()
  WHERE id = pid;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER product_variants_derive AFTER INSERT OR UPDATE OR DELETE ON product_variants
FOR EACH ROW EXECUTE FUNCTION product_variants_derive();
--> statement-breakpoint
-- A new product gets its default variant; a price or stock written to a product with one variant is that variant's
-- (the admin's product form, the CSV import, older code); a product with several variants refuses it.
CREATE FUNCTION products_default_variant() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  n integer;
BEGIN
  IF pg_trigger_depth() > 1 THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'INSERT' THEN
    INSERT INTO product_variants (product_id, sku, price_cents, inventory)
    VALUES (NEW.id, 'P' || NEW.id, NEW.price_cents, NEW.inventory) ON CONFLICT DO NOTHING;
    IF NOT FOUND THEN
      INSERT INTO product_variants (product_id, sku, price_cents, inventory)
      VALUES (NEW.id, 'P' || NEW.id || '-' || substr(md5(random()::text), 1, 6), NEW.price_cents, NEW.inventory);
    END IF;
    RETURN NULL;
  END IF;
  SELECT count(*) INTO n FROM product_variants WHERE product_id = NEW.id;
  IF n > 1 THEN
    RAISE EXCEPTION 'the price and stock of product % are those of its variants', NEW.id USING ERRCODE = 'check_violation';
  END IF;
  UPDATE product_variants SET
    price_cents = NEW.price_cents,
    inventory = inventory + (NEW.inventory - OLD.inventory),
    updated_at = now()
  WHERE product_id = NEW.id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER products_default_variant_insert AFTER INSERT ON products
FOR EACH ROW EXECUTE FUNCTION products_default_variant();
--> statement-breakpoint
CREATE TRIGGER products_default_variant_update AFTER UPDATE OF price_cents, inventory ON products
FOR EACH ROW WHEN (OLD.price_cents IS DISTINCT FROM NEW.price_cents OR OLD.inventory IS DISTINCT FROM NEW.inventory)
EXECUTE FUNCTION products_default_variant();
--> statement-breakpoint
-- A cart line written without its variant (code from before variants, during a rolling deploy) is the product's
-- default variant's.
CREATE FUNCTION cart_items_default_variant() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.variant_id IS NULL THEN
    SELECT id INTO NEW.variant_id FROM product_variants WHERE product_id = NEW.product_id
    ORDER BY position, id LIMIT 1;
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER cart_items_default_variant BEFORE INSERT ON cart_items
FOR EACH ROW EXECUTE FUNCTION cart_items_default_variant();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER product_variants_catalogue_version AFTER INSERT OR UPDATE OR DELETE ON product_variants
DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_catalogue_version();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER product_options_catalogue_version AFTER INSERT OR UPDATE OR DELETE ON product_options
DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_catalogue_version();
