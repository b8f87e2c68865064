-- Discount codes (docs/decisions/221-discount-codes.md, 222, 223): the owner's codes, what an
-- "items" code covers, each order's use of a code, and the code on a shopper's cart; the orders
-- keep the code they were placed with and how its discount fell on their lines.
CREATE TABLE "discount_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"kind" text NOT NULL,
	"percent" integer,
	"amount_halalas" integer,
	"min_subtotal_halalas" integer,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"scope" text DEFAULT 'order' NOT NULL,
	"usage_limit" integer,
	"per_customer_limit" integer,
	"first_order_only" boolean DEFAULT false NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"uses" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "discount_codes_uses_within_limit" CHECK ("discount_codes"."uses" >= 0),
	CONSTRAINT "discount_codes_percent_range" CHECK ("discount_codes"."percent" is null or "discount_codes"."percent" between 1 and 100),
	CONSTRAINT "discount_codes_amount_positive" CHECK ("discount_codes"."amount_halalas" is null or "discount_codes"."amount_halalas" > 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "discount_codes_code" ON "discount_codes" USING btree ("code");
--> statement-breakpoint
CREATE INDEX "discount_codes_ends" ON "discount_codes" USING btree ("ends_at");
--> statement-breakpoint
CREATE TABLE "discount_code_targets" (
	"code_id" integer NOT NULL,
	"kind" text NOT NULL,
	"target_id" integer NOT NULL,
	CONSTRAINT "discount_code_targets_pk" PRIMARY KEY("code_id","kind","target_id")
);
--> statement-breakpoint
ALTER TABLE "discount_code_targets" ADD CONSTRAINT "discount_code_targets_code_id_discount_codes_id_fk" FOREIGN KEY ("code_id") REFERENCES "public"."discount_codes"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE TABLE "discount_redemptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"code_id" integer NOT NULL,
	"order_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"released_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "discount_redemptions" ADD CONSTRAINT "discount_redemptions_code_id_discount_codes_id_fk" FOREIGN KEY ("code_id") REFERENCES "public"."discount_codes"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "discount_redemptions" ADD CONSTRAINT "discount_redemptions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "discount_redemptions" ADD CONSTRAINT "discount_redemptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "discount_redemptions_order" ON "discount_redemptions" USING btree ("order_id");
--> statement-breakpoint
CREATE INDEX "discount_redemptions_code_user" ON "discount_redemptions" USING btree ("code_id","user_id");
--> statement-breakpoint
CREATE TABLE "discount_cart_codes" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"code_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "discount_cart_codes" ADD CONSTRAINT "discount_cart_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "discount_cart_codes" ADD CONSTRAINT "discount_cart_codes_code_id_discount_codes_id_fk" FOREIGN KEY ("code_id") REFERENCES "public"."discount_codes"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "discount_code" text;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "code_discount_halalas" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipping_waived_halalas" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "code_discount_halalas" integer DEFAULT 0 NOT NULL;
