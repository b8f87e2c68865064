import type { Product } from '@shop/contract';
import type { Db } from '../db/client.ts';
import { ratingCounts } from '../modules/reviews/service.ts';

/** A product's approved ratings: their average (not yet rounded) and how many. */
export type RatingOf = (productId: number) => { average: number; count: number } | undefined;

/** Cards with their products' ratings (average to one decimal, count), where rated. */
export function withRatings(products: Product[], ratingOf: RatingOf): Product[] {
  return products.map((product) => {
    const rated = ratingOf(product.productId);
    return rated
      ? { ...product, rating: { average: Math.round(rated.average * 10) / 10, count: rated.count } }
      : product;
  });
}

/**
 * Cards with their ratings read from the reviews module's counts (one statement for the list):
 * for the lists read from the database and kept in the read cache, which an approval or hiding
 * empties (it publishes a catalog change naming the product).
 */
export async function readRatings(db: Db, products: Product[]): Promise<Product[]> {
  if (products.length === 0) return products;
  const counts = await ratingCounts(
    db,
    products.map((p) => p.productId),
  );
  return withRatings(products, (id) => {
    const c = counts.get(id);
    return c && c.count > 0 ? { average: c.sum / c.count, count: c.count } : undefined;
  });
}
