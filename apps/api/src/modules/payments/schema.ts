import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { timestamps } from '../../db/columns.ts';
import { orders } from '../orders/schema.ts';
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
