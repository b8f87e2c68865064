import { paymentProviderNames } from '@shop/contract';
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { orders } from '../orders/schema.ts';

// ---- refunds and credit notes ----

/** Each refund's simplified credit note gets the next number (its own series, apart from orders). */
export const creditNoteNumberSeq = pgSequence('credit_note_number_seq', { startWith: 1 });

export const refundStatuses = ['pending', 'succeeded', 'failed'] as const;
export type RefundStatus = (typeof refundStatuses)[number];

/** Units of one order line put back on the shelf by a refund. */
export interface ReturnedUnits {
  lineId: number;
  productId: number;
  variantId: number;
  quantity: number;
}

/**
 * Money given back on a paid order (module `refunds`). A row is written `pending` before the
 * payment provider is asked, so a crash between the provider's answer and our commit is finished
 * on the next try with the same key instead of refunding twice: `refunded_before_halalas` is what
 * the provider had refunded on the payment before this attempt, so the provider's own total says
 * whether the call went through. At most one pending refund per order; the credit note number is
 * given when the refund succeeds.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    idempotencyKey: text('idempotency_key').notNull(),
    amountHalalas: integer('amount_halalas').notNull(),
    reason: text('reason').notNull(),
    returnStock: jsonb('return_stock').$type<ReturnedUnits[]>().notNull().default([]),
    status: text('status', { enum: refundStatuses }).notNull().default('pending'),
    // The payment's provider, Tabby's too (its refunds go through the same rows).
    provider: text('provider', { enum: paymentProviderNames }).notNull(),
    paymentId: text('payment_id').notNull(),
    refundedBeforeHalalas: integer('refunded_before_halalas').notNull(),
    /** When the request now calling the provider started; another request waits for it meanwhile. */
    attemptStartedAt: timestamp('attempt_started_at', { withTimezone: true }),
    /** The provider's refusal, for a failed refund. */
    error: text('error'),
    creditNoteNumber: bigint('credit_note_number', { mode: 'number' }),
    staffId: uuid('staff_id'),
    actor: text('actor').notNull(),
    ip: text('ip').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('refunds_order_key_unique').on(t.orderId, t.idempotencyKey),
    uniqueIndex('refunds_one_pending_per_order')
      .on(t.orderId)
      .where(sql`${t.status} = 'pending'`),
    uniqueIndex('refunds_credit_note_number_unique').on(t.creditNoteNumber),
    index('refunds_order_idx').on(t.orderId, t.createdAt),
    // Migration 0012: the overview's sales read completed refunds by completion time, the
    // amount INCLUDEd in the index (index-only scans).
    index('refunds_completed_idx')
      .on(t.completedAt)
      .where(sql`${t.status} = 'succeeded'`),
    check('refunds_amount_positive', sql`${t.amountHalalas} > 0`),
    check('refunds_status_known', sql`${t.status} in ('pending', 'succeeded', 'failed')`),
  ],
);
