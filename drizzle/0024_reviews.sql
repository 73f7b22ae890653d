CREATE TABLE "review_votes" (
	"review_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "review_votes_review_id_user_id_pk" PRIMARY KEY("review_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "reviews" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"rating" integer NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"status" text DEFAULT 'published' NOT NULL,
	"reply" text,
	"replied_at" timestamp with time zone,
	"helpful_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reviews_rating_range" CHECK ("reviews"."rating" between 1 and 5),
	CONSTRAINT "reviews_helpful_not_negative" CHECK ("reviews"."helpful_count" >= 0)
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "review_mail_opt_out_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "review_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "review_request_days" integer DEFAULT 7 NOT NULL;--> statement-breakpoint
ALTER TABLE "review_votes" ADD CONSTRAINT "review_votes_review_id_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_votes" ADD CONSTRAINT "review_votes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "review_votes_user_idx" ON "review_votes" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "reviews_product_user_key" ON "reviews" USING btree ("product_id","user_id");--> statement-breakpoint
CREATE INDEX "reviews_product_status_idx" ON "reviews" USING btree ("product_id","status");--> statement-breakpoint
CREATE INDEX "reviews_status_created_idx" ON "reviews" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "reviews_user_idx" ON "reviews" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "shop_settings" ADD CONSTRAINT "shop_settings_review_request_days_range" CHECK ("shop_settings"."review_request_days" >= 1 and "shop_settings"."review_request_days" <= 90);--> statement-breakpoint
-- a published review changes what the catalogue's pages show (stars on cards, the details page's list): a review that
-- is or was published bumps the catalogue's version when what is shown of it changes (decision 0045)
CREATE CONSTRAINT TRIGGER reviews_catalogue_version_insert AFTER INSERT ON reviews
DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (NEW.status = 'published') EXECUTE FUNCTION bump_catalogue_version();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER reviews_catalogue_version_delete AFTER DELETE ON reviews
DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (OLD.status = 'published') EXECUTE FUNCTION bump_catalogue_version();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER reviews_catalogue_version_update AFTER UPDATE ON reviews
DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
WHEN ((OLD.status = 'published' OR NEW.status = 'published')
  AND (OLD.status, OLD.rating, OLD.title, OLD.body, OLD.reply, OLD.helpful_count)
    IS DISTINCT FROM (NEW.status, NEW.rating, NEW.title, NEW.body, NEW.reply, NEW.helpful_count))
EXECUTE FUNCTION bump_catalogue_version();
--> statement-breakpoint
CREATE TRIGGER reviews_catalogue_version_truncate AFTER TRUNCATE ON reviews
FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_version();
