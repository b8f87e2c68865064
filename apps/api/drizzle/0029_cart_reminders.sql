-- Reminders of a cart left waiting (docs/decisions/226-abandoned-cart-reminders.md): for each
-- shopper, the cart (named by when its first line was added) that was last reminded of.
CREATE TABLE "cart_reminders" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"cart_started_at" timestamp with time zone NOT NULL,
	"reminded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cart_reminders" ADD CONSTRAINT "cart_reminders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
