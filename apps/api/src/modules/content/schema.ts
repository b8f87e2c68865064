import { integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { sluggedNames, timestamps } from '../../db/columns.ts';

export const agents = pgTable('agents', {
  ...sluggedNames(),
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
