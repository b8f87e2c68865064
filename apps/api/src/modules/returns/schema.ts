import { returnReasons, returnStatuses } from '@shop/contract';
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { orderLines, orders } from '../orders/schema.ts';
import { refunds } from '../refunds/schema.ts';
import { staff } from '../staff/schema.ts';
import { shopperColumn } from '../users/schema.ts';

/**
 * Return requests (module `returns`, decision 230): a shopper asks to return units of a delivered
 * order's lines; staff decide, receive the goods, and an owner refunds it through the order's
 * refund, whose id the request keeps. Each step is a conditional UPDATE from the status it
 * comes from, so two members pressing at once make one change.
 */
export const returnRequests = pgTable(
  'return_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    userId: shopperColumn(),
    status: text('status', { enum: returnStatuses }).notNull().default('requested'),
    reason: text('reason', { enum: returnReasons }).notNull(),
    details: text('details').notNull().default(''),
    /** Public paths of the photos, stored as every upload is (`/uploads/returns/…`). */
    photos: jsonb('photos').$type<string[]>().notNull().default([]),
    staffNote: text('staff_note').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: uuid('decided_by').references(() => staff.id, { onDelete: 'set null' }),
    receivedAt: timestamp('received_at', { withTimezone: true }),
    receivedBy: uuid('received_by').references(() => staff.id, { onDelete: 'set null' }),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    refundId: uuid('refund_id').references(() => refunds.id),
  },
  (t) => [
    index('return_requests_order_idx').on(t.orderId, t.createdAt),
    index('return_requests_status_created_idx').on(t.status, t.createdAt),
    check(
      'return_requests_status_known',
      sql`${t.status} in ('requested', 'approved', 'rejected', 'received', 'refunded')`,
    ),
    check(
      'return_requests_reason_known',
      sql`${t.reason} in ('defective', 'wrong_item', 'not_as_described', 'changed_mind', 'other')`,
    ),
  ],
);

/** The units of each order line a request asks to return. */
export const returnRequestLines = pgTable(
  'return_request_lines',
  {
    requestId: uuid('request_id')
      .notNull()
      .references(() => returnRequests.id, { onDelete: 'cascade' }),
    orderLineId: integer('order_line_id')
      .notNull()
      .references(() => orderLines.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.requestId, t.orderLineId] }),
    index('return_request_lines_line_idx').on(t.orderLineId),
    check('return_request_lines_quantity_positive', sql`${t.quantity} > 0`),
  ],
);
