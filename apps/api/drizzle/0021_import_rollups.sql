-- The product row's copies of its options and variants (decision 190) are kept by statement
-- triggers: each statement on options, values or variants recomputes them for the products it
-- touched. The catalog importer writes a batch of products' options, values and variants in
-- about ten statements; it sets `shop.defer_rollups` for those and recomputes each product once
-- at the end of the batch (import-writes.ts), instead of up to ten times.
CREATE OR REPLACE FUNCTION product_variants_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('shop.defer_rollups', true) = 'on' THEN RETURN NULL; END IF;
  IF TG_OP = 'DELETE' THEN
    PERFORM products_variant_rollup(ARRAY(SELECT DISTINCT product_id FROM removed ORDER BY 1));
  ELSE
    PERFORM products_variant_rollup(ARRAY(SELECT DISTINCT product_id FROM changed ORDER BY 1));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION product_options_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('shop.defer_rollups', true) = 'on' THEN RETURN NULL; END IF;
  IF TG_OP = 'DELETE' THEN
    PERFORM products_option_rollup(ARRAY(SELECT DISTINCT product_id FROM removed ORDER BY 1));
  ELSE
    PERFORM products_option_rollup(ARRAY(SELECT DISTINCT product_id FROM changed ORDER BY 1));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION product_option_values_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('shop.defer_rollups', true) = 'on' THEN RETURN NULL; END IF;
  IF TG_OP = 'DELETE' THEN
    PERFORM products_option_rollup(ARRAY(
      SELECT DISTINCT o.product_id FROM removed r JOIN product_options o ON o.id = r.option_id ORDER BY 1));
  ELSE
    PERFORM products_option_rollup(ARRAY(
      SELECT DISTINCT o.product_id FROM changed c JOIN product_options o ON o.id = c.option_id ORDER BY 1));
  END IF;
  RETURN NULL;
END $$;
