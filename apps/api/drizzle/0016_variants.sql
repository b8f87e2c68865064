-- Options and variants (docs/decisions/190-options-and-variants.md): a product has up to three
-- options (storage, colour, RAM), each with ordered values in Arabic and English; a variant is
-- one combination of values with its own SKU, price, offer, stock and image. A product without
-- options has exactly one variant, so cart lines, order lines and stock movements always name
-- a variant.
CREATE TABLE "product_options" (
  "id" serial PRIMARY KEY NOT NULL,
  "product_id" integer NOT NULL REFERENCES "products"("id") ON DELETE CASCADE,
  "position" smallint NOT NULL,
  "name_ar" text NOT NULL,
  "name_en" text NOT NULL,
  "kind" text DEFAULT 'text' NOT NULL,
  CONSTRAINT "product_options_position" CHECK ("position" BETWEEN 1 AND 3),
  CONSTRAINT "product_options_kind" CHECK ("kind" IN ('text', 'colour'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "product_options_product_position" ON "product_options" ("product_id", "position");
--> statement-breakpoint
CREATE TABLE "product_option_values" (
  "id" serial PRIMARY KEY NOT NULL,
  "option_id" integer NOT NULL REFERENCES "product_options"("id") ON DELETE CASCADE,
  "position" smallint NOT NULL,
  "name_ar" text NOT NULL,
  "name_en" text NOT NULL,
  -- A colour option's swatch, as #rrggbb; null for other options.
  "swatch" text,
  CONSTRAINT "product_option_values_swatch" CHECK ("swatch" IS NULL OR "swatch" ~ '^#[0-9a-f]{6}$')
);
--> statement-breakpoint
CREATE UNIQUE INDEX "product_option_values_option_position" ON "product_option_values" ("option_id", "position");
--> statement-breakpoint
CREATE TABLE "product_variants" (
  "id" serial PRIMARY KEY NOT NULL,
  "product_id" integer NOT NULL REFERENCES "products"("id") ON DELETE CASCADE,
  "position" integer DEFAULT 0 NOT NULL,
  "sku" text NOT NULL,
  "barcode" text,
  "value1_id" integer REFERENCES "product_option_values"("id") ON DELETE SET NULL,
  "value2_id" integer REFERENCES "product_option_values"("id") ON DELETE SET NULL,
  "value3_id" integer REFERENCES "product_option_values"("id") ON DELETE SET NULL,
  "price_halalas" integer NOT NULL,
  "offer_price_halalas" integer,
  "offer_planned_halalas" integer,
  "stock" integer DEFAULT 0 NOT NULL,
  "image" text,
  -- A variant that was ever ordered is hidden instead of deleted: its order lines point at it.
  "hidden" boolean DEFAULT false NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "product_variants_stock_nonnegative" CHECK ("stock" >= 0),
  CONSTRAINT "product_variants_price_nonnegative" CHECK ("price_halalas" >= 0),
  CONSTRAINT "product_variants_offer_below_price" CHECK ("offer_price_halalas" IS NULL OR ("offer_price_halalas" >= 0 AND "offer_price_halalas" < "price_halalas")),
  CONSTRAINT "product_variants_offer_planned_below_price" CHECK ("offer_planned_halalas" IS NULL OR ("offer_planned_halalas" >= 0 AND "offer_planned_halalas" < "price_halalas"))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "product_variants_sku" ON "product_variants" ("sku");
--> statement-breakpoint
-- The same combination of values cannot be for sale twice on a product. Hidden variants are
-- left out: they are kept only for the order lines that name them, and lose their values when
-- an option or value is removed (the foreign keys set them to null).
CREATE UNIQUE INDEX "product_variants_combination" ON "product_variants"
  ("product_id", coalesce("value1_id", 0), coalesce("value2_id", 0), coalesce("value3_id", 0))
  WHERE NOT "hidden";
--> statement-breakpoint
CREATE INDEX "product_variants_product" ON "product_variants" ("product_id", "position", "id");
--> statement-breakpoint
-- Removing a value clears it from the variants that have it: found by these, not by a scan.
CREATE INDEX "product_variants_value1" ON "product_variants" ("value1_id") WHERE "value1_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "product_variants_value2" ON "product_variants" ("value2_id") WHERE "value2_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "product_variants_value3" ON "product_variants" ("value3_id") WHERE "value3_id" IS NOT NULL;
--> statement-breakpoint

-- What listings and the spec's API read of a product stay on its row, kept from its visible
-- variants by the triggers below: the default variant's (the first by position) list, offer
-- and planned offer price; the stock of all visible variants; the lowest price a shopper pays
-- ("from"); how many variants are for sale. Only the triggers write these columns.
ALTER TABLE "products" ADD COLUMN "from_price_halalas" integer;
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "variant_count" integer DEFAULT 1 NOT NULL;
--> statement-breakpoint
-- The option and value names of the product, in both languages, for the search text; and the
-- colour option's swatches, for listing cards. Kept by the triggers on options and values.
ALTER TABLE "products" ADD COLUMN "option_text" text DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "swatches" jsonb DEFAULT '[]'::jsonb NOT NULL;
--> statement-breakpoint

CREATE FUNCTION products_variant_rollup(ids integer[]) RETURNS void LANGUAGE sql AS $$
  UPDATE products p SET
    price_halalas = coalesce(d.price_halalas, p.price_halalas),
    offer_price_halalas = CASE WHEN d.product_id IS NULL THEN p.offer_price_halalas ELSE d.offer_price_halalas END,
    offer_planned_halalas = CASE WHEN d.product_id IS NULL THEN p.offer_planned_halalas ELSE d.offer_planned_halalas END,
    stock = coalesce(d.stock, 0),
    from_price_halalas = d.from_price,
    variant_count = coalesce(d.n, 0)
  FROM unnest(ids) AS i(id)
  LEFT JOIN (
    SELECT v.product_id,
      (array_agg(v.price_halalas ORDER BY v.position, v.id))[1] AS price_halalas,
      (array_agg(v.offer_price_halalas ORDER BY v.position, v.id))[1] AS offer_price_halalas,
      (array_agg(v.offer_planned_halalas ORDER BY v.position, v.id))[1] AS offer_planned_halalas,
      sum(v.stock)::integer AS stock,
      min(coalesce(v.offer_price_halalas, v.price_halalas)) AS from_price,
      count(*)::integer AS n
    FROM product_variants v
    WHERE v.product_id = ANY(ids) AND NOT v.hidden
    GROUP BY v.product_id
  ) d ON d.product_id = i.id
  WHERE p.id = i.id
    AND (p.price_halalas, p.offer_price_halalas, p.offer_planned_halalas, p.stock, p.from_price_halalas, p.variant_count)
      IS DISTINCT FROM (
        coalesce(d.price_halalas, p.price_halalas),
        CASE WHEN d.product_id IS NULL THEN p.offer_price_halalas ELSE d.offer_price_halalas END,
        CASE WHEN d.product_id IS NULL THEN p.offer_planned_halalas ELSE d.offer_planned_halalas END,
        coalesce(d.stock, 0), d.from_price, coalesce(d.n, 0));
$$;
--> statement-breakpoint
CREATE FUNCTION product_variants_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM products_variant_rollup(ARRAY(SELECT DISTINCT product_id FROM removed ORDER BY 1));
  ELSE
    PERFORM products_variant_rollup(ARRAY(SELECT DISTINCT product_id FROM changed ORDER BY 1));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER product_variants_insert AFTER INSERT ON product_variants
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION product_variants_changed();
--> statement-breakpoint
CREATE TRIGGER product_variants_update AFTER UPDATE ON product_variants
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION product_variants_changed();
--> statement-breakpoint
CREATE TRIGGER product_variants_delete AFTER DELETE ON product_variants
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION product_variants_changed();
--> statement-breakpoint

CREATE FUNCTION products_option_rollup(ids integer[]) RETURNS void LANGUAGE sql AS $$
  UPDATE products p SET
    option_text = coalesce(d.option_text, ''),
    swatches = coalesce(d.swatches, '[]'::jsonb)
  FROM unnest(ids) AS i(id)
  LEFT JOIN (
    SELECT o.product_id,
      string_agg(o.name_ar || ' ' || o.name_en || ' ' || coalesce(vals.names, ''), ' ' ORDER BY o.position) AS option_text,
      (SELECT jsonb_agg(jsonb_build_object('ar', v.name_ar, 'en', v.name_en, 'swatch', v.swatch) ORDER BY v.position)
         FROM product_options c JOIN product_option_values v ON v.option_id = c.id
        WHERE c.product_id = o.product_id AND c.kind = 'colour') AS swatches
    FROM product_options o
    LEFT JOIN LATERAL (
      SELECT string_agg(v.name_ar || ' ' || v.name_en, ' ' ORDER BY v.position) AS names
      FROM product_option_values v WHERE v.option_id = o.id
    ) vals ON true
    WHERE o.product_id = ANY(ids)
    GROUP BY o.product_id
  ) d ON d.product_id = i.id
  WHERE p.id = i.id
    AND (p.option_text, p.swatches) IS DISTINCT FROM (coalesce(d.option_text, ''), coalesce(d.swatches, '[]'::jsonb));
$$;
--> statement-breakpoint
CREATE FUNCTION product_options_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM products_option_rollup(ARRAY(SELECT DISTINCT product_id FROM removed ORDER BY 1));
  ELSE
    PERFORM products_option_rollup(ARRAY(SELECT DISTINCT product_id FROM changed ORDER BY 1));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION product_option_values_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM products_option_rollup(ARRAY(
      SELECT DISTINCT o.product_id FROM removed r JOIN product_options o ON o.id = r.option_id ORDER BY 1));
  ELSE
    PERFORM products_option_rollup(ARRAY(
      SELECT DISTINCT o.product_id FROM changed c JOIN product_options o ON o.id = c.option_id ORDER BY 1));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER product_options_insert AFTER INSERT ON product_options
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION product_options_changed();
--> statement-breakpoint
CREATE TRIGGER product_options_update AFTER UPDATE ON product_options
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION product_options_changed();
--> statement-breakpoint
CREATE TRIGGER product_options_delete AFTER DELETE ON product_options
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION product_options_changed();
--> statement-breakpoint
CREATE TRIGGER product_option_values_insert AFTER INSERT ON product_option_values
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION product_option_values_changed();
--> statement-breakpoint
CREATE TRIGGER product_option_values_update AFTER UPDATE ON product_option_values
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION product_option_values_changed();
--> statement-breakpoint
CREATE TRIGGER product_option_values_delete AFTER DELETE ON product_option_values
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION product_option_values_changed();
--> statement-breakpoint

-- The search text also holds the option and value names ("256", "أزرق", "blue", "RAM").
CREATE OR REPLACE FUNCTION products_search_doc() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_doc := ' ' || ar_norm(
    NEW.name_ar || ' ' || NEW.name_en || ' ' ||
    coalesce((SELECT c.name_ar || ' ' || c.name_en FROM companies c WHERE c.id = NEW.company_id), '') || ' ' ||
    coalesce((SELECT c.name_ar || ' ' || c.name_en FROM categories c WHERE c.id = NEW.category_id), '') || ' ' ||
    NEW.option_text
  ) || ' ';
  RETURN NEW;
END $$;
--> statement-breakpoint
DROP TRIGGER products_search_doc ON products;
--> statement-breakpoint
CREATE TRIGGER products_search_doc BEFORE INSERT OR UPDATE OF name_ar, name_en, company_id, category_id, option_text
  ON products FOR EACH ROW EXECUTE FUNCTION products_search_doc();
--> statement-breakpoint

-- Every existing product becomes one variant with its SKU, prices and stock.
INSERT INTO product_variants (product_id, position, sku, price_halalas, offer_price_halalas, offer_planned_halalas, stock, created_at, updated_at)
  SELECT id, 0, sku, price_halalas, offer_price_halalas, offer_planned_halalas, stock, created_at, updated_at FROM products;
--> statement-breakpoint

-- Cart lines name a variant; a shopper has one line per variant.
ALTER TABLE "cart_items" ADD COLUMN "variant_id" integer REFERENCES "product_variants"("id") ON DELETE CASCADE;
--> statement-breakpoint
UPDATE cart_items c SET variant_id = v.id FROM product_variants v WHERE v.product_id = c.product_id;
--> statement-breakpoint
ALTER TABLE "cart_items" ALTER COLUMN "variant_id" SET NOT NULL;
--> statement-breakpoint
DROP INDEX "cart_items_user_product";
--> statement-breakpoint
CREATE UNIQUE INDEX "cart_items_user_variant" ON "cart_items" ("user_id", "variant_id");
--> statement-breakpoint
-- A deleted variant leaves the carts that hold it (the foreign key cascades) through this.
CREATE INDEX "cart_items_variant" ON "cart_items" ("variant_id");
--> statement-breakpoint

-- Order lines name the variant, and keep its SKU and option values as they were when bought.
ALTER TABLE "order_lines" ADD COLUMN "variant_id" integer REFERENCES "product_variants"("id");
--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "sku" text DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "options_ar" text DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "options_en" text DEFAULT '' NOT NULL;
--> statement-breakpoint
UPDATE order_lines l SET variant_id = v.id, sku = v.sku FROM product_variants v WHERE v.product_id = l.product_id;
--> statement-breakpoint
ALTER TABLE "order_lines" ALTER COLUMN "variant_id" SET NOT NULL;
--> statement-breakpoint
CREATE INDEX "order_lines_variant_idx" ON "order_lines" ("variant_id");
--> statement-breakpoint
-- The units a refund put (or, still pending, will put) back on the shelf name their variant too.
UPDATE refunds r SET return_stock = (
  SELECT coalesce(jsonb_agg(e || jsonb_build_object('variantId', l.variant_id) ORDER BY n), '[]'::jsonb)
  FROM jsonb_array_elements(r.return_stock) WITH ORDINALITY AS x(e, n)
  JOIN order_lines l ON l.id = (e->>'lineId')::integer
) WHERE jsonb_array_length(r.return_stock) > 0;
