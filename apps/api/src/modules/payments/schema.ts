import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { timestamps } from '../../db/columns.ts';
import { orders } from '../orders/schema.ts';
import { shopperColumn } from '../users/schema.ts';
import { gatewayNames } from './provider.ts';

/** Payments as the provider reported them (Moyasar or the local sandbox). */
export const payments = pgTable(
  'payments',
  {
    /** The provider's payment id. */
    id: text('id').primaryKey(),
    provider: text('provider', { enum: gatewayNames }).notNull(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    status: text('status').notNull(),
    amountHalalas: integer('amount_halalas').notNull(),
    currency: text('currency').notNull(),
    message: text('message').notNull().default(''),
    raw: jsonb('raw'),
    /** Moyasar's source type (creditcard, token, applepay, stcpay): how the order pages say it was paid. */
    sourceType: text('source_type'),
    /** A card's network (mada, visa, mastercard) and last four digits, from the payment's source. */
    cardBrand: text('card_brand'),
    cardLastFour: text('card_last_four'),
    ...timestamps,
  },
  (t) => [index('payments_order_idx').on(t.orderId)],
);

/** Moyasar's three keys (their names predate the other providers), then Tabby's and Tamara's. */
export const paymentKeyNames = [
  'secretKey',
  'publishableKey',
  'webhookSecret',
  'tabbySecretKey',
  'tabbyMerchantCode',
  'tabbyWebhookSecret',
  'tamaraApiToken',
  'tamaraNotificationKey',
] as const;

/** Payment keys saved in the back office, sealed (AES-256-GCM); they win over the env variables. */
export const paymentKeys = pgTable('payment_keys', {
  name: text('name', { enum: paymentKeyNames }).primaryKey(),
  sealed: text('sealed').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Cards shoppers saved at Moyasar (decision 243): the token's id and what the shopper knows the
 * card by, never its number. A token is charged only for the shopper it belongs to.
 */
export const savedCards = pgTable(
  'saved_cards',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: shopperColumn(),
    /** The provider that holds the token: `moyasar`, or `sandbox` while payments are simulated. */
    provider: text('provider', { enum: ['moyasar', 'sandbox'] }).notNull(),
    token: text('token').notNull(),
    brand: text('brand').notNull(),
    lastFour: text('last_four').notNull(),
    month: integer('month').notNull(),
    year: integer('year').notNull(),
    name: text('name').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('saved_cards_token_unique').on(t.provider, t.token),
    index('saved_cards_user_idx').on(t.userId),
    check('saved_cards_last_four_digits', sql`${t.lastFour} ~ '^[0-9]{4}$'`),
  ],
);

/** The sandbox's side of Moyasar's tokens: the token object Moyasar would answer, by its id. */
export const sandboxTokens = pgTable('sandbox_tokens', {
  id: text('id').primaryKey(),
  raw: jsonb('raw').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
