-- A product's search text (`search_doc`) is derived by the row trigger of migrations 0003 and
-- 0016 (updated in 0017): its names, its maker's and category's names, its option and
-- specification texts, through ar_norm(), between spaces. The catalog importer
-- (docs/decisions/206-import-search-text-with-the-rows.md) writes a batch's search text itself,
-- in the statement that writes the rows, normalizing each distinct maker's, category's, option
-- and specification text once rather than in every product's whole text; it sets
-- `shop.search_doc_written` for that statement, and the trigger is not called for its rows.
-- Every other writer of products is unchanged.
DROP TRIGGER products_search_doc ON products;
--> statement-breakpoint
CREATE TRIGGER products_search_doc BEFORE INSERT OR UPDATE OF name_ar, name_en, company_id, category_id, option_text, spec_search
  ON products FOR EACH ROW
  WHEN (current_setting('shop.search_doc_written', true) IS DISTINCT FROM 'on')
  EXECUTE FUNCTION products_search_doc();
