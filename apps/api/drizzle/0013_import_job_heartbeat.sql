-- A running catalog import says it is alive: the process running it stamps heartbeat_at every
-- few seconds, so a process that starts fails only jobs nobody is running any more.
ALTER TABLE "catalog_import_jobs" ADD COLUMN "heartbeat_at" timestamp with time zone;--> statement-breakpoint
-- Products written by a job so far: after a failure, how far it got.
ALTER TABLE "catalog_import_jobs" ADD COLUMN "products_written" integer DEFAULT 0 NOT NULL;
