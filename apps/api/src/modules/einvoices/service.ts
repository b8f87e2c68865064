import { randomUUID } from 'node:crypto';
import {
  buildInvoice,
  INITIAL_PIH,
  signInvoice,
  type AdjustmentInput,
  type DocumentLine,
  type FatooraMessage,
  type Seller,
} from '@shop/zatca';
import { and, asc, count, desc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Db, Tx } from '../../db/client.ts';
import { openSecret, sealSecret } from '../../lib/sealed-secret.ts';
import {
  einvoiceDocuments,
  einvoiceUnits,
  type EinvoiceDocumentKind,
  type EinvoiceDocumentRow,
  type EinvoiceStatus,
  type EinvoiceUnitRow,
} from './schema.ts';

/** What opens the sealed keys and secrets (lib/sealed-secret.ts). */
export type SealingConfig = Pick<Config, 'staff' | 'dataDir'>;

// ---- signing units ----

/** The unit that issues now, or null when none has been onboarded. */
export async function activeUnit(db: Db): Promise<EinvoiceUnitRow | null> {
  const [row] = await db.select().from(einvoiceUnits).where(eq(einvoiceUnits.status, 'active')).limit(1);
  return row ?? null;
}

export async function unitById(db: Db, id: number): Promise<EinvoiceUnitRow | null> {
  const [row] = await db.select().from(einvoiceUnits).where(eq(einvoiceUnits.id, id)).limit(1);
  return row ?? null;
}

export interface NewUnit {
  environment: EinvoiceUnitRow['environment'];
  apiUrl: string;
  commonName: string;
  serialNumber: string;
  seller: Seller;
  privateKeyPem: string;
  certificate: string;
  secret: string;
  certificateExpiresAt: Date;
  onboardedBy: string | null;
}

/**
 * Stores a unit that passed onboarding as the active one; the unit it replaces is retired (its
 * documents keep being reported with its certificate). The new unit's chain starts afresh:
 * counter 0, ZATCA's initial hash, so its first document has counter 1.
 */
export async function activateUnit(tx: Tx, config: SealingConfig, unit: NewUnit): Promise<EinvoiceUnitRow> {
  const now = new Date();
  // The lock of the old unit waits for a document being issued with it to commit first.
  await tx
    .select({ id: einvoiceUnits.id })
    .from(einvoiceUnits)
    .where(eq(einvoiceUnits.status, 'active'))
    .for('update');
  await tx
    .update(einvoiceUnits)
    .set({ status: 'retired', retiredAt: now })
    .where(eq(einvoiceUnits.status, 'active'));
  const [row] = await tx
    .insert(einvoiceUnits)
    .values({
      environment: unit.environment,
      apiUrl: unit.apiUrl,
      commonName: unit.commonName,
      serialNumber: unit.serialNumber,
      seller: unit.seller,
      sealedKey: await sealSecret(config, unit.privateKeyPem),
      certificate: unit.certificate,
      sealedSecret: await sealSecret(config, unit.secret),
      certificateExpiresAt: unit.certificateExpiresAt,
      icv: 0,
      pih: INITIAL_PIH,
      onboardedBy: unit.onboardedBy,
    })
    .returning();
  return row!;
}

/** The unit's production credentials for Fatoora (its certificate and opened secret). */
export async function unitCredentials(config: SealingConfig, unit: EinvoiceUnitRow) {
  return { binarySecurityToken: unit.certificate, secret: await openSecret(config, unit.sealedSecret) };
}

// ---- issuing ----

export interface DocumentToIssue {
  kind: EinvoiceDocumentKind;
  orderId: string;
  refundId?: string | null;
  number: string;
  issuedAt: Date;
  lines: DocumentLine[];
  shippingHalalas?: number;
  allowances?: AdjustmentInput[];
  /** Credit notes: the invoice number they correct, and why. */
  billingReference?: string;
  reason?: string;
}

/**
 * Issues a signed document with the active unit, inside the caller's transaction (the one that
 * records the payment or the refund): the unit's row is locked (SELECT … FOR UPDATE), the
 * document takes counter icv + 1 and the unit's last hash as PIH, and the unit moves on to this
 * document. Another transaction issuing at the same time, in this process or another on the same
 * PostgreSQL, waits for the lock and reads the moved-on row, so the chain neither forks nor skips;
 * a transaction that rolls back takes its counter back with it. Null when no unit is onboarded:
 * the shop then issues nothing.
 */
export async function issueDocument(
  tx: Tx,
  config: SealingConfig,
  doc: DocumentToIssue,
): Promise<EinvoiceDocumentRow | null> {
  const [unit] = await tx
    .select()
    .from(einvoiceUnits)
    .where(eq(einvoiceUnits.status, 'active'))
    .for('update');
  if (!unit) return null;
  const icv = unit.icv + 1;
  const uuid = randomUUID();
  const base = {
    number: doc.number,
    uuid,
    issuedAt: doc.issuedAt,
    icv,
    pih: unit.pih,
    seller: unit.seller,
    lines: doc.lines,
    shippingHalalas: doc.shippingHalalas ?? 0,
    allowances: doc.allowances ?? [],
    paymentMeans: '48' as const,
  };
  const xml =
    doc.kind === 'invoice'
      ? buildInvoice({ ...base, kind: 'invoice' })
      : buildInvoice({
          ...base,
          kind: 'credit-note',
          billingReference: doc.billingReference ?? '',
          reason: doc.reason ?? '',
        });
  const signed = signInvoice(xml, {
    privateKey: await openSecret(config, unit.sealedKey),
    certificate: unit.certificate,
    signingTime: doc.issuedAt,
  });
  const [row] = await tx
    .insert(einvoiceDocuments)
    .values({
      uuid,
      unitId: unit.id,
      orderId: doc.orderId,
      refundId: doc.refundId ?? null,
      kind: doc.kind,
      number: doc.number,
      icv,
      pih: unit.pih,
      hash: signed.hash,
      xml: signed.xml,
      qr: signed.qr,
      issuedAt: doc.issuedAt,
      nextAttemptAt: doc.issuedAt,
    })
    .returning();
  await tx.update(einvoiceUnits).set({ icv, pih: signed.hash }).where(eq(einvoiceUnits.id, unit.id));
  return row!;
}

// ---- reporting ----

/**
 * Claims up to `limit` queued documents whose next attempt is due and that nobody holds (or
 * whose holder's lease ran out: it stopped or crashed), for `leaseMs`, counting an attempt.
 * `SKIP LOCKED`: two workers claiming at once take different documents. In chain order.
 */
export async function claimDueDocuments(
  db: Db,
  owner: string,
  options: { leaseMs: number; limit: number; now?: Date },
): Promise<EinvoiceDocumentRow[]> {
  const now = options.now ?? new Date();
  const due = db
    .select({ uuid: einvoiceDocuments.uuid })
    .from(einvoiceDocuments)
    .where(
      and(
        eq(einvoiceDocuments.status, 'queued'),
        lte(einvoiceDocuments.nextAttemptAt, now),
        or(isNull(einvoiceDocuments.claimedUntil), lt(einvoiceDocuments.claimedUntil, now)),
      ),
    )
    .orderBy(asc(einvoiceDocuments.unitId), asc(einvoiceDocuments.icv))
    .limit(options.limit)
    .for('update', { skipLocked: true });
  const rows = await db
    .update(einvoiceDocuments)
    .set({
      claimedBy: owner,
      claimedUntil: new Date(now.getTime() + options.leaseMs),
      attempts: sql`${einvoiceDocuments.attempts} + 1`,
    })
    .where(inArray(einvoiceDocuments.uuid, due))
    .returning();
  return rows.sort((a, b) => a.unitId - b.unitId || a.icv - b.icv);
}

/** Fatoora's answer, kept once by the worker that holds the claim. Null when it no longer holds it. */
export async function recordAnswer(
  db: Db,
  uuid: string,
  owner: string,
  answer: { status: Exclude<EinvoiceStatus, 'queued'>; messages: FatooraMessage[]; at?: Date },
): Promise<EinvoiceDocumentRow | null> {
  const [row] = await db
    .update(einvoiceDocuments)
    .set({
      status: answer.status,
      messages: answer.messages,
      reportedAt: answer.at ?? new Date(),
      lastError: null,
      claimedBy: null,
      claimedUntil: null,
    })
    .where(
      and(
        eq(einvoiceDocuments.uuid, uuid),
        eq(einvoiceDocuments.claimedBy, owner),
        eq(einvoiceDocuments.status, 'queued'),
      ),
    )
    .returning();
  return row ?? null;
}

/** An attempt that got no answer: released, to be tried again at `nextAttemptAt`. */
export async function recordFailedAttempt(
  db: Db,
  uuid: string,
  owner: string,
  failure: { error: string; messages: FatooraMessage[]; nextAttemptAt: Date },
): Promise<void> {
  await db
    .update(einvoiceDocuments)
    .set({
      lastError: failure.error,
      messages: failure.messages,
      nextAttemptAt: failure.nextAttemptAt,
      claimedBy: null,
      claimedUntil: null,
    })
    .where(and(eq(einvoiceDocuments.uuid, uuid), eq(einvoiceDocuments.claimedBy, owner)));
}

/**
 * Sends a document again at the next run: a queued one without waiting for its back-off, a
 * rejected one as it is (a rejected document is never edited; a correction is a new credit note).
 * Null when the document is not queued or rejected.
 */
export async function requeueDocument(
  db: Db,
  uuid: string,
  now = new Date(),
): Promise<EinvoiceDocumentRow | null> {
  const [row] = await db
    .update(einvoiceDocuments)
    .set({ status: 'queued', nextAttemptAt: now, reportedAt: null })
    .where(and(eq(einvoiceDocuments.uuid, uuid), inArray(einvoiceDocuments.status, ['queued', 'rejected'])))
    .returning();
  return row ?? null;
}

// ---- reads ----

export async function documentByUuid(db: Db, uuid: string): Promise<EinvoiceDocumentRow | null> {
  const [row] = await db.select().from(einvoiceDocuments).where(eq(einvoiceDocuments.uuid, uuid)).limit(1);
  return row ?? null;
}

/**
 * The QR code (tags 1–9) of an order's signed invoice, or of a refund's signed credit note; null
 * when none was issued (no unit was onboarded then): the caller prints the phase 1 code.
 */
export async function signedQrOf(
  db: Db,
  of: { orderId: string } | { refundId: string },
): Promise<string | null> {
  const where =
    'refundId' in of
      ? eq(einvoiceDocuments.refundId, of.refundId)
      : and(eq(einvoiceDocuments.orderId, of.orderId), eq(einvoiceDocuments.kind, 'invoice'));
  const [row] = await db.select({ qr: einvoiceDocuments.qr }).from(einvoiceDocuments).where(where).limit(1);
  return row?.qr ?? null;
}

/** An order's documents: its invoice, then its credit notes, in chain order. */
export async function documentsOfOrder(db: Db, orderId: string): Promise<EinvoiceDocumentRow[]> {
  return db
    .select()
    .from(einvoiceDocuments)
    .where(eq(einvoiceDocuments.orderId, orderId))
    .orderBy(asc(einvoiceDocuments.issuedAt), asc(einvoiceDocuments.icv));
}

/** One page of documents, newest first, optionally of one status, and how many there are. */
export async function documentsPage(
  db: Db,
  options: { status?: EinvoiceStatus | undefined; page: number; pageSize: number },
): Promise<{ rows: EinvoiceDocumentRow[]; total: number }> {
  const where = options.status ? eq(einvoiceDocuments.status, options.status) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(einvoiceDocuments)
      .where(where)
      .orderBy(desc(einvoiceDocuments.issuedAt), desc(einvoiceDocuments.icv))
      .limit(options.pageSize)
      .offset((options.page - 1) * options.pageSize),
    db.select({ n: count() }).from(einvoiceDocuments).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** Documents still not reported that were issued before `before` (the 20-hour alert). */
export async function overdueCount(db: Db, before: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(einvoiceDocuments)
    .where(and(eq(einvoiceDocuments.status, 'queued'), lt(einvoiceDocuments.issuedAt, before)));
  return row?.n ?? 0;
}

/** Every document of a unit, in chain order (the export the chain check reads). */
export async function documentsOfUnit(db: Db, unitId: number): Promise<EinvoiceDocumentRow[]> {
  return db
    .select()
    .from(einvoiceDocuments)
    .where(eq(einvoiceDocuments.unitId, unitId))
    .orderBy(asc(einvoiceDocuments.icv));
}
