-- Messages to shoppers on e-mail, SMS and WhatsApp (docs/decisions/212-one-outbox-of-messages.md
-- to 219): the outbox, the owner's templates, each shopper's choices, and the providers' keys.
CREATE TABLE "messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"idempotency_key" text NOT NULL,
	"user_id" uuid NOT NULL,
	"order_id" uuid,
	"event" text NOT NULL,
	"kind" text NOT NULL,
	"channel" text NOT NULL,
	"lang" text NOT NULL,
	"recipient" text NOT NULL,
	"data" jsonb NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_by" text,
	"claimed_until" timestamp with time zone,
	"provider_id" text,
	"last_error" text,
	"subject" text,
	"body" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	CONSTRAINT "messages_status_known" CHECK ("status" in ('queued', 'sending', 'sent', 'delivered', 'failed')),
	CONSTRAINT "messages_channel_known" CHECK ("channel" in ('email', 'sms', 'whatsapp'))
);
--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "messages_idempotency_key" ON "messages" USING btree ("idempotency_key");
--> statement-breakpoint
CREATE INDEX "messages_due" ON "messages" USING btree ("next_attempt_at") WHERE "messages"."status" in ('queued', 'sending');
--> statement-breakpoint
CREATE INDEX "messages_order" ON "messages" USING btree ("order_id");
--> statement-breakpoint
CREATE INDEX "messages_user" ON "messages" USING btree ("user_id");
--> statement-breakpoint
CREATE INDEX "messages_provider_id" ON "messages" USING btree ("provider_id");
--> statement-breakpoint
CREATE TABLE "message_templates" (
	"event" text NOT NULL,
	"channel" text NOT NULL,
	"lang" text NOT NULL,
	"subject" text DEFAULT '' NOT NULL,
	"body" text NOT NULL,
	"whatsapp_name" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	CONSTRAINT "message_templates_event_channel_lang_pk" PRIMARY KEY("event","channel","lang")
);
--> statement-breakpoint
ALTER TABLE "message_templates" ADD CONSTRAINT "message_templates_updated_by_staff_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE TABLE "message_preferences" (
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"channel" text NOT NULL,
	"enabled" boolean NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "message_preferences_user_id_kind_channel_pk" PRIMARY KEY("user_id","kind","channel")
);
--> statement-breakpoint
ALTER TABLE "message_preferences" ADD CONSTRAINT "message_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE TABLE "message_keys" (
	"name" text PRIMARY KEY NOT NULL,
	"sealed" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- The wishlist's alerts (docs/decisions/219-wishlist-alerts.md): the price and stock last seen.
ALTER TABLE "wishlist_items" ADD COLUMN "watched_price_halalas" integer;
--> statement-breakpoint
ALTER TABLE "wishlist_items" ADD COLUMN "watched_in_stock" boolean;
