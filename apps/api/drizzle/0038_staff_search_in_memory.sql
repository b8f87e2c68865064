-- The back office's product search runs the storefront's rules on a search index in memory
-- (modules/catalog/staff-search.ts), as the storefront's search does: nothing reads the trigram
-- index of the products' search text any more, nor the catalog words of migration 0003 and their
-- trigram index, which only the search in SQL read. Keeping them up cost every writer of products
-- more than the rest of the row: extracting a search text's trigrams and placing them in the
-- index took about half of the catalog importer's time in the products' statement, and the
-- catalog words were split from every updated product's text, a stock change's too.
DROP TRIGGER products_terms_insert ON products;
--> statement-breakpoint
DROP TRIGGER products_terms_update ON products;
--> statement-breakpoint
DROP FUNCTION search_terms_add();
--> statement-breakpoint
DROP TABLE search_terms;
--> statement-breakpoint
DROP INDEX products_search_doc_trgm;
--> statement-breakpoint
-- The facet keys' GIN index and the covering facet indexes served facet filters and counts in
-- SQL, which listings and searches no longer run: they count on the shelves in memory
-- (modules/catalog/listing-index.ts), which read the keys with each product's row.
DROP INDEX products_facet_keys;
--> statement-breakpoint
DROP INDEX products_facets_category;
--> statement-breakpoint
DROP INDEX products_facets_company;
