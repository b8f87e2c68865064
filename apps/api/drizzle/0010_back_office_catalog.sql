-- Products edited from the back office (docs/decisions/125-hidden-products.md,
-- 126-product-versions-and-offer-dates.md).

-- A hidden product is kept (orders point at it) but shoppers no longer see it anywhere.
ALTER TABLE "products" ADD COLUMN "hidden" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
-- Bumped by every change, so a save made from an older copy is refused instead of overwriting.
ALTER TABLE "products" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;
--> statement-breakpoint
-- The offer as staff planned it, with its dates; offer_price_halalas stays the live offer that
-- every read and checkout use, and is set from the plan while its dates hold.
ALTER TABLE "products" ADD COLUMN "offer_planned_halalas" integer;
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "offer_starts_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "offer_ends_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_offer_planned_below_price" CHECK (
  "offer_planned_halalas" IS NULL OR ("offer_planned_halalas" >= 0 AND "offer_planned_halalas" < "price_halalas")
);
--> statement-breakpoint
CREATE INDEX "products_offer_schedule" ON "products" USING btree ("id") WHERE "offer_planned_halalas" IS NOT NULL;
--> statement-breakpoint

-- The per-(category, maker) counts are what listings show: they count visible products only.
CREATE OR REPLACE FUNCTION product_counts_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO product_counts AS pc (category_id, company_id, n)
    SELECT category_id, company_id, count(*) FROM added WHERE NOT hidden GROUP BY 1, 2
  ON CONFLICT (category_id, company_id) DO UPDATE SET n = pc.n + excluded.n;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION product_counts_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE product_counts pc SET n = pc.n - d.k
    FROM (SELECT category_id, company_id, count(*) AS k FROM removed WHERE NOT hidden GROUP BY 1, 2) d
    WHERE pc.category_id = d.category_id AND pc.company_id = d.company_id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION product_counts_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO product_counts AS pc (category_id, company_id, n)
    SELECT category_id, company_id, sum(k) FROM (
      SELECT category_id, company_id, 1 AS k FROM added WHERE NOT hidden
      UNION ALL SELECT category_id, company_id, -1 FROM removed WHERE NOT hidden
    ) d GROUP BY 1, 2 HAVING sum(k) <> 0
  ON CONFLICT (category_id, company_id) DO UPDATE SET n = pc.n + excluded.n;
  RETURN NULL;
END $$;
--> statement-breakpoint

-- The listing indexes hold visible products only, so a listing (which asks for NOT hidden)
-- stays an index-only scan; the admin list, which shows hidden ones too, reads the table.
DROP INDEX "products_listing";
--> statement-breakpoint
DROP INDEX "products_listing_category";
--> statement-breakpoint
DROP INDEX "products_listing_company";
--> statement-breakpoint
DROP INDEX "products_price";
--> statement-breakpoint
CREATE INDEX "products_listing" ON "products" USING btree ("id") INCLUDE ("category_id", "company_id", "effective_price_halalas") WHERE NOT "hidden";
--> statement-breakpoint
CREATE INDEX "products_listing_category" ON "products" USING btree ("category_id", "id") INCLUDE ("company_id", "effective_price_halalas") WHERE NOT "hidden";
--> statement-breakpoint
CREATE INDEX "products_listing_company" ON "products" USING btree ("company_id", "id") INCLUDE ("category_id", "effective_price_halalas") WHERE NOT "hidden";
--> statement-breakpoint
CREATE INDEX "products_price" ON "products" USING btree ("effective_price_halalas", "id") WHERE NOT "hidden";
