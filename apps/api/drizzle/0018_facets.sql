-- Facets on listings and search (docs/decisions/197-listing-facets.md). A product's option
-- values and specification values are kept on its row as facet keys, so that a listing can be
-- narrowed by them and count them in one pass over the listing's products, with a GIN index for
-- the listings that no category or maker narrows.
--
-- A key is "<group>:<value>":
--   o-<option>:<value>  an option value, by the slugs of their English names ("o-storage:256-gb"),
--                       so that "256 GB" of one phone and of another are one facet value;
--   s<attribute id>:<choice id or number>  a specification value of a choice or number attribute.
-- A maker is the group "b" ("b:<company id>"), read from company_id rather than kept here.

-- The slug of an English name: lower case, every run of spaces and punctuation one hyphen.
CREATE FUNCTION facet_slug(t text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(nullif(trim(BOTH '-' FROM regexp_replace(lower(t), '[[:space:][:punct:]]+', '-', 'g')), ''), lower(t))
$$;
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "option_facets" text[] DEFAULT '{}' NOT NULL;
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "spec_facets" text[] DEFAULT '{}' NOT NULL;
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "facet_keys" text[] GENERATED ALWAYS AS ("option_facets" || "spec_facets") STORED;
--> statement-breakpoint
CREATE INDEX "products_facet_keys" ON "products" USING gin ("facet_keys") WHERE NOT "hidden";
--> statement-breakpoint
-- A category's or maker's shelf is counted from these alone (an index-only scan): the facet pass
-- reads what it needs of each product without the product rows' text.
CREATE INDEX "products_facets_category" ON "products" ("category_id") INCLUDE ("company_id", "effective_price_halalas", "stock", "facet_keys") WHERE NOT "hidden";
--> statement-breakpoint
CREATE INDEX "products_facets_company" ON "products" ("company_id") INCLUDE ("category_id", "effective_price_halalas", "stock", "facet_keys") WHERE NOT "hidden";
--> statement-breakpoint

-- What an option facet value is called, in both languages, and where it sorts: the names and
-- places of the last product written that has it. Keys no product has any more stay (they are
-- only looked up for keys that products have).
CREATE TABLE "option_facet_labels" (
  "key" text PRIMARY KEY NOT NULL,
  "option_ar" text NOT NULL,
  "option_en" text NOT NULL,
  "value_ar" text NOT NULL,
  "value_en" text NOT NULL,
  "swatch" text,
  "option_position" smallint NOT NULL,
  "value_position" smallint NOT NULL
);
--> statement-breakpoint

-- The option rollup of migration 0016, in one pass over the products' options and values (its
-- correlated subqueries read every value once per product when the planner's statistics lag a
-- large import), also keeps the product's option facet keys and their labels.
CREATE OR REPLACE FUNCTION products_option_rollup(ids integer[]) RETURNS void LANGUAGE sql AS $$
  WITH vals AS (
    SELECT c.product_id, c.position AS option_position, c.name_ar AS option_ar, c.name_en AS option_en,
      c.kind, v.position AS value_position, v.name_ar AS value_ar, v.name_en AS value_en, v.swatch
    FROM product_options c
    LEFT JOIN product_option_values v ON v.option_id = c.id
    WHERE c.product_id = ANY(ids)
  ), per_option AS (
    SELECT product_id, option_position, option_ar, option_en,
      string_agg(value_ar || ' ' || value_en, ' ' ORDER BY value_position) AS names
    FROM vals
    GROUP BY product_id, option_position, option_ar, option_en
  ), d AS (
    SELECT o.product_id, o.option_text, f.swatches, f.facets
    FROM (
      SELECT product_id,
        string_agg(option_ar || ' ' || option_en || ' ' || coalesce(names, ''), ' ' ORDER BY option_position) AS option_text
      FROM per_option GROUP BY product_id
    ) o
    JOIN (
      SELECT product_id,
        jsonb_agg(jsonb_build_object('ar', value_ar, 'en', value_en, 'swatch', swatch) ORDER BY value_position)
          FILTER (WHERE kind = 'colour' AND value_en IS NOT NULL) AS swatches,
        array_agg(DISTINCT 'o-' || facet_slug(option_en) || ':' || facet_slug(value_en))
          FILTER (WHERE value_en IS NOT NULL) AS facets
      FROM vals GROUP BY product_id
    ) f ON f.product_id = o.product_id
  )
  UPDATE products p SET
    option_text = coalesce(d.option_text, ''),
    swatches = coalesce(d.swatches, '[]'::jsonb),
    option_facets = coalesce(d.facets, '{}')
  FROM unnest(ids) AS i(id)
  LEFT JOIN d ON d.product_id = i.id
  WHERE p.id = i.id
    AND (p.option_text, p.swatches, p.option_facets)
      IS DISTINCT FROM (coalesce(d.option_text, ''), coalesce(d.swatches, '[]'::jsonb), coalesce(d.facets, '{}'));

  -- Labels that are new or changed only: an unchanged one is not written, so catalog writers
  -- that share values ("256 GB") do not wait on each other's label rows. In key order, so that
  -- two writers of the same new keys take their row locks in one order.
  INSERT INTO option_facet_labels AS l
    (key, option_ar, option_en, value_ar, value_en, swatch, option_position, value_position)
  SELECT x.key, x.option_ar, x.option_en, x.value_ar, x.value_en, x.swatch, x.option_position, x.value_position
  FROM (
    SELECT DISTINCT ON (key) *
    FROM (
      SELECT 'o-' || facet_slug(c.name_en) || ':' || facet_slug(v.name_en) AS key,
        c.name_ar AS option_ar, c.name_en AS option_en, v.name_ar AS value_ar, v.name_en AS value_en,
        v.swatch, c.position AS option_position, v.position AS value_position, c.product_id
      FROM product_options c JOIN product_option_values v ON v.option_id = c.id
      WHERE c.product_id = ANY(ids)
    ) named
    ORDER BY key, product_id DESC
  ) x
  WHERE NOT EXISTS (
    SELECT 1 FROM option_facet_labels o
    WHERE o.key = x.key
      AND (o.option_ar, o.option_en, o.value_ar, o.value_en, o.swatch, o.option_position, o.value_position)
        IS NOT DISTINCT FROM (x.option_ar, x.option_en, x.value_ar, x.value_en, x.swatch, x.option_position, x.value_position)
  )
  ORDER BY x.key
  ON CONFLICT (key) DO UPDATE SET
    option_ar = excluded.option_ar, option_en = excluded.option_en,
    value_ar = excluded.value_ar, value_en = excluded.value_en, swatch = excluded.swatch,
    option_position = excluded.option_position, value_position = excluded.value_position;
$$;
--> statement-breakpoint
SELECT products_option_rollup(ARRAY(SELECT DISTINCT product_id FROM product_options ORDER BY 1));
--> statement-breakpoint

-- Specification facet keys of existing products, as the catalog module writes them from now on
-- (with spec_search): values of choice and number attributes of the product's own category.
UPDATE products p SET spec_facets = f.keys
FROM (
  SELECT s.product_id, array_agg('s' || a.id || ':' || coalesce(s.choice_id::text, s.number_value::text) ORDER BY a.id) AS keys
  FROM product_specs s
  JOIN spec_attributes a ON a.id = s.attribute_id
  JOIN products q ON q.id = s.product_id AND q.category_id = a.category_id
  WHERE s.text_ar IS NULL
  GROUP BY s.product_id
) f
WHERE p.id = f.product_id;
