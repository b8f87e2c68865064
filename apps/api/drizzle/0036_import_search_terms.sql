-- The catalog words of migration 0003 are split from each written product's whole search text
-- by a statement trigger. The catalog importer (docs/decisions/201-import-at-scale-with-variants.md)
-- sets `shop.defer_search_terms` around its upsert of a batch of products and adds the batch's
-- words itself, from the distinct texts the search text is made of (most products of a batch
-- share their maker's, category's, options' and specifications' text), so each is split once.
-- The words are the same: the search text is those texts through ar_norm(), between spaces.
CREATE OR REPLACE FUNCTION search_terms_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('shop.defer_search_terms', true) = 'on' THEN RETURN NULL; END IF;
  INSERT INTO search_terms (term)
    SELECT DISTINCT w FROM changed, regexp_split_to_table(btrim(changed.search_doc), '\s+') AS w
    WHERE length(w) >= 3
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
