ALTER TABLE "products" ADD COLUMN "name_key" text GENERATED ALWAYS AS (lower(name)) STORED;--> statement-breakpoint
CREATE INDEX "products_name_key_idx" ON "products" USING btree ("name_key","id");--> statement-breakpoint
-- sorting by name and "one per name" both use name_key now
DROP INDEX IF EXISTS "products_name_lower_idx";
