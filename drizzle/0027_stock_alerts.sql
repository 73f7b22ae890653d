CREATE TABLE "stock_alerts" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"variant_id" integer,
	"email" text NOT NULL,
	"user_id" integer,
	"status" text DEFAULT 'pending' NOT NULL,
	"mail_subject" text,
	"mail_text" text,
	"mail_html" text,
	"mail_host" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone,
	"notified_at" timestamp with time zone,
	"unsubscribed_at" timestamp with time zone,
	CONSTRAINT "stock_alerts_active_has_mail" CHECK ("stock_alerts"."status" <> 'active' or ("stock_alerts"."mail_subject" is not null and "stock_alerts"."mail_text" is not null and "stock_alerts"."mail_html" is not null and "stock_alerts"."mail_host" is not null))
);
--> statement-breakpoint
ALTER TABLE "stock_alerts" ADD CONSTRAINT "stock_alerts_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_alerts" ADD CONSTRAINT "stock_alerts_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_alerts" ADD CONSTRAINT "stock_alerts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "stock_alerts_open_key" ON "stock_alerts" USING btree ("product_id",coalesce("variant_id", 0),"email") WHERE "stock_alerts"."status" in ('pending', 'active');--> statement-breakpoint
CREATE INDEX "stock_alerts_active_variant_idx" ON "stock_alerts" USING btree ("variant_id") WHERE "stock_alerts"."status" = 'active';--> statement-breakpoint
CREATE INDEX "stock_alerts_active_product_idx" ON "stock_alerts" USING btree ("product_id") WHERE "stock_alerts"."status" = 'active' and "stock_alerts"."variant_id" is null;--> statement-breakpoint
CREATE INDEX "stock_alerts_email_idx" ON "stock_alerts" USING btree ("email");--> statement-breakpoint
CREATE INDEX "stock_alerts_user_idx" ON "stock_alerts" USING btree ("user_id");--> statement-breakpoint
-- Back-in-stock alerts (docs/decisions/0046-back-in-stock-alerts.md). When a variant's or a product's stock goes from
-- none to some, by whatever writes it (the staff's stock page, the product and variant forms, the CSV import, a
-- cancelled order or a received return putting stock back, a plain UPDATE), its active subscriptions are marked
-- notified and their mails, rendered when they became active, are written to the outbox by the same statement, in the
-- transaction of the restock. A subscription leaves 'active' in the UPDATE that mails it: a second restock (of another
-- instance, at the same moment) waits for the row and then no longer finds it active, so each is mailed once.
CREATE FUNCTION queue_stock_alert_mails() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'product_variants' THEN
    WITH due AS (
      UPDATE stock_alerts SET status = 'notified', notified_at = now()
      WHERE status = 'active' AND variant_id = NEW.id
      RETURNING email, mail_subject, mail_text, mail_html, mail_host
    )
    INSERT INTO mail_outbox (message_id, kind, recipient, subject, text_body, html_body)
    SELECT '<' || replace(gen_random_uuid()::text, '-', '') || '@' || mail_host || '>', 'back-in-stock', email,
      mail_subject, mail_text, mail_html
    FROM due;
  ELSE
    WITH due AS (
      UPDATE stock_alerts SET status = 'notified', notified_at = now()
      WHERE status = 'active' AND product_id = NEW.id AND variant_id IS NULL
      RETURNING email, mail_subject, mail_text, mail_html, mail_host
    )
    INSERT INTO mail_outbox (message_id, kind, recipient, subject, text_body, html_body)
    SELECT '<' || replace(gen_random_uuid()::text, '-', '') || '@' || mail_host || '>', 'back-in-stock', email,
      mail_subject, mail_text, mail_html
    FROM due;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER product_variants_stock_alerts AFTER UPDATE OF inventory ON product_variants
FOR EACH ROW WHEN (OLD.inventory <= 0 AND NEW.inventory > 0) EXECUTE FUNCTION queue_stock_alert_mails();
--> statement-breakpoint
CREATE TRIGGER products_stock_alerts AFTER UPDATE OF inventory ON products
FOR EACH ROW WHEN (OLD.inventory <= 0 AND NEW.inventory > 0) EXECUTE FUNCTION queue_stock_alert_mails();
