import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { timestamps } from '../../db/columns.ts';
import { products, productVariants } from '../catalog/schema.ts';
import { users } from '../users/schema.ts';

export const cartItems = pgTable(
  'cart_items',
  {
    /** The API's `carId`. */
    id: serial('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
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
