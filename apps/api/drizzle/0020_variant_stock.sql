-- The back office's overview lists the variants for sale running out, fewest first: found by
-- this index's range of stock rather than by reading every variant.
CREATE INDEX "product_variants_stock" ON "product_variants" ("stock", "id") WHERE NOT "hidden";
