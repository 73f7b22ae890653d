CREATE TABLE "variant_images" (
	"variant_id" integer NOT NULL,
	"image_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "variant_images_variant_id_image_id_pk" PRIMARY KEY("variant_id","image_id")
);
--> statement-breakpoint
ALTER TABLE "variant_images" ADD CONSTRAINT "variant_images_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "variant_images" ADD CONSTRAINT "variant_images_image_id_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."images"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "variant_images_image_idx" ON "variant_images" USING btree ("image_id");--> statement-breakpoint
-- a variant's pictures are the catalogue's: a change bumps its version (0011), so cached pages are drawn anew
CREATE CONSTRAINT TRIGGER variant_images_catalogue_version AFTER INSERT OR UPDATE OR DELETE ON variant_images
DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_catalogue_version();
