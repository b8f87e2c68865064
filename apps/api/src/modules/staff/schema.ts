import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { hashedToken, oneTimeUse, timestamps } from '../../db/columns.ts';

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

/** The member a session or a one-time token belongs to; it goes with the account. */
const ofStaff = () =>
  uuid('staff_id')
    .notNull()
    .references(() => staff.id, { onDelete: 'cascade' });

/**
 * Back-office sessions: opaque tokens, only their SHA-256 stored. A session ends when idle for
 * STAFF_IDLE_MINUTES or at `expiresAt` (the absolute lifetime), whichever comes first.
 */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    ...hashedToken(),
    staffId: ofStaff(),
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
    ...hashedToken(),
    staffId: ofStaff(),
    purpose: text('purpose', { enum: staffTokenPurposes }).notNull(),
    ...oneTimeUse(),
  },
  (t) => [index('staff_tokens_staff_idx').on(t.staffId)],
);
