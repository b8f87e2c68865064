import { reviewStatuses } from '@shop/contract';
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { products } from '../catalog/schema.ts';
import { orders } from '../orders/schema.ts';
import { staff } from '../staff/schema.ts';
import { shopperColumn } from '../users/schema.ts';

/**
 * Reviews (module `reviews`, decision 224): a shopper's rating of a product they received, with
 * optional words and photos, kept with the delivered order it came from (the "verified purchase").
 * One per shopper and product. Staff approve it (it is shown and counted), hide it, or answer it.
 */
export const productReviews = pgTable(
  'product_reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    userId: shopperColumn(),
    /** The delivered order of the shopper's that holds the product. */
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    rating: smallint('rating').notNull(),
    /** Plain text as typed: never read as HTML. */
    title: text('title').notNull().default(''),
    body: text('body').notNull().default(''),
    /** Public paths of the photos, stored as every upload is (`/uploads/reviews/…`). */
    photos: jsonb('photos').$type<string[]>().notNull().default([]),
    /** The language the shopper wrote in (the page's), shown beside the review. */
    lang: text('lang', { enum: ['ar', 'en'] })
      .notNull()
      .default('ar'),
    status: text('status', { enum: reviewStatuses }).notNull().default('pending'),
    /** The shop's answer, shown under the review; empty when none. */
    reply: text('reply').notNull().default(''),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    moderatedAt: timestamp('moderated_at', { withTimezone: true }),
    moderatedBy: uuid('moderated_by').references(() => staff.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('product_reviews_one_per_shopper').on(t.productId, t.userId),
    index('product_reviews_product_status_idx').on(t.productId, t.status, t.createdAt),
    index('product_reviews_status_created_idx').on(t.status, t.createdAt),
    index('product_reviews_user_idx').on(t.userId),
    check('product_reviews_rating_range', sql`${t.rating} between 1 and 5`),
    check('product_reviews_status_known', sql`${t.status} in ('pending', 'approved', 'hidden')`),
  ],
);

/**
 * Each product's approved ratings, counted: their number and sum. Written with every approval
 * or hiding, so an average is one row by key and the listings sort by it without counting.
 */
export const productRatings = pgTable('product_ratings', {
  productId: integer('product_id')
    .primaryKey()
    .references(() => products.id, { onDelete: 'cascade' }),
  count: integer('count').notNull().default(0),
  sum: integer('sum').notNull().default(0),
});
