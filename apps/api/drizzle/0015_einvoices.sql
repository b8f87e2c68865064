-- ZATCA phase 2 e-invoicing (module einvoices, decisions 171-173): signing units with the head
-- of their chain, and the signed invoices and credit notes waiting for Fatoora's answer.
CREATE TABLE "einvoice_units" (
	"id" serial PRIMARY KEY NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"environment" text NOT NULL,
	"api_url" text NOT NULL,
	"common_name" text NOT NULL,
	"serial_number" text NOT NULL,
	"seller" jsonb NOT NULL,
	"sealed_key" text NOT NULL,
	"certificate" text NOT NULL,
	"sealed_secret" text NOT NULL,
	"certificate_expires_at" timestamp with time zone NOT NULL,
	"icv" integer DEFAULT 0 NOT NULL,
	"pih" text NOT NULL,
	"onboarded_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"retired_at" timestamp with time zone,
	CONSTRAINT "einvoice_units_status_known" CHECK ("einvoice_units"."status" in ('active', 'retired')),
	CONSTRAINT "einvoice_units_icv_non_negative" CHECK ("einvoice_units"."icv" >= 0)
);
--> statement-breakpoint
-- One unit issues at a time.
CREATE UNIQUE INDEX "einvoice_units_one_active" ON "einvoice_units" USING btree ("status") WHERE "einvoice_units"."status" = 'active';
--> statement-breakpoint
CREATE TABLE "einvoice_documents" (
	"uuid" uuid PRIMARY KEY NOT NULL,
	"unit_id" integer NOT NULL,
	"order_id" uuid NOT NULL,
	"refund_id" uuid,
	"kind" text NOT NULL,
	"number" text NOT NULL,
	"icv" integer NOT NULL,
	"pih" text NOT NULL,
	"hash" text NOT NULL,
	"xml" text NOT NULL,
	"qr" text NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"messages" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"claimed_by" text,
	"claimed_until" timestamp with time zone,
	"reported_at" timestamp with time zone,
	CONSTRAINT "einvoice_documents_kind_known" CHECK ("einvoice_documents"."kind" in ('invoice', 'credit_note')),
	CONSTRAINT "einvoice_documents_status_known" CHECK ("einvoice_documents"."status" in ('queued', 'reported', 'reported_with_warnings', 'rejected')),
	CONSTRAINT "einvoice_documents_icv_positive" CHECK ("einvoice_documents"."icv" >= 1)
);
--> statement-breakpoint
ALTER TABLE "einvoice_documents" ADD CONSTRAINT "einvoice_documents_unit_id_einvoice_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."einvoice_units"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "einvoice_documents" ADD CONSTRAINT "einvoice_documents_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "einvoice_documents" ADD CONSTRAINT "einvoice_documents_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
-- A unit's counter is given once: a fork of the chain fails here even if the lock were bypassed.
CREATE UNIQUE INDEX "einvoice_documents_unit_icv_unique" ON "einvoice_documents" USING btree ("unit_id","icv");
--> statement-breakpoint
CREATE UNIQUE INDEX "einvoice_documents_order_invoice_unique" ON "einvoice_documents" USING btree ("order_id") WHERE "einvoice_documents"."kind" = 'invoice';
--> statement-breakpoint
CREATE UNIQUE INDEX "einvoice_documents_refund_unique" ON "einvoice_documents" USING btree ("refund_id");
--> statement-breakpoint
CREATE INDEX "einvoice_documents_order_idx" ON "einvoice_documents" USING btree ("order_id","icv");
--> statement-breakpoint
-- The reporting worker's question: queued documents due now.
CREATE INDEX "einvoice_documents_due_idx" ON "einvoice_documents" USING btree ("next_attempt_at") WHERE "einvoice_documents"."status" = 'queued';
--> statement-breakpoint
CREATE INDEX "einvoice_documents_status_idx" ON "einvoice_documents" USING btree ("status","issued_at");
