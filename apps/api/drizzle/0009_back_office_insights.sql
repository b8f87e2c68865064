-- The back office's customers and overview (docs/decisions/120-customers-and-overview-from-indexes.md).

-- Accounts the shop deactivated (a shopper's own deactivation leaves no row here): sign-in then
-- says so plainly, and only staff can reactivate. Owned by the users module.
CREATE TABLE "account_suspensions" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"staff_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "account_suspensions" ADD CONSTRAINT "account_suspensions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "account_suspensions" ADD CONSTRAINT "account_suspensions_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint

-- Paid orders and money spent per shopper, so that the customers list sorts by them from an
-- index at 100,000 shoppers. One row per shopper from the moment the account exists; kept by
-- the triggers below when an order becomes paid (a refund subtracts from spent_halalas).
CREATE TABLE "customer_stats" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"orders_count" integer DEFAULT 0 NOT NULL,
	"spent_halalas" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "customer_stats" ADD CONSTRAINT "customer_stats_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "customer_stats_orders" ON "customer_stats" USING btree ("orders_count","user_id");
--> statement-breakpoint
CREATE INDEX "customer_stats_spent" ON "customer_stats" USING btree ("spent_halalas","user_id");
--> statement-breakpoint
INSERT INTO "customer_stats" ("user_id", "orders_count", "spent_halalas")
SELECT u.id,
       count(o.id) FILTER (WHERE o.paid_at IS NOT NULL),
       coalesce(sum(o.total_halalas) FILTER (WHERE o.paid_at IS NOT NULL), 0)
  FROM users u LEFT JOIN orders o ON o.user_id = u.id
 GROUP BY u.id;
--> statement-breakpoint
CREATE FUNCTION customer_stats_new_user() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO customer_stats (user_id) VALUES (NEW.id) ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER customer_stats_new_user AFTER INSERT ON users FOR EACH ROW
  EXECUTE FUNCTION customer_stats_new_user();
--> statement-breakpoint
-- An order counts once, when it gets its payment (paid_at is set once and never cleared).
CREATE FUNCTION customer_stats_order_paid() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.paid_at IS NOT NULL AND (TG_OP = 'INSERT' OR OLD.paid_at IS NULL) THEN
    INSERT INTO customer_stats (user_id, orders_count, spent_halalas)
    VALUES (NEW.user_id, 1, NEW.total_halalas)
    ON CONFLICT (user_id) DO UPDATE
      SET orders_count = customer_stats.orders_count + 1,
          spent_halalas = customer_stats.spent_halalas + EXCLUDED.spent_halalas;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER customer_stats_order_paid AFTER INSERT OR UPDATE OF paid_at ON orders FOR EACH ROW
  EXECUTE FUNCTION customer_stats_order_paid();
--> statement-breakpoint

-- The customers list: registered date order and range, and search by name, e-mail or phone
-- (substring, trigram GIN, like the catalog's search). Sorting by name uses users_name_unique.
CREATE INDEX "users_created_idx" ON "users" USING btree ("created_at","id");
--> statement-breakpoint
-- The deactivated accounts, few among many: the status filter finds them without reading the rest.
CREATE INDEX "users_deactivated_idx" ON "users" USING btree ("created_at","id") WHERE NOT "active";
--> statement-breakpoint
CREATE INDEX "users_search_trgm" ON "users" USING gin ((lower("name") || ' ' || "email" || ' ' || "phone") gin_trgm_ops);
--> statement-breakpoint

-- The overview's sales: paid orders by payment time, the total in the index (index-only scans).
CREATE INDEX "orders_paid_at_idx" ON "orders" USING btree ("paid_at") INCLUDE ("total_halalas") WHERE "paid_at" IS NOT NULL;
--> statement-breakpoint
-- Low stock: the products at or under a threshold, fewest first.
CREATE INDEX "products_low_stock" ON "products" USING btree ("stock","id");
--> statement-breakpoint
-- Orders of the last 30 days by status (a paid order the shopper received counts as delivered).
CREATE INDEX "orders_created_status_idx" ON "orders" USING btree ("created_at") INCLUDE ("status","received");
