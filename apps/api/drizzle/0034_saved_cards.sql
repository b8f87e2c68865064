-- Cards a shopper chose to save at Moyasar (docs/decisions/243-moyasar-wallets-and-saved-cards.md):
-- only Moyasar's token id and what the shopper recognises the card by (brand, last four
-- digits, expiry, name on it), never its number. A token belongs to one shopper.
CREATE TABLE "saved_cards" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"token" text NOT NULL,
	"brand" text NOT NULL,
	"last_four" text NOT NULL,
	"month" integer NOT NULL,
	"year" integer NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saved_cards_last_four_digits" CHECK ("saved_cards"."last_four" ~ '^[0-9]{4}$')
);
--> statement-breakpoint
ALTER TABLE "saved_cards" ADD CONSTRAINT "saved_cards_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "saved_cards_token_unique" ON "saved_cards" USING btree ("provider","token");
--> statement-breakpoint
CREATE INDEX "saved_cards_user_idx" ON "saved_cards" USING btree ("user_id");
--> statement-breakpoint
-- The sandbox's side of Moyasar's tokens: the token object Moyasar would answer, by its id.
CREATE TABLE "sandbox_tokens" (
	"id" text PRIMARY KEY NOT NULL,
	"raw" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- How a payment was made, as order pages say it: the source's type (creditcard, token,
-- applepay, stcpay) and, for a card, its network and last four digits.
ALTER TABLE "payments" ADD COLUMN "source_type" text;
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "card_brand" text;
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "card_last_four" text;
