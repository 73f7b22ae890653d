CREATE TABLE "withdrawal_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"email" text NOT NULL,
	"status" text NOT NULL,
	"order_status" "order_status" NOT NULL,
	"via" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "withdrawal_days" integer DEFAULT 14 NOT NULL;--> statement-breakpoint
ALTER TABLE "withdrawal_requests" ADD CONSTRAINT "withdrawal_requests_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "withdrawal_requests_order_idx" ON "withdrawal_requests" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "withdrawal_requests_created_idx" ON "withdrawal_requests" USING btree ("created_at");--> statement-breakpoint
-- orders delivered before this migration: their last change is when they were marked Delivered
UPDATE "orders" SET "delivered_at" = "updated_at" WHERE "status" = 'DELIVERED';--> statement-breakpoint
ALTER TABLE "shop_settings" ADD CONSTRAINT "shop_settings_withdrawal_days_range" CHECK ("shop_settings"."withdrawal_days" >= 14 and "shop_settings"."withdrawal_days" <= 365);