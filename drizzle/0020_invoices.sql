CREATE TABLE "document_counters" (
	"kind" text NOT NULL,
	"year" integer NOT NULL,
	"last_number" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "document_counters_kind_year_pk" PRIMARY KEY("kind","year"),
	CONSTRAINT "document_counters_last_number_positive" CHECK ("document_counters"."last_number" >= 1)
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "invoice_year" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "invoice_seq" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "invoice_date" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "invoice_seller" jsonb;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "credit_note_year" integer;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "credit_note_seq" integer;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "credit_note_date" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "credit_note_cents" integer;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "seller_legal_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "seller_address" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "seller_tax_id" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "seller_email" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_invoice_number_key" ON "orders" USING btree ("invoice_year","invoice_seq");--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_credit_note_key" ON "refunds" USING btree ("credit_note_year","credit_note_seq");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_invoice_whole" CHECK (("orders"."invoice_seq" is null) = ("orders"."invoice_year" is null) and ("orders"."invoice_seq" is null) = ("orders"."invoice_date" is null));--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_credit_note_whole" CHECK (("refunds"."credit_note_seq" is null) = ("refunds"."credit_note_year" is null) and ("refunds"."credit_note_seq" is null) = ("refunds"."credit_note_date" is null) and ("refunds"."credit_note_seq" is null) = ("refunds"."credit_note_cents" is null));--> statement-breakpoint
-- orders placed before this migration: numbered in the order they were placed (order date, then id), per calendar
-- year (UTC) of that date, dated that day; their seller is the settings' at the time they are shown (none was kept)
WITH numbered AS (
	SELECT "id", extract(year FROM "order_date" AT TIME ZONE 'UTC')::integer AS "year",
		row_number() OVER (PARTITION BY extract(year FROM "order_date" AT TIME ZONE 'UTC') ORDER BY "order_date", "id")::integer AS "seq"
	FROM "orders"
)
UPDATE "orders" SET "invoice_year" = numbered."year", "invoice_seq" = numbered."seq", "invoice_date" = "orders"."order_date"
FROM numbered WHERE numbered."id" = "orders"."id";--> statement-breakpoint
-- refunds carried out before it, of orders (a payment that never became an order has no invoice to correct): numbered
-- in the order they were carried out, for the payment's amount (refunds have always been of whole payments)
WITH numbered AS (
	SELECT "refunds"."id", "payments"."amount_cents",
		extract(year FROM "refunds"."refunded_at" AT TIME ZONE 'UTC')::integer AS "year",
		row_number() OVER (PARTITION BY extract(year FROM "refunds"."refunded_at" AT TIME ZONE 'UTC') ORDER BY "refunds"."refunded_at", "refunds"."id")::integer AS "seq"
	FROM "refunds"
	JOIN "payments" ON "payments"."id" = "refunds"."payment_id"
	JOIN "orders" ON "orders"."payment_id" = "payments"."id"
	WHERE "refunds"."status" = 'succeeded' AND "refunds"."refunded_at" IS NOT NULL
)
UPDATE "refunds" SET "credit_note_year" = numbered."year", "credit_note_seq" = numbered."seq",
	"credit_note_date" = "refunds"."refunded_at", "credit_note_cents" = numbered."amount_cents"
FROM numbered WHERE numbered."id" = "refunds"."id";--> statement-breakpoint
INSERT INTO "document_counters" ("kind", "year", "last_number")
SELECT 'invoice', "invoice_year", max("invoice_seq") FROM "orders" WHERE "invoice_year" IS NOT NULL GROUP BY "invoice_year";--> statement-breakpoint
INSERT INTO "document_counters" ("kind", "year", "last_number")
SELECT 'credit_note', "credit_note_year", max("credit_note_seq") FROM "refunds" WHERE "credit_note_year" IS NOT NULL GROUP BY "credit_note_year";
