import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
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

/**
 * The cart a shopper was last reminded of (decision 226), named by when its first line was
 * added: a cart emptied by a paid order and filled again is a new cart, and may be reminded of
 * once more; the same cart never twice.
 */
export const cartReminders = pgTable('cart_reminders', {
  userId: shopperColumn().primaryKey(),
  cartStartedAt: timestamp('cart_started_at', { withTimezone: true }).notNull(),
  remindedAt: timestamp('reminded_at', { withTimezone: true }).notNull().defaultNow(),
});
