-- The images a ZIP catalog file's check stored: a checked file that is discarded instead of
-- imported takes them away again, so abandoned uploads leave nothing in the uploads folder.
ALTER TABLE "catalog_import_jobs" ADD COLUMN "stored_images" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
-- A checked file given up without being imported (by a member, or after a day) is `discarded`.
ALTER TABLE "catalog_import_jobs" DROP CONSTRAINT "catalog_import_jobs_status_known";--> statement-breakpoint
ALTER TABLE "catalog_import_jobs" ADD CONSTRAINT "catalog_import_jobs_status_known" CHECK ("catalog_import_jobs"."status" in ('checked', 'invalid', 'running', 'done', 'failed', 'discarded'));
