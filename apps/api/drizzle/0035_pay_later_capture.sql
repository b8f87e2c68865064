-- What a pay-later order (Tabby, Tamara: authorised at the order, captured later) still owes the
-- shop at its provider: `awaiting` while authorised and neither shipped nor closed (the capture
-- deadline job watches these), `owed` once shipped when the capture did not go through (the job
-- retries it, the order page offers "Capture now"); null when nothing is left to capture.
-- `capture_claimed_at`: the process acting on the order now, so that of several only one does.
ALTER TABLE "orders" ADD COLUMN "capture_status" text;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "capture_claimed_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_capture_status_known" CHECK ("orders"."capture_status" in ('awaiting', 'owed'));
--> statement-breakpoint
CREATE INDEX "orders_capture_idx" ON "orders" USING btree ("capture_status","paid_at") WHERE "orders"."capture_status" is not null;
--> statement-breakpoint
UPDATE "orders" SET "capture_status" = 'awaiting' WHERE "payment_method" in ('tabby', 'tamara') AND "status" = 'paid' AND "fulfilment" in ('unfulfilled', 'preparing', 'ready');
--> statement-breakpoint
-- The overview's sales by payment method read each paid order's method beside its total, still
-- from the index alone.
DROP INDEX "orders_paid_at_idx";
--> statement-breakpoint
CREATE INDEX "orders_paid_at_idx" ON "orders" USING btree ("paid_at") INCLUDE ("total_halalas", "payment_method") WHERE "paid_at" IS NOT NULL;
