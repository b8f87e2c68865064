-- Refunds of paid orders, their credit notes, and the shopper's language for e-mails.
--
-- An order's status may be any of the back office's states. The CHECK is dropped (whatever
-- its name, if an earlier migration made one) and made again with the whole list, so this
-- migration holds however the earlier ones spelled it.
DO $$
DECLARE c record;
BEGIN
  FOR c IN
    SELECT conname FROM pg_constraint
    WHERE conrelid = 'orders'::regclass AND contype = 'c' AND pg_get_constraintdef(oid) LIKE '%status%'
  LOOP
    EXECUTE format('ALTER TABLE "orders" DROP CONSTRAINT %I', c.conname);
  END LOOP;
END $$;
--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_status_known" CHECK ("orders"."status" in ('awaiting_payment', 'paid', 'shipped', 'failed', 'expired', 'cancelled', 'partially_refunded', 'refunded'));
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refunded_halalas" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_refunded_within_total" CHECK ("orders"."refunded_halalas" >= 0 AND "orders"."refunded_halalas" <= "orders"."total_halalas");
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "lang" text DEFAULT 'ar' NOT NULL;
--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_lang_known" CHECK ("users"."lang" in ('ar', 'en'));
--> statement-breakpoint
CREATE SEQUENCE "credit_note_number_seq" START WITH 1;
--> statement-breakpoint
CREATE TABLE "refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"idempotency_key" text NOT NULL,
	"amount_halalas" integer NOT NULL,
	"reason" text NOT NULL,
	"return_stock" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"provider" text NOT NULL,
	"payment_id" text NOT NULL,
	"refunded_before_halalas" integer NOT NULL,
	"attempt_started_at" timestamp with time zone,
	"error" text,
	"credit_note_number" bigint,
	"staff_id" uuid,
	"actor" text NOT NULL,
	"ip" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "refunds_amount_positive" CHECK ("refunds"."amount_halalas" > 0),
	CONSTRAINT "refunds_status_known" CHECK ("refunds"."status" in ('pending', 'succeeded', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_order_key_unique" ON "refunds" USING btree ("order_id","idempotency_key");
--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_one_pending_per_order" ON "refunds" USING btree ("order_id") WHERE "refunds"."status" = 'pending';
--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_credit_note_number_unique" ON "refunds" USING btree ("credit_note_number");
--> statement-breakpoint
CREATE INDEX "refunds_order_idx" ON "refunds" USING btree ("order_id","created_at");
