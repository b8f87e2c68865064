import { serial, text, timestamp } from 'drizzle-orm/pg-core';

/** The creation and last-change times most tables carry. */
export const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

/** The first columns of a table of opaque tokens: its id, and the token's SHA-256 (never the token). */
export const hashedToken = () => ({
  id: serial('id').primaryKey(),
  tokenHash: text('token_hash').notNull().unique(),
});

/** When a one-time token stops working, when it was used (null: not yet), when it was made. */
export const oneTimeUse = () => ({
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The first columns of a named thing the catalog import keys by slug: id, slug, Arabic and English names. */
export const sluggedNames = () => ({
  id: serial('id').primaryKey(),
  /** Stable key for the catalog importer. */
  slug: text('slug').notNull().unique(),
  nameAr: text('name_ar').notNull(),
  nameEn: text('name_en').notNull(),
});
