import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamps } from '../../db/columns.ts';
import { productColumn, productVariants } from '../catalog/schema.ts';
import { shopperColumn } from '../users/schema.ts';

/** The products a shopper keeps for later (decision 220): one row per product. */
export const wishlistItems = pgTable(
  'wishlist_items',
  {
    id: serial('id').primaryKey(),
    userId: shopperColumn(),
    productId: productColumn(),
    /**
     * The variant chosen on the product page; null when none was (the product's default variant
     * is then the one priced and moved to the cart), or when the chosen one was deleted.
     */
    variantId: integer('variant_id').references(() => productVariants.id, { onDelete: 'set null' }),
    /**
     * The price and stock last seen by the wishlist's alerts (decision 219): a lower price, or
     * stock after none, sends one message and becomes the new mark. Null until first seen.
     */
    watchedPriceHalalas: integer('watched_price_halalas'),
    watchedInStock: boolean('watched_in_stock'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('wishlist_items_user_product').on(t.userId, t.productId),
    index('wishlist_items_product').on(t.productId),
    index('wishlist_items_variant').on(t.variantId),
  ],
);

/**
 * "Tell me when it is back" (decision 225): a shopper's request about one sold-out variant.
 * `notifiedAt` is set when the delivery task queues the message for stock again; asking again
 * after that clears it, so each request is answered once.
 */
export const stockRequests = pgTable(
  'stock_requests',
  {
    id: serial('id').primaryKey(),
    userId: shopperColumn(),
    productId: productColumn(),
    variantId: integer('variant_id')
      .notNull()
      .references(() => productVariants.id, { onDelete: 'cascade' }),
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('stock_requests_user_variant').on(t.userId, t.variantId),
    index('stock_requests_waiting')
      .on(t.variantId)
      .where(sql`${t.notifiedAt} is null`),
  ],
);
