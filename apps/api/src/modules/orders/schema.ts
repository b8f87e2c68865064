import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { timestamps } from '../../db/columns.ts';
import { products, productVariants } from '../catalog/schema.ts';
import { staff } from '../staff/schema.ts';
import { users } from '../users/schema.ts';

export const orderStatuses = [
  'awaiting_payment',
  'paid',
  'shipped',
  'failed',
  'expired',
  'cancelled',
  'partially_refunded',
  'refunded',
] as const;
export type OrderStatus = (typeof orderStatuses)[number];

/** An order's fulfilment, in the order its steps come (cancelled stands apart). */
export const orderFulfilments = [
  'unfulfilled',
  'preparing',
  'ready',
  'shipped',
  'delivered',
  'cancelled',
] as const;
export type OrderFulfilment = (typeof orderFulfilments)[number];

export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Human-facing order number. */
    number: bigint('number', { mode: 'number' }).generatedAlwaysAsIdentity({ startWith: 10001 }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    status: text('status', { enum: orderStatuses }).notNull().default('awaiting_payment'),
    /** The API's `invoiceReceived`: delivered to the shopper. */
    received: boolean('received').notNull().default(false),
    address: text('address').notNull(),
    phone: text('phone').notNull().default(''),
    location: text('location').notNull().default(''),
    // ---- The national address shipped to (migration 0022, decision 210) ----
    /**
     * A copy of the delivery address's national address, taken when the order is placed, so the
     * order shows it after the address is edited or deleted; empty for an order without one.
     */
    shortAddress: text('short_address').notNull().default(''),
    buildingNumber: text('building_number').notNull().default(''),
    street: text('street').notNull().default(''),
    district: text('district').notNull().default(''),
    city: text('city').notNull().default(''),
    postalCode: text('postal_code').notNull().default(''),
    additionalNumber: text('additional_number').notNull().default(''),
    note: text('note').notNull().default(''),
    subtotalHalalas: integer('subtotal_halalas').notNull(),
    shippingHalalas: integer('shipping_halalas').notNull(),
    discountHalalas: integer('discount_halalas').notNull(),
    totalHalalas: integer('total_halalas').notNull(),
    vatHalalas: integer('vat_halalas').notNull(),
    currency: text('currency').notNull().default('SAR'),
    /** UUID v4 sent to the provider as `given_id` so a retried creation cannot charge twice. */
    paymentGivenId: uuid('payment_given_id').notNull().defaultRandom(),
    /** The one provider payment that paid this order (unique: a payment pays one order once). */
    paymentId: text('payment_id'),
    /** How the order was paid (the contract's `paymentMethods`): captured when paid, or, for Tabby and Tamara, when shipped. */
    paymentMethod: text('payment_method', { enum: ['card', 'applepay', 'stcpay', 'tabby', 'tamara'] })
      .notNull()
      .default('card'),
    // ---- Pay-later captures (migration 0035, decision 244) ----
    /**
     * What a pay-later order still owes at its provider: `awaiting` while authorised and not
     * shipped, `owed` once shipped when the capture did not go through; null: nothing to capture.
     */
    captureStatus: text('capture_status', { enum: ['awaiting', 'owed'] }),
    /** When a process took the order to capture or close it (others leave it until the lease ends). */
    captureClaimedAt: timestamp('capture_claimed_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    // ---- Discount codes (migration 0027, decisions 221–223) ----
    /** The discount code the order was placed with, as typed into the shop (normalised); null: none. */
    discountCode: text('discount_code'),
    /** What the code took off the products, VAT included; spread over the lines' `code_discount_halalas`. */
    codeDiscountHalalas: integer('code_discount_halalas').notNull().default(0),
    /** The shipping fee the code waived (`shipping_halalas` is what was charged). */
    shippingWaivedHalalas: integer('shipping_waived_halalas').notNull().default(0),
    // ---- refunds and credit notes (migration 0008) ----
    /** What has been given back of the total so far, VAT included. */
    refundedHalalas: integer('refunded_halalas').notNull().default(0),
    ...timestamps,
    // ---- Orders in the back office (migration 0007, decision 110) ----
    /** Fulfilment beside the payment's status: when and by whom (a staff member) it moved. */
    shippedAt: timestamp('shipped_at', { withTimezone: true }),
    shippedBy: uuid('shipped_by').references(() => staff.id, { onDelete: 'set null' }),
    /** Set with `received`, which is what the shopper's answers read. */
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    deliveredBy: uuid('delivered_by').references(() => staff.id, { onDelete: 'set null' }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancelledBy: uuid('cancelled_by').references(() => staff.id, { onDelete: 'set null' }),
    // ---- Fulfilment statuses (migration 0023, decision 211) ----
    /**
     * Where a paid order is: unfulfilled, then preparing, ready, shipped and delivered (only
     * forward), or cancelled before it shipped. `received` is true exactly when delivered (a
     * CHECK); `shipped_at` and `delivered_at` are written with their steps.
     */
    fulfilment: text('fulfilment', { enum: orderFulfilments }).notNull().default('unfulfilled'),
    /**
     * The one status the back office shows and filters by: a paid order reads its fulfilment
     * step once it has one; any other order its `status`. Kept by the database.
     */
    stage: text('stage')
      .notNull()
      .generatedAlwaysAs(
        sql`CASE WHEN "status" = 'paid' AND "fulfilment" in ('preparing', 'ready', 'shipped', 'delivered') THEN "fulfilment" ELSE "status" END`,
      ),
  },
  (t) => [
    check(
      'orders_status_known',
      sql`${t.status} in ('awaiting_payment', 'paid', 'shipped', 'failed', 'expired', 'cancelled', 'partially_refunded', 'refunded')`,
    ),
    check(
      'orders_fulfilment_known',
      sql`${t.fulfilment} in ('unfulfilled', 'preparing', 'ready', 'shipped', 'delivered', 'cancelled')`,
    ),
    check(
      'orders_payment_method_known',
      sql`${t.paymentMethod} in ('card', 'applepay', 'stcpay', 'tabby', 'tamara')`,
    ),
    check('orders_capture_status_known', sql`${t.captureStatus} in ('awaiting', 'owed')`),
    check('orders_received_when_delivered', sql`${t.received} = (${t.fulfilment} = 'delivered')`),
    check(
      'orders_refunded_within_total',
      sql`${t.refundedHalalas} >= 0 AND ${t.refundedHalalas} <= ${t.totalHalalas}`,
    ),
    index('orders_user_idx').on(t.userId, t.createdAt),
    index('orders_status_idx').on(t.status, t.expiresAt),
    uniqueIndex('orders_number_unique').on(t.number),
    uniqueIndex('orders_payment_unique').on(t.paymentId),
    // ---- Orders in the back office: the list's sorts and filters, and its search ----
    index('orders_created_idx').on(t.createdAt, t.number),
    index('orders_stage_created_idx').on(t.stage, t.createdAt, t.number),
    index('orders_total_idx').on(t.totalHalalas, t.number),
    index('orders_received_created_idx').on(t.received, t.createdAt, t.number),
    index('orders_capture_idx')
      .on(t.captureStatus, t.paidAt)
      .where(sql`${t.captureStatus} is not null`),
    index('orders_phone_trgm').using('gin', sql`${t.phone} gin_trgm_ops`),
  ],
);

export const orderLines = pgTable(
  'order_lines',
  {
    id: serial('id').primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    /** The variant bought; its SKU and option values are kept below as they were then. */
    variantId: integer('variant_id')
      .notNull()
      .references(() => productVariants.id),
    sku: text('sku').notNull().default(''),
    /** The variant's option values at order time, e.g. "256 GB · Blue"; empty without options. */
    optionsAr: text('options_ar').notNull().default(''),
    optionsEn: text('options_en').notNull().default(''),
    nameAr: text('name_ar').notNull(),
    nameEn: text('name_en').notNull(),
    descriptionAr: text('description_ar').notNull().default(''),
    descriptionEn: text('description_en').notNull().default(''),
    image: text('image').notNull(),
    /** What the shopper pays per unit (offer price when there was one). */
    unitPriceHalalas: integer('unit_price_halalas').notNull(),
    /** The list price per unit at order time. */
    listPriceHalalas: integer('list_price_halalas').notNull(),
    quantity: integer('quantity').notNull(),
    /** The order's code discount that fell on this line (largest remainder, decision 222). */
    codeDiscountHalalas: integer('code_discount_halalas').notNull().default(0),
    /** The automatic promotion the line was bought under (decision 228); null: none. */
    promotionId: integer('promotion_id'),
    /** What that promotion took off the line (all its units), already out of `unitPriceHalalas`. */
    promotionHalalas: integer('promotion_halalas').notNull().default(0),
  },
  (t) => [
    index('order_lines_order_idx').on(t.orderId),
    index('order_lines_promotion_idx')
      .on(t.promotionId)
      .where(sql`${t.promotionId} is not null`),
    index('order_lines_variant_idx').on(t.variantId),
    check('order_lines_quantity_positive', sql`${t.quantity} >= 1`),
  ],
);

/**
 * Each fulfilment step an order took (migration 0023): the shopper's timeline and the back
 * office's read these. A shipment keeps its carrier and tracking; `at` is null only for a
 * delivery recorded before the shop kept its time.
 */
export const orderFulfilmentEvents = pgTable(
  'order_fulfilment_events',
  {
    id: serial('id').primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    status: text('status', {
      enum: ['preparing', 'ready', 'shipped', 'delivered', 'cancelled'],
    }).notNull(),
    at: timestamp('at', { withTimezone: true }),
    staffId: uuid('staff_id').references(() => staff.id, { onDelete: 'set null' }),
    carrier: text('carrier').notNull().default(''),
    trackingNumber: text('tracking_number').notNull().default(''),
    /** An https address (checked on the way in and again when shown), or empty. */
    trackingUrl: text('tracking_url').notNull().default(''),
  },
  (t) => [
    index('order_fulfilment_events_order_idx').on(t.orderId, t.id),
    check(
      'order_fulfilment_events_status_known',
      sql`${t.status} in ('preparing', 'ready', 'shipped', 'delivered', 'cancelled')`,
    ),
  ],
);

/**
 * Paid orders and money spent per shopper, one row per account, written only by the triggers of
 * migration 0009 (a new account; an order getting its payment), so the customers list sorts by
 * them from an index.
 */
export const customerStats = pgTable(
  'customer_stats',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    ordersCount: integer('orders_count').notNull().default(0),
    spentHalalas: bigint('spent_halalas', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    index('customer_stats_orders').on(t.ordersCount, t.userId),
    index('customer_stats_spent').on(t.spentHalalas, t.userId),
  ],
);
