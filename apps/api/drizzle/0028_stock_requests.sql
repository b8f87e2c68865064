-- "Tell me when it is back" on a sold-out product (docs/decisions/225-notify-when-back-in-stock.md):
-- one row per shopper and variant; the delivery task queues one message when the variant has
-- stock again and marks the row notified.
CREATE TABLE "stock_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"product_id" integer NOT NULL,
	"variant_id" integer NOT NULL,
	"notified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "stock_requests" ADD CONSTRAINT "stock_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "stock_requests" ADD CONSTRAINT "stock_requests_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "stock_requests" ADD CONSTRAINT "stock_requests_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "stock_requests_user_variant" ON "stock_requests" USING btree ("user_id","variant_id");
--> statement-breakpoint
CREATE INDEX "stock_requests_waiting" ON "stock_requests" USING btree ("variant_id") WHERE "stock_requests"."notified_at" is null;
