-- Automatic promotions (docs/decisions/228-automatic-promotions.md): the owner's timed price
-- rules, what each covers, and on each order line the promotion it was bought under and what
-- that took off the line, so that a later edit of the promotion never changes an order.
CREATE TABLE "promotions" (
	"id" serial PRIMARY KEY NOT NULL,
	"name_ar" text NOT NULL,
	"name_en" text NOT NULL,
	"kind" text NOT NULL,
	"percent" integer,
	"amount_halalas" integer,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"scope" text DEFAULT 'order' NOT NULL,
	"combines_with_codes" boolean DEFAULT false NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promotions_percent_range" CHECK ("promotions"."percent" is null or "promotions"."percent" between 1 and 100),
	CONSTRAINT "promotions_amount_positive" CHECK ("promotions"."amount_halalas" is null or "promotions"."amount_halalas" > 0),
	CONSTRAINT "promotions_ends_after_start" CHECK ("promotions"."ends_at" > "promotions"."starts_at")
);
--> statement-breakpoint
CREATE INDEX "promotions_ends" ON "promotions" USING btree ("ends_at");
--> statement-breakpoint
CREATE TABLE "promotion_targets" (
	"promotion_id" integer NOT NULL,
	"kind" text NOT NULL,
	"target_id" integer NOT NULL,
	CONSTRAINT "promotion_targets_pk" PRIMARY KEY("promotion_id","kind","target_id")
);
--> statement-breakpoint
ALTER TABLE "promotion_targets" ADD CONSTRAINT "promotion_targets_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "promotion_id" integer;
--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "promotion_halalas" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
CREATE INDEX "order_lines_promotion_idx" ON "order_lines" USING btree ("promotion_id") WHERE "order_lines"."promotion_id" is not null;
