import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

/** Shop settings as key → JSON value (see `modules/content/settings.ts` for the keys). */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const categories = pgTable('categories', {
  id: serial('id').primaryKey(),
  /** Stable key for the catalog importer. */
  slug: text('slug').notNull().unique(),
  nameAr: text('name_ar').notNull(),
  nameEn: text('name_en').notNull(),
  image: text('image').notNull(),
  sort: integer('sort').notNull().default(0),
  ...timestamps,
});

export const companies = pgTable(
  'companies',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull().unique(),
    nameAr: text('name_ar').notNull(),
    nameEn: text('name_en').notNull(),
    image: text('image').notNull(),
    sort: integer('sort').notNull().default(0),
    /** ar_norm() of both names, for search (migration 0000 defines ar_norm). */
    searchNorm: text('search_norm').generatedAlwaysAs(sql`ar_norm(name_ar || ' ' || name_en)`),
    ...timestamps,
  },
  (t) => [index('companies_search_trgm').using('gin', sql`${t.searchNorm} gin_trgm_ops`)],
);

export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    sku: text('sku').notNull().unique(),
    nameAr: text('name_ar').notNull(),
    nameEn: text('name_en').notNull(),
    descriptionAr: text('description_ar').notNull().default(''),
    descriptionEn: text('description_en').notNull().default(''),
    /** VAT-inclusive price in halalas. */
    priceHalalas: integer('price_halalas').notNull(),
    /** VAT-inclusive offer price in halalas; null when not on offer. */
    offerPriceHalalas: integer('offer_price_halalas'),
    /** Units on hand that are not reserved by an unpaid order. */
    stock: integer('stock').notNull().default(0),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    image: text('image').notNull(),
    featured: boolean('featured').notNull().default(false),
    unitsSold: integer('units_sold').notNull().default(0),
    searchNorm: text('search_norm').generatedAlwaysAs(sql`ar_norm(name_ar || ' ' || name_en)`),
    /** What a shopper pays per unit: the offer price when there is one. */
    effectivePriceHalalas: integer('effective_price_halalas').generatedAlwaysAs(
      sql`coalesce(offer_price_halalas, price_halalas)`,
    ),
    /** The share of the price an offer takes off; null when not on offer. */
    offerShare: doublePrecision('offer_share').generatedAlwaysAs(
      sql`(price_halalas - offer_price_halalas)::float8 / nullif(price_halalas, 0)`,
    ),
    /**
     * ar_norm() of the product's, its maker's and its category's names, between spaces; kept by
     * the triggers of migration 0003 (a generated column cannot read other tables).
     */
    searchDoc: text('search_doc').notNull().default(''),
    // Back-office catalog (migration 0010): hiding, versions, offer dates.
    /** Kept for the orders that name it, but shown to shoppers nowhere. */
    hidden: boolean('hidden').notNull().default(false),
    /** Bumped by every change; a save made from an older version is refused. */
    version: integer('version').notNull().default(1),
    /** The offer as planned in the back office; `offerPriceHalalas` holds it while its dates hold. */
    offerPlannedHalalas: integer('offer_planned_halalas'),
    offerStartsAt: timestamp('offer_starts_at', { withTimezone: true }),
    offerEndsAt: timestamp('offer_ends_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index('products_search_doc_trgm').using('gin', sql`${t.searchDoc} gin_trgm_ops`),
    // The three listing indexes also INCLUDE the other filter columns and the effective price
    // (migration 0003), which drizzle cannot express, so that filtered pages are index-only.
    // They and the price index hold visible products only (migration 0010).
    index('products_listing')
      .on(t.id)
      .where(sql`not ${t.hidden}`),
    index('products_listing_category')
      .on(t.categoryId, t.id)
      .where(sql`not ${t.hidden}`),
    index('products_listing_company')
      .on(t.companyId, t.id)
      .where(sql`not ${t.hidden}`),
    index('products_price')
      .on(t.effectivePriceHalalas, t.id)
      .where(sql`not ${t.hidden}`),
    index('products_best_sellers')
      .on(t.unitsSold.desc(), t.featured.desc(), t.updatedAt.desc(), t.id)
      .where(sql`${t.unitsSold} > 0 or ${t.featured}`),
    index('products_newest').on(t.updatedAt.desc(), t.id.desc()),
    index('products_offers')
      .on(t.offerShare.desc().nullsLast(), t.id)
      .where(sql`${t.offerPriceHalalas} is not null`),
    index('products_related').on(t.categoryId, t.unitsSold.desc(), t.featured.desc(), t.id),
    check('products_stock_nonnegative', sql`${t.stock} >= 0`),
    check('products_price_nonnegative', sql`${t.priceHalalas} >= 0`),
    index('products_offer_schedule')
      .on(t.id)
      .where(sql`${t.offerPlannedHalalas} is not null`),
    check(
      'products_offer_planned_below_price',
      sql`${t.offerPlannedHalalas} is null or (${t.offerPlannedHalalas} >= 0 and ${t.offerPlannedHalalas} < ${t.priceHalalas})`,
    ),
    check(
      'products_offer_below_price',
      sql`${t.offerPriceHalalas} is null or (${t.offerPriceHalalas} >= 0 and ${t.offerPriceHalalas} < ${t.priceHalalas})`,
    ),
  ],
);

/** Products per (category, maker), kept by triggers on products (migration 0003). */
export const productCounts = pgTable(
  'product_counts',
  {
    categoryId: integer('category_id').notNull(),
    companyId: integer('company_id').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [primaryKey({ name: 'product_counts_pk', columns: [t.categoryId, t.companyId] })],
);

/** Every word of the catalog's search text, for correcting misspelt query words. */
export const searchTerms = pgTable('search_terms', { term: text('term').primaryKey() }, (t) => [
  index('search_terms_trgm').using('gin', sql`${t.term} gin_trgm_ops`),
]);

export const productImages = pgTable(
  'product_images',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    image: text('image').notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [index('product_images_product_idx').on(t.productId)],
);

export const agents = pgTable('agents', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  nameAr: text('name_ar').notNull(),
  nameEn: text('name_en').notNull(),
  companyAr: text('company_ar').notNull(),
  companyEn: text('company_en').notNull(),
  phone: text('phone').notNull(),
  image: text('image').notNull(),
  sort: integer('sort').notNull().default(0),
  ...timestamps,
});

/** Home slides: each language has its own image (its own text on it) and link. */
export const sliders = pgTable('sliders', {
  id: serial('id').primaryKey(),
  imageAr: text('image_ar').notNull(),
  imageEn: text('image_en').notNull(),
  /** A path on the shop (`/products/...`) or an https address; empty: the slide links nowhere. */
  linkAr: text('link_ar').notNull().default(''),
  linkEn: text('link_en').notNull().default(''),
  sort: integer('sort').notNull().default(0),
  ...timestamps,
});

/** The info pages: `about`, `refund`, `terms`, `privacy`. Bodies are Markdown. */
export const infoPages = pgTable('info_pages', {
  kind: text('kind').primaryKey(),
  bodyAr: text('body_ar').notNull(),
  bodyEn: text('body_en').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    /** Lower-cased. */
    email: text('email').notNull(),
    /** E.164 (`+9665XXXXXXXX`). */
    phone: text('phone').notNull(),
    passwordHash: text('password_hash').notNull(),
    image: text('image'),
    /** false once the shopper deactivated the account (soft delete). */
    active: boolean('active').notNull().default(true),
    // ---- refunds and shopper e-mails (migration 0008) ----
    /** The language the shopper last used (sign-in, registration, an order): their e-mails' language. */
    lang: text('lang', { enum: ['ar', 'en'] })
      .notNull()
      .default('ar'),
    ...timestamps,
  },
  (t) => [
    check('users_lang_known', sql`${t.lang} in ('ar', 'en')`),
    uniqueIndex('users_email_unique').on(t.email),
    uniqueIndex('users_phone_unique').on(t.phone),
    uniqueIndex('users_name_unique').on(sql`lower(${t.name})`),
    // ---- Orders in the back office: finding orders by the customer's name, e-mail or phone ----
    index('order_search_user_name_trgm').using('gin', sql`${t.name} gin_trgm_ops`),
    index('order_search_user_email_trgm').using('gin', sql`${t.email} gin_trgm_ops`),
    index('order_search_user_phone_trgm').using('gin', sql`${t.phone} gin_trgm_ops`),
  ],
);

/** Opaque session tokens; only their SHA-256 is stored. */
export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

export const passwordResets = pgTable(
  'password_resets',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('password_resets_user_idx').on(t.userId)],
);

/**
 * A new e-mail address waiting for its owner to open the link sent to it. Only the token's
 * hash is stored; the account keeps its old address until the link is used.
 */
export const emailChanges = pgTable(
  'email_changes',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    newEmail: text('new_email').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('email_changes_user_idx').on(t.userId)],
);

/** Fixed-window counters for throttling (login per account and per IP, resets, ...). */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
});

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
    count: integer('count').notNull(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('cart_items_user_product').on(t.userId, t.productId),
    check('cart_items_count_positive', sql`${t.count} >= 1`),
  ],
);

export const addresses = pgTable(
  'addresses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The form's "title". */
    name: text('name').notNull(),
    city: text('city').notNull().default(''),
    /** The form's "region". */
    zone: text('zone').notNull().default(''),
    /** The form's "nearest mark". */
    closeSign: text('close_sign').notNull().default(''),
    /** The form's "notes": the address text. */
    address: text('address').notNull().default(''),
    /** E.164, or empty. */
    mobile: text('mobile').notNull().default(''),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    ...timestamps,
  },
  (t) => [index('addresses_user_idx').on(t.userId)],
);

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
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
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
    /**
     * The one status the back office shows and filters by: a paid order reads `delivered` once
     * received, `shipped` once shipped; any other order its `status`. Kept by the database.
     */
    stage: text('stage')
      .notNull()
      .generatedAlwaysAs(
        sql`CASE WHEN "status" = 'paid' AND "received" THEN 'delivered' WHEN "status" = 'paid' AND "shipped_at" IS NOT NULL THEN 'shipped' ELSE "status" END`,
      ),
  },
  (t) => [
    check(
      'orders_status_known',
      sql`${t.status} in ('awaiting_payment', 'paid', 'shipped', 'failed', 'expired', 'cancelled', 'partially_refunded', 'refunded')`,
    ),
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
  },
  (t) => [
    index('order_lines_order_idx').on(t.orderId),
    check('order_lines_quantity_positive', sql`${t.quantity} >= 1`),
  ],
);

/** Payments as the provider reported them (Moyasar or the local sandbox). */
export const payments = pgTable(
  'payments',
  {
    /** The provider's payment id. */
    id: text('id').primaryKey(),
    provider: text('provider', { enum: ['moyasar', 'sandbox'] }).notNull(),
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

/**
 * Back-office accounts: staff are not shoppers (decision 100). The e-mail is stored
 * lower-cased and unique in any case. `passwordHash` is null until an invited member sets
 * a password through their one-time link.
 */
export const staffRoles = ['owner', 'staff'] as const;
export type StaffRole = (typeof staffRoles)[number];

export const staff = pgTable(
  'staff',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    role: text('role', { enum: staffRoles }).notNull(),
    passwordHash: text('password_hash'),
    disabled: boolean('disabled').notNull().default(false),
    /** AES-256-GCM sealed base32 TOTP secret; set once the member confirmed a code (decision 102). */
    totpSecret: text('totp_secret'),
    /** An enrolment not confirmed yet (sealed too). */
    totpPendingSecret: text('totp_pending_secret'),
    /** The last TOTP time step accepted: a code is good once. */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    /** The language the member last used the back office in. */
    lang: text('lang', { enum: ['ar', 'en'] })
      .notNull()
      .default('ar'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('staff_email_unique').on(sql`lower(${t.email})`),
    check('staff_role_known', sql`${t.role} in ('owner', 'staff')`),
  ],
);

/** Back-office settings: one row. */
export const staffSettings = pgTable(
  'staff_settings',
  {
    id: integer('id').primaryKey().default(1),
    /** Every member must have two-factor sign-in on. */
    totpRequired: boolean('totp_required').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('staff_settings_one_row', sql`${t.id} = 1`)],
);

/**
 * Back-office sessions: opaque tokens, only their SHA-256 stored. A session ends when idle for
 * STAFF_IDLE_MINUTES or at `expiresAt` (the absolute lifetime), whichever comes first.
 */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    staffId: uuid('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ip: text('ip').notNull().default(''),
  },
  (t) => [index('staff_sessions_staff_idx').on(t.staffId)],
);

/**
 * Short-lived, single-use tokens of the back office: `sign_in` (the password was right, a
 * TOTP code is still due) and `set_password` (an invitation or an owner's reset).
 */
export const staffTokenPurposes = ['sign_in', 'set_password'] as const;

export const staffTokens = pgTable(
  'staff_tokens',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    staffId: uuid('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: staffTokenPurposes }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('staff_tokens_staff_idx').on(t.staffId)],
);

/** Every change made in the back office: who, what, before and after, when, from where (decision 103). */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** Null when the actor was the command line (`staff:create`). */
    staffId: uuid('staff_id').references(() => staff.id, { onDelete: 'set null' }),
    /** The member's e-mail at the time (kept when the account is gone), or `command-line`. */
    actor: text('actor').notNull(),
    action: text('action').notNull(),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    ip: text('ip').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_log_created_idx').on(t.createdAt),
    index('audit_log_staff_idx').on(t.staffId, t.createdAt),
    index('audit_log_entity_idx').on(t.entityType, t.entityId, t.createdAt),
    index('audit_log_action_idx').on(t.action, t.createdAt),
  ],
);

// ── Back office: customers and the overview (migration 0009, decision 120) ──────────────────
// Migration 0009 also adds indexes to tables above that these reads rely on: users
// (created_at, id), the same WHERE NOT active, and a trigram GIN over lower(name) || email ||
// phone; orders (paid_at) INCLUDE (total_halalas) WHERE paid_at IS NOT NULL, and (created_at)
// INCLUDE (status, received); products (stock, id).

/**
 * Accounts the shop deactivated (users module). A shopper's own deactivation leaves no row: the
 * sign-in answer tells the two apart, and reactivation removes the row.
 */
export const accountSuspensions = pgTable('account_suspensions', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  staffId: uuid('staff_id').references(() => staff.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

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

// ---------------------------------------------------------------------------------------------
// Back office: catalog import jobs (catalog module) and payment provider keys (payments module)
// ---------------------------------------------------------------------------------------------

export const importJobStatuses = ['checked', 'invalid', 'running', 'done', 'failed', 'discarded'] as const;

/**
 * A catalog file uploaded in the back office: checked first (a dry run), then imported in the
 * background. The file itself is kept under `DATA_DIR/imports/`. At most one job runs at a time.
 */
export const catalogImportJobs = pgTable(
  'catalog_import_jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    status: text('status', { enum: importJobStatuses }).notNull(),
    format: text('format', { enum: ['json', 'csv'] }).notNull(),
    /** The name the file had on the member's computer (shown in the history). */
    fileName: text('file_name').notNull(),
    /** The kept file's name under `DATA_DIR/imports/`. */
    storedFile: text('stored_file').notNull(),
    /** Records to write, and written so far (the progress bar). */
    total: integer('total').notNull().default(0),
    done: integer('done').notNull().default(0),
    /** Rows created and updated per section, once done. */
    summary: jsonb('summary'),
    /** Per-row problems of the dry run: `{section, row, field, message}` (message in English). */
    errors: jsonb('errors').notNull().default([]),
    /** Why a running job failed (an error code of the contract). */
    failure: text('failure'),
    staffId: uuid('staff_id').references(() => staff.id, { onDelete: 'set null' }),
    actor: text('actor').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** Stamped every few seconds by the process running the job (migration 0013). */
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }),
    /** Products written so far: after a failure, how many of the file's are in the shop. */
    productsWritten: integer('products_written').notNull().default(0),
    /**
     * The images a ZIP file's check stored (`/uploads/catalog/…`), which its kept file names:
     * removed again when the file is discarded without being imported (migration 0014).
     */
    storedImages: jsonb('stored_images').$type<string[]>().notNull().default([]),
  },
  (t) => [
    index('catalog_import_jobs_created_idx').on(t.createdAt),
    uniqueIndex('catalog_import_jobs_one_running')
      .on(t.status)
      .where(sql`${t.status} = 'running'`),
    check(
      'catalog_import_jobs_status_known',
      sql`${t.status} in ('checked', 'invalid', 'running', 'done', 'failed', 'discarded')`,
    ),
  ],
);

export const paymentKeyNames = ['secretKey', 'publishableKey', 'webhookSecret'] as const;

/** Moyasar keys saved in the back office, sealed (AES-256-GCM); they win over the env variables. */
export const paymentKeys = pgTable('payment_keys', {
  name: text('name', { enum: paymentKeyNames }).primaryKey(),
  sealed: text('sealed').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

// ---- refunds and credit notes ----

/** Each refund's simplified credit note gets the next number (its own series, apart from orders). */
export const creditNoteNumberSeq = pgSequence('credit_note_number_seq', { startWith: 1 });

export const refundStatuses = ['pending', 'succeeded', 'failed'] as const;
export type RefundStatus = (typeof refundStatuses)[number];

/** Units of one order line put back on the shelf by a refund. */
export interface ReturnedUnits {
  lineId: number;
  productId: number;
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
    provider: text('provider', { enum: ['moyasar', 'sandbox'] }).notNull(),
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
