import {
  messageChannels,
  messageEvents,
  messageKeyNames,
  messageKinds,
  messageStatuses,
} from '@shop/contract';
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { orders } from '../orders/schema.ts';
import { staff } from '../staff/schema.ts';
import { shopperColumn } from '../users/schema.ts';

/**
 * The outbox of messages to shoppers (decisions 212–219): one row per event and channel, written
 * in the transaction of the change it tells about, then sent by a worker of any shop process that
 * claims it (a conditional update over SKIP LOCKED rows), so a message is neither lost nor sent
 * by two processes.
 */
export const messages = pgTable(
  'messages',
  {
    id: serial('id').primaryKey(),
    /** The event and what it is about, and the channel: a second insert of the same key is ignored. */
    idempotencyKey: text('idempotency_key').notNull(),
    userId: shopperColumn(),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'cascade' }),
    event: text('event', { enum: messageEvents }).notNull(),
    kind: text('kind', { enum: messageKinds }).notNull(),
    channel: text('channel', { enum: messageChannels }).notNull(),
    lang: text('lang', { enum: ['ar', 'en'] }).notNull(),
    /** An e-mail address or an E.164 number, as it was when the message was queued. */
    recipient: text('recipient').notNull(),
    /** The event's values the template is filled with (order number, amounts, tracking…). */
    data: jsonb('data').$type<Record<string, string>>().notNull(),
    status: text('status', { enum: messageStatuses }).notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    claimedBy: text('claimed_by'),
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    /** The provider's id for the message (Unifonic MessageID, WhatsApp wamid, mail Message-ID). */
    providerId: text('provider_id'),
    lastError: text('last_error'),
    /** What was sent, as rendered on the last attempt. */
    subject: text('subject'),
    body: text('body'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('messages_idempotency_key').on(t.idempotencyKey),
    index('messages_due')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} in ('queued', 'sending')`),
    index('messages_order').on(t.orderId),
    index('messages_user').on(t.userId),
    index('messages_provider_id').on(t.providerId),
  ],
);
export type MessageRow = typeof messages.$inferSelect;

/** The owner's wording of an event on a channel in a language; without a row, the shop's default. */
export const messageTemplates = pgTable(
  'message_templates',
  {
    event: text('event', { enum: messageEvents }).notNull(),
    channel: text('channel', { enum: messageChannels }).notNull(),
    lang: text('lang', { enum: ['ar', 'en'] }).notNull(),
    subject: text('subject').notNull().default(''),
    body: text('body').notNull(),
    whatsappName: text('whatsapp_name').notNull().default(''),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: uuid('updated_by').references(() => staff.id, { onDelete: 'set null' }),
  },
  (t) => [primaryKey({ columns: [t.event, t.channel, t.lang] })],
);

/** A shopper's choice of one kind on one channel; without a row, the default (e-mail on, others off). */
export const messagePreferences = pgTable(
  'message_preferences',
  {
    userId: shopperColumn(),
    kind: text('kind', { enum: messageKinds }).notNull(),
    channel: text('channel', { enum: messageChannels }).notNull(),
    enabled: boolean('enabled').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind, t.channel] })],
);

/** The SMS and WhatsApp providers' keys saved in the back office, sealed like the payment keys. */
export const messageKeys = pgTable('message_keys', {
  name: text('name', { enum: messageKeyNames }).primaryKey(),
  sealed: text('sealed').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
