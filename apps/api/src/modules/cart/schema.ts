import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamps } from '../../db/columns.ts';
import { productColumn, productVariants } from '../catalog/schema.ts';
import { shopperColumn } from '../users/schema.ts';

export const cartItems = pgTable(
  'cart_items',
  {
    /** The API's `carId`. */
    id: serial('id').primaryKey(),
    userId: shopperColumn(),
    productId: productColumn(),
    /** The variant in the cart (a product without options has one). */
    variantId: integer('variant_id')
      .notNull()
      .references(() => productVariants.id, { onDelete: 'cascade' }),
    count: integer('count').notNull(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('cart_items_user_variant').on(t.userId, t.variantId),
    index('cart_items_variant').on(t.variantId),
    check('cart_items_count_positive', sql`${t.count} >= 1`),
  ],
);
