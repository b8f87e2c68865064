ALTER TABLE "orders" ADD COLUMN "payment_id" text;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_payment_unique" ON "orders" USING btree ("payment_id");