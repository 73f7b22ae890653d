CREATE TABLE "refunds" (
	"id" serial PRIMARY KEY NOT NULL,
	"payment_id" integer NOT NULL,
	"reason" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"refunded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refunds_payment_id_unique" UNIQUE("payment_id")
);
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "checkout_key" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "billing" jsonb;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD COLUMN "successor_box" text;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "refunds_due_idx" ON "refunds" USING btree ("next_attempt_at") WHERE "refunds"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "payments_open_idx" ON "payments" USING btree ("updated_at") WHERE "payments"."status" in ('requires_payment_method', 'processing', 'succeeded');--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_checkout_key_unique" UNIQUE("checkout_key");