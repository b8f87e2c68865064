import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { timestamps } from '../../db/columns.ts';
import { orders } from '../orders/schema.ts';
import { shopperColumn, users } from '../users/schema.ts';

/**
 * Discount codes (migration 0027, decisions 221–223): what a code takes off, when and for whom.
 * `uses` counts the orders holding a use now; it only moves in one conditional UPDATE (taken
 * while `uses < usage_limit`, given back on release), so shoppers racing for the last use on
 * several processes get exactly `usage_limit` orders.
 */
export const discountCodes = pgTable(
  'discount_codes',
  {
    id: serial('id').primaryKey(),
    /** Upper case, Latin digits (normalizeDiscountCode): the key shoppers type. */
    code: text('code').notNull(),
    kind: text('kind', { enum: ['percent', 'fixed', 'free_shipping'] }).notNull(),
    /** 1–100 for `percent`. */
    percent: integer('percent'),
    /** VAT-inclusive halalas for `fixed`. */
    amountHalalas: integer('amount_halalas'),
    /** The products' total (after offer prices) the cart must reach; null: none. */
    minSubtotalHalalas: integer('min_subtotal_halalas'),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    /** `order`: every product; `items`: the targets' products only. */
    scope: text('scope', { enum: ['order', 'items'] })
      .notNull()
      .default('order'),
    usageLimit: integer('usage_limit'),
    perCustomerLimit: integer('per_customer_limit'),
    firstOrderOnly: boolean('first_order_only').notNull().default(false),
    enabled: boolean('enabled').notNull().default(true),
    uses: integer('uses').notNull().default(0),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('discount_codes_code').on(t.code),
    index('discount_codes_ends').on(t.endsAt),
    check('discount_codes_uses_within_limit', sql`${t.uses} >= 0`),
    check('discount_codes_percent_range', sql`${t.percent} is null or ${t.percent} between 1 and 100`),
    check('discount_codes_amount_positive', sql`${t.amountHalalas} is null or ${t.amountHalalas} > 0`),
  ],
);

/** What an `items` code covers: categories, brands, products or single variants. */
export const discountCodeTargets = pgTable(
  'discount_code_targets',
  {
    codeId: integer('code_id')
      .notNull()
      .references(() => discountCodes.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['category', 'brand', 'product', 'variant'] }).notNull(),
    targetId: integer('target_id').notNull(),
  },
  (t) => [primaryKey({ name: 'discount_code_targets_pk', columns: [t.codeId, t.kind, t.targetId] })],
);

/**
 * One order's use of a code. Released (the use given back) when the order ends unpaid or is
 * refunded in full; a released row stays as the record.
 */
export const discountRedemptions = pgTable(
  'discount_redemptions',
  {
    id: serial('id').primaryKey(),
    codeId: integer('code_id')
      .notNull()
      .references(() => discountCodes.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    releasedAt: timestamp('released_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('discount_redemptions_order').on(t.orderId),
    index('discount_redemptions_code_user').on(t.codeId, t.userId),
  ],
);

/** The code a shopper applied to their cart (one per cart). */
export const discountCartCodes = pgTable('discount_cart_codes', {
  userId: shopperColumn().primaryKey(),
  codeId: integer('code_id')
    .notNull()
    .references(() => discountCodes.id, { onDelete: 'cascade' }),
  ...timestamps,
});

/**
 * Automatic promotions (migration 0031, decision 228): a timed price rule the owner sets, taken
 * off each unit it covers without a code. Product prices are not edited; the shop shows the
 * promoted price beside the shelf price while the promotion runs.
 */
export const promotions = pgTable(
  'promotions',
  {
    id: serial('id').primaryKey(),
    nameAr: text('name_ar').notNull(),
    nameEn: text('name_en').notNull(),
    kind: text('kind', { enum: ['percent', 'fixed'] }).notNull(),
    /** 1–100 for `percent`: off each unit's shelf price. */
    percent: integer('percent'),
    /** VAT-inclusive halalas off each unit for `fixed` (never below 0). */
    amountHalalas: integer('amount_halalas'),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    /** `order`: the whole catalog; `items`: the targets' products only. */
    scope: text('scope', { enum: ['order', 'items'] })
      .notNull()
      .default('order'),
    /** False: a discount code is refused on a cart with a line this promotion lowers. */
    combinesWithCodes: boolean('combines_with_codes').notNull().default(false),
    enabled: boolean('enabled').notNull().default(true),
    ...timestamps,
  },
  (t) => [
    index('promotions_ends').on(t.endsAt),
    check('promotions_percent_range', sql`${t.percent} is null or ${t.percent} between 1 and 100`),
    check('promotions_amount_positive', sql`${t.amountHalalas} is null or ${t.amountHalalas} > 0`),
    check('promotions_ends_after_start', sql`${t.endsAt} > ${t.startsAt}`),
  ],
);

/** What an `items` promotion covers: categories, brands, products or single variants. */
export const promotionTargets = pgTable(
  'promotion_targets',
  {
    promotionId: integer('promotion_id')
      .notNull()
      .references(() => promotions.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['category', 'brand', 'product', 'variant'] }).notNull(),
    targetId: integer('target_id').notNull(),
  },
  (t) => [primaryKey({ name: 'promotion_targets_pk', columns: [t.promotionId, t.kind, t.targetId] })],
);
