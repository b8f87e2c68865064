-- Home slides carry an image and a link per language; every existing slide keeps its one image
-- for both languages until someone changes it.
ALTER TABLE "sliders" DROP CONSTRAINT IF EXISTS "sliders_image_unique";--> statement-breakpoint
ALTER TABLE "sliders" RENAME COLUMN "image" TO "image_ar";--> statement-breakpoint
ALTER TABLE "sliders" ADD COLUMN "image_en" text;--> statement-breakpoint
UPDATE "sliders" SET "image_en" = "image_ar";--> statement-breakpoint
ALTER TABLE "sliders" ALTER COLUMN "image_en" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "sliders" ADD COLUMN "link_ar" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "sliders" ADD COLUMN "link_en" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE TABLE "catalog_import_jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"status" text NOT NULL,
	"format" text NOT NULL,
	"file_name" text NOT NULL,
	"stored_file" text NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"summary" jsonb,
	"errors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"failure" text,
	"staff_id" uuid,
	"actor" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	CONSTRAINT "catalog_import_jobs_status_known" CHECK ("catalog_import_jobs"."status" in ('checked', 'invalid', 'running', 'done', 'failed')),
	CONSTRAINT "catalog_import_jobs_format_known" CHECK ("catalog_import_jobs"."format" in ('json', 'csv'))
);
--> statement-breakpoint
ALTER TABLE "catalog_import_jobs" ADD CONSTRAINT "catalog_import_jobs_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "catalog_import_jobs_created_idx" ON "catalog_import_jobs" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "catalog_import_jobs_one_running" ON "catalog_import_jobs" USING btree ("status") WHERE "catalog_import_jobs"."status" = 'running';--> statement-breakpoint
CREATE TABLE "payment_keys" (
	"name" text PRIMARY KEY NOT NULL,
	"sealed" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_keys_name_known" CHECK ("payment_keys"."name" in ('secretKey', 'publishableKey', 'webhookSecret'))
);
