-- The method an order was paid with (docs/decisions/240-one-payment-state-machine.md): a card,
-- as every order before, or Tabby's pay in 4, whose payment is captured when the order ships.
ALTER TABLE "orders" ADD COLUMN "payment_method" text DEFAULT 'card' NOT NULL;
--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_payment_method_known" CHECK ("orders"."payment_method" in ('card', 'tabby'));
