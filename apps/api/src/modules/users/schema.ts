import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { hashedToken, oneTimeUse, timestamps } from '../../db/columns.ts';
import { staff } from '../staff/schema.ts';

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

/** A row that belongs to one shopper, and goes with their account (a cart line, a wish). */
export const shopperColumn = () =>
  uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

/** The account a session or a one-time token belongs to; it goes with the account. */
const ofUser = () =>
  uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

/** Opaque session tokens; only their SHA-256 is stored. */
export const sessions = pgTable(
  'sessions',
  {
    ...hashedToken(),
    userId: ofUser(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

export const passwordResets = pgTable(
  'password_resets',
  { ...hashedToken(), userId: ofUser(), ...oneTimeUse() },
  (t) => [index('password_resets_user_idx').on(t.userId)],
);

/**
 * A new e-mail address waiting for its owner to open the link sent to it. Only the token's
 * hash is stored; the account keeps its old address until the link is used.
 */
export const emailChanges = pgTable(
  'email_changes',
  { ...hashedToken(), userId: ofUser(), newEmail: text('new_email').notNull(), ...oneTimeUse() },
  (t) => [index('email_changes_user_idx').on(t.userId)],
);

// ── Back office: customers and the overview (migration 0009, decision 120) ──────────────────
// Migration 0009 also adds indexes to tables above that these reads rely on: users
// (created_at, id), the same WHERE NOT active, and a trigram GIN over lower(name) || email ||
// phone; orders (paid_at) INCLUDE (total_halalas, payment_method) WHERE paid_at IS NOT NULL, and (created_at)
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
