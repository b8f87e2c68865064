import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Shop settings as key → JSON value (see `service.ts` for the keys). */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
