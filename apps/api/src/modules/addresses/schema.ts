import { doublePrecision, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { timestamps } from '../../db/columns.ts';
import { users } from '../users/schema.ts';

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
    // ---- The Saudi national address (migration 0022, decision 210); empty when not given ----
    /** Four upper-case Latin letters and four ASCII digits (`RRRD2929`), or empty. */
    shortAddress: text('short_address').notNull().default(''),
    /** Four digits, or empty. */
    buildingNumber: text('building_number').notNull().default(''),
    street: text('street').notNull().default(''),
    district: text('district').notNull().default(''),
    /** Five digits, or empty. */
    postalCode: text('postal_code').notNull().default(''),
    /** Four digits, or empty. */
    additionalNumber: text('additional_number').notNull().default(''),
    ...timestamps,
  },
  (t) => [index('addresses_user_idx').on(t.userId)],
);
