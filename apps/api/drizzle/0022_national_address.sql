-- The Saudi national address (docs/decisions/210-national-address.md). An address of the book
-- gains its parts (the city is the address's own `city`), each empty when not given: the
-- addresses saved before keep working and are completed at their next checkout. An order keeps
-- a copy of the national address it ships to beside its one-line `address`, taken when it is
-- placed; the orders placed before have none (empty).
ALTER TABLE "addresses" ADD COLUMN "short_address" text DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE "addresses" ADD COLUMN "building_number" text DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE "addresses" ADD COLUMN "street" text DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE "addresses" ADD COLUMN "district" text DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE "addresses" ADD COLUMN "postal_code" text DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE "addresses" ADD COLUMN "additional_number" text DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "short_address" text DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "building_number" text DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "street" text DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "district" text DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "city" text DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "postal_code" text DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "additional_number" text DEFAULT '' NOT NULL;
