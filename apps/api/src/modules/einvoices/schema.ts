import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { FatooraMessage, Seller } from '@shop/zatca';
import { orders } from '../orders/schema.ts';
import { refunds } from '../refunds/schema.ts';

/**
 * ZATCA phase 2 e-invoicing (module `einvoices`): the shop's signing units (an EGS unit with its
 * key and certificate, and the head of its chain) and the signed documents they issued, each
 * waiting for, or holding, Fatoora's answer. Decisions 171 to 173.
 */

export const einvoiceUnitStatuses = ['active', 'retired'] as const;

/**
 * A signing unit, written once onboarding has passed (a production certificate in hand). At most
 * one is `active`: the one that issues. `icv` is the counter of its last document (0 before the
 * first) and `pih` that document's hash (ZATCA's initial hash before the first): a document takes
 * icv + 1 and pih under a row lock, then moves both on.
 */
export const einvoiceUnits = pgTable(
  'einvoice_units',
  {
    id: serial('id').primaryKey(),
    status: text('status', { enum: einvoiceUnitStatuses }).notNull().default('active'),
    environment: text('environment', { enum: ['developer-portal', 'simulation', 'production'] }).notNull(),
    /** The Fatoora base address it was onboarded with (the simulator's: `simulator`). */
    apiUrl: text('api_url').notNull(),
    commonName: text('common_name').notNull(),
    /** EGS serial `1-…|2-…|3-…`. */
    serialNumber: text('serial_number').notNull(),
    /** The seller written on every document (legal name, VAT number, CRN, national address). */
    seller: jsonb('seller').$type<Seller>().notNull(),
    /** The secp256k1 private key (PEM), sealed with lib/sealed-secret.ts. */
    sealedKey: text('sealed_key').notNull(),
    /** The production CSID as Fatoora gives it (binarySecurityToken). */
    certificate: text('certificate').notNull(),
    /** The CSID's secret, sealed. */
    sealedSecret: text('sealed_secret').notNull(),
    certificateExpiresAt: timestamp('certificate_expires_at', { withTimezone: true }).notNull(),
    icv: integer('icv').notNull().default(0),
    pih: text('pih').notNull(),
    onboardedBy: uuid('onboarded_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    retiredAt: timestamp('retired_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('einvoice_units_one_active')
      .on(t.status)
      .where(sql`${t.status} = 'active'`),
    check('einvoice_units_status_known', sql`${t.status} in ('active', 'retired')`),
    check('einvoice_units_icv_non_negative', sql`${t.icv} >= 0`),
  ],
);

export const einvoiceDocumentKinds = ['invoice', 'credit_note'] as const;
export type EinvoiceDocumentKind = (typeof einvoiceDocumentKinds)[number];

export const einvoiceStatuses = ['queued', 'reported', 'reported_with_warnings', 'rejected'] as const;
export type EinvoiceStatus = (typeof einvoiceStatuses)[number];

/**
 * A signed simplified invoice (an order paid) or credit note (a refund), issued in the
 * transaction that recorded the payment or the refund, and never changed afterwards but for its
 * reporting columns. `queued` documents are reported by the worker: one claims a document by
 * setting `claimed_until` (a lease), so several processes never send one twice at once; a failed
 * attempt sets `next_attempt_at` later (back-off).
 */
export const einvoiceDocuments = pgTable(
  'einvoice_documents',
  {
    /** The document's UUID, written in it (cbc:UUID). */
    uuid: uuid('uuid').primaryKey(),
    unitId: integer('unit_id')
      .notNull()
      .references(() => einvoiceUnits.id),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    refundId: uuid('refund_id').references(() => refunds.id),
    kind: text('kind', { enum: einvoiceDocumentKinds }).notNull(),
    number: text('number').notNull(),
    icv: integer('icv').notNull(),
    pih: text('pih').notNull(),
    hash: text('hash').notNull(),
    xml: text('xml').notNull(),
    /** Base64 TLV of QR tags 1–9. */
    qr: text('qr').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    status: text('status', { enum: einvoiceStatuses }).notNull().default('queued'),
    /** Fatoora's warnings and errors of the last answer. */
    messages: jsonb('messages').$type<FatooraMessage[]>().notNull().default([]),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** Why the last attempt got no answer (network, 5xx, credentials). */
    lastError: text('last_error'),
    claimedBy: text('claimed_by'),
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    reportedAt: timestamp('reported_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('einvoice_documents_unit_icv_unique').on(t.unitId, t.icv),
    uniqueIndex('einvoice_documents_order_invoice_unique')
      .on(t.orderId)
      .where(sql`${t.kind} = 'invoice'`),
    uniqueIndex('einvoice_documents_refund_unique').on(t.refundId),
    index('einvoice_documents_order_idx').on(t.orderId, t.icv),
    index('einvoice_documents_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'queued'`),
    index('einvoice_documents_status_idx').on(t.status, t.issuedAt),
    check('einvoice_documents_kind_known', sql`${t.kind} in ('invoice', 'credit_note')`),
    check(
      'einvoice_documents_status_known',
      sql`${t.status} in ('queued', 'reported', 'reported_with_warnings', 'rejected')`,
    ),
    check('einvoice_documents_icv_positive', sql`${t.icv} >= 1`),
  ],
);

export type EinvoiceUnitRow = typeof einvoiceUnits.$inferSelect;
export type EinvoiceDocumentRow = typeof einvoiceDocuments.$inferSelect;
