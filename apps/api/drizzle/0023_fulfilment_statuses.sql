-- Fulfilment statuses (docs/decisions/211-fulfilment-statuses.md). A paid order moves forward
-- through preparing, ready, shipped and delivered, or is cancelled before it ships; `fulfilment`
-- holds where it is, and each step is a row of `order_fulfilment_events` (when, by whom, and a
-- shipment's carrier and tracking), which the shopper's timeline reads. `shipped_at`,
-- `delivered_at` and `received` are still written with their steps, so what reads them keeps
-- working; a CHECK keeps `received` (the API's `invoiceReceived`) true exactly when delivered.
-- The orders before keep their meaning: shipped stays shipped, delivered stays delivered, and
-- their steps become events with the times they had.
ALTER TABLE "orders" ADD COLUMN "fulfilment" text DEFAULT 'unfulfilled' NOT NULL;
--> statement-breakpoint
UPDATE "orders" SET "fulfilment" = CASE WHEN "received" THEN 'delivered' ELSE 'shipped' END WHERE "received" OR "shipped_at" IS NOT NULL;
--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_fulfilment_known" CHECK ("fulfilment" in ('unfulfilled', 'preparing', 'ready', 'shipped', 'delivered', 'cancelled'));
--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_received_when_delivered" CHECK ("received" = ("fulfilment" = 'delivered'));
--> statement-breakpoint
CREATE TABLE "order_fulfilment_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"status" text NOT NULL,
	"at" timestamp with time zone,
	"staff_id" uuid,
	"carrier" text DEFAULT '' NOT NULL,
	"tracking_number" text DEFAULT '' NOT NULL,
	"tracking_url" text DEFAULT '' NOT NULL,
	CONSTRAINT "order_fulfilment_events_status_known" CHECK ("status" in ('preparing', 'ready', 'shipped', 'delivered', 'cancelled'))
);
--> statement-breakpoint
ALTER TABLE "order_fulfilment_events" ADD CONSTRAINT "order_fulfilment_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "order_fulfilment_events" ADD CONSTRAINT "order_fulfilment_events_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "order_fulfilment_events_order_idx" ON "order_fulfilment_events" USING btree ("order_id","id");
--> statement-breakpoint
INSERT INTO "order_fulfilment_events" ("order_id", "status", "at", "staff_id")
SELECT "id", 'shipped', "shipped_at", "shipped_by" FROM "orders" WHERE "shipped_at" IS NOT NULL ORDER BY "shipped_at";
--> statement-breakpoint
INSERT INTO "order_fulfilment_events" ("order_id", "status", "at", "staff_id")
SELECT "id", 'delivered', "delivered_at", "delivered_by" FROM "orders" WHERE "received" ORDER BY "delivered_at";
--> statement-breakpoint
-- The back office's status shows the new steps of a paid order too (a generated column's
-- expression cannot be altered in place on every supported server: dropped, added again).
ALTER TABLE "orders" DROP COLUMN "stage";
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "stage" text GENERATED ALWAYS AS (CASE WHEN "status" = 'paid' AND "fulfilment" in ('preparing', 'ready', 'shipped', 'delivered') THEN "fulfilment" ELSE "status" END) STORED NOT NULL;
--> statement-breakpoint
CREATE INDEX "orders_stage_created_idx" ON "orders" USING btree ("stage","created_at","number");
