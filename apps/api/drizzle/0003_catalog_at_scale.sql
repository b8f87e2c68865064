-- Catalog reads served by indexes at 100,000 products (docs/decisions/080-catalog-at-scale.md).

-- What a shopper pays per unit, and the share an offer takes off, as plain columns so that
-- ordinary B-tree indexes (and index-only scans) serve price filters and the offers list.
ALTER TABLE "products" ADD COLUMN "effective_price_halalas" integer
  GENERATED ALWAYS AS (coalesce("offer_price_halalas", "price_halalas")) STORED;
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "offer_share" double precision
  GENERATED ALWAYS AS (("price_halalas" - "offer_price_halalas")::float8 / nullif("price_halalas", 0)) STORED;
--> statement-breakpoint

-- The text a product is found by: its names, its maker's and its category's, in both languages,
-- through ar_norm(), between spaces (so a word's start is ' word'). Kept by triggers because a
-- generated column cannot read other tables.
ALTER TABLE "products" ADD COLUMN "search_doc" text DEFAULT '' NOT NULL;
--> statement-breakpoint
CREATE FUNCTION products_search_doc() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_doc := ' ' || ar_norm(
    NEW.name_ar || ' ' || NEW.name_en || ' ' ||
    coalesce((SELECT c.name_ar || ' ' || c.name_en FROM companies c WHERE c.id = NEW.company_id), '') || ' ' ||
    coalesce((SELECT c.name_ar || ' ' || c.name_en FROM categories c WHERE c.id = NEW.category_id), '')
  ) || ' ';
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER products_search_doc BEFORE INSERT OR UPDATE OF name_ar, name_en, company_id, category_id
  ON products FOR EACH ROW EXECUTE FUNCTION products_search_doc();
--> statement-breakpoint
-- A renamed maker or category re-derives its products' text (the UPDATE fires the trigger above).
CREATE FUNCTION products_search_doc_of_company() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE products SET company_id = company_id WHERE company_id = NEW.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER companies_renamed AFTER UPDATE OF name_ar, name_en ON companies FOR EACH ROW
  WHEN (OLD.name_ar IS DISTINCT FROM NEW.name_ar OR OLD.name_en IS DISTINCT FROM NEW.name_en)
  EXECUTE FUNCTION products_search_doc_of_company();
--> statement-breakpoint
CREATE FUNCTION products_search_doc_of_category() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE products SET category_id = category_id WHERE category_id = NEW.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER categories_renamed AFTER UPDATE OF name_ar, name_en ON categories FOR EACH ROW
  WHEN (OLD.name_ar IS DISTINCT FROM NEW.name_ar OR OLD.name_en IS DISTINCT FROM NEW.name_en)
  EXECUTE FUNCTION products_search_doc_of_category();
--> statement-breakpoint

-- The words of the catalog, for correcting a misspelt query word (swapped or wrong letters).
-- Words are only added: a word left over from a removed product costs nothing but a lookup.
CREATE TABLE "search_terms" ("term" text PRIMARY KEY NOT NULL);
--> statement-breakpoint
CREATE INDEX "search_terms_trgm" ON "search_terms" USING gin ("term" gin_trgm_ops);
--> statement-breakpoint
CREATE FUNCTION search_terms_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_terms (term)
    SELECT DISTINCT w FROM changed, regexp_split_to_table(btrim(changed.search_doc), '\s+') AS w
    WHERE length(w) >= 3
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER products_terms_insert AFTER INSERT ON products
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION search_terms_add();
--> statement-breakpoint
CREATE TRIGGER products_terms_update AFTER UPDATE ON products
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION search_terms_add();
--> statement-breakpoint

-- Products per (category, maker), kept on every write, so a listing's count is a sum over at
-- most categories × makers rows instead of a count over the products.
CREATE TABLE "product_counts" (
  "category_id" integer NOT NULL,
  "company_id" integer NOT NULL,
  "n" integer NOT NULL,
  CONSTRAINT "product_counts_pk" PRIMARY KEY ("category_id", "company_id")
);
--> statement-breakpoint
CREATE FUNCTION product_counts_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO product_counts AS pc (category_id, company_id, n)
    SELECT category_id, company_id, count(*) FROM added GROUP BY 1, 2
  ON CONFLICT (category_id, company_id) DO UPDATE SET n = pc.n + excluded.n;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION product_counts_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE product_counts pc SET n = pc.n - d.k
    FROM (SELECT category_id, company_id, count(*) AS k FROM removed GROUP BY 1, 2) d
    WHERE pc.category_id = d.category_id AND pc.company_id = d.company_id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION product_counts_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO product_counts AS pc (category_id, company_id, n)
    SELECT category_id, company_id, sum(k) FROM (
      SELECT category_id, company_id, 1 AS k FROM added
      UNION ALL SELECT category_id, company_id, -1 FROM removed
    ) d GROUP BY 1, 2 HAVING sum(k) <> 0
  ON CONFLICT (category_id, company_id) DO UPDATE SET n = pc.n + excluded.n;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER products_count_insert AFTER INSERT ON products
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION product_counts_insert();
--> statement-breakpoint
CREATE TRIGGER products_count_delete AFTER DELETE ON products
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION product_counts_delete();
--> statement-breakpoint
CREATE TRIGGER products_count_update AFTER UPDATE ON products
  REFERENCING NEW TABLE AS added OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION product_counts_update();
--> statement-breakpoint

-- Existing products: derive their text, words and counts.
UPDATE products SET name_ar = name_ar;
--> statement-breakpoint
INSERT INTO product_counts (category_id, company_id, n)
  SELECT category_id, company_id, count(*) FROM products GROUP BY 1, 2;
--> statement-breakpoint

-- One index per public read: search, each listing filter, each home list, related products.
DROP INDEX "products_search_trgm";
--> statement-breakpoint
DROP INDEX "products_category_idx";
--> statement-breakpoint
DROP INDEX "products_company_idx";
--> statement-breakpoint
DROP INDEX "products_updated_idx";
--> statement-breakpoint
CREATE INDEX "products_search_doc_trgm" ON "products" USING gin ("search_doc" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "products_listing" ON "products" USING btree ("id") INCLUDE ("category_id", "company_id", "effective_price_halalas");
--> statement-breakpoint
CREATE INDEX "products_listing_category" ON "products" USING btree ("category_id", "id") INCLUDE ("company_id", "effective_price_halalas");
--> statement-breakpoint
CREATE INDEX "products_listing_company" ON "products" USING btree ("company_id", "id") INCLUDE ("category_id", "effective_price_halalas");
--> statement-breakpoint
CREATE INDEX "products_price" ON "products" USING btree ("effective_price_halalas", "id");
--> statement-breakpoint
CREATE INDEX "products_best_sellers" ON "products" USING btree ("units_sold" DESC, "featured" DESC, "updated_at" DESC, "id")
  WHERE "units_sold" > 0 OR "featured";
--> statement-breakpoint
CREATE INDEX "products_newest" ON "products" USING btree ("updated_at" DESC, "id" DESC);
--> statement-breakpoint
CREATE INDEX "products_offers" ON "products" USING btree ("offer_share" DESC NULLS LAST, "id")
  WHERE "offer_price_halalas" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "products_related" ON "products" USING btree ("category_id", "units_sold" DESC, "featured" DESC, "id");
