-- Every method the shop takes an order's money with: a card typed in or saved (`card`), Apple
-- Pay and STC Pay (through the card provider), and pay later in instalments with Tabby or
-- Tamara (authorised at the order, captured when it ships).
ALTER TABLE "orders" DROP CONSTRAINT "orders_payment_method_known";
--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_payment_method_known" CHECK ("orders"."payment_method" in ('card', 'applepay', 'stcpay', 'tabby', 'tamara'));
--> statement-breakpoint
-- Tabby's and Tamara's keys are saved in the back office beside Moyasar's.
ALTER TABLE "payment_keys" DROP CONSTRAINT "payment_keys_name_known";
--> statement-breakpoint
ALTER TABLE "payment_keys" ADD CONSTRAINT "payment_keys_name_known" CHECK ("payment_keys"."name" in ('secretKey', 'publishableKey', 'webhookSecret', 'tabbySecretKey', 'tabbyMerchantCode', 'tabbyWebhookSecret', 'tamaraApiToken', 'tamaraNotificationKey'));
