import { and, asc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { creditNoteNumberSeq, refunds, type ReturnedUnits } from './schema.ts';
import type { AuditActor } from '../../lib/audit-actor.ts';

/**
 * The refunds module's table: one row per refund asked for, written before the payment
 * provider is called and finished (succeeded or failed) after it answered. What a refund does to
 * the order, the payment and the stock is the refund use case's (`checkout/refund-order.ts`).
 */

export type RefundRow = typeof refunds.$inferSelect;

export interface NewRefund {
  orderId: string;
  idempotencyKey: string;
  amountHalalas: number;
  reason: string;
  returnStock: ReturnedUnits[];
  provider: RefundRow['provider'];
  paymentId: string;
  refundedBeforeHalalas: number;
  by: AuditActor;
  now: Date;
}

export async function findRefundByKey(db: Db, orderId: string, key: string): Promise<RefundRow | null> {
  const [row] = await db
    .select()
    .from(refunds)
    .where(and(eq(refunds.orderId, orderId), eq(refunds.idempotencyKey, key)))
    .limit(1);
  return row ?? null;
}

export async function findRefund(db: Db, orderId: string, refundId: string): Promise<RefundRow | null> {
  const [row] = await db
    .select()
    .from(refunds)
    .where(and(eq(refunds.orderId, orderId), eq(refunds.id, refundId)))
    .limit(1);
  return row ?? null;
}

/** The refund of the order that is waiting for the provider, if any (there is at most one). */
export async function pendingRefund(db: Db, orderId: string): Promise<RefundRow | null> {
  const [row] = await db
    .select()
    .from(refunds)
    .where(and(eq(refunds.orderId, orderId), eq(refunds.status, 'pending')))
    .limit(1);
  return row ?? null;
}

/** Every refund of these orders, oldest first. */
export async function refundsOfOrders(db: Db, orderIds: string[]): Promise<Map<string, RefundRow[]>> {
  const byOrder = new Map<string, RefundRow[]>(orderIds.map((id) => [id, []]));
  if (orderIds.length === 0) return byOrder;
  const rows = await db
    .select()
    .from(refunds)
    .where(inArray(refunds.orderId, orderIds))
    .orderBy(asc(refunds.createdAt), asc(refunds.id));
  for (const row of rows) byOrder.get(row.orderId)?.push(row);
  return byOrder;
}

/** Units already put back on the shelf per order line, by the order's succeeded refunds. */
export function returnedByLine(rows: RefundRow[]): Map<number, number> {
  const returned = new Map<number, number>();
  for (const row of rows) {
    if (row.status !== 'succeeded') continue;
    for (const unit of row.returnStock)
      returned.set(unit.lineId, (returned.get(unit.lineId) ?? 0) + unit.quantity);
  }
  return returned;
}

/** Records a refund about to be asked of the provider, claimed by the request that inserts it. */
export async function insertPendingRefund(tx: Tx, input: NewRefund): Promise<RefundRow> {
  const [row] = await tx
    .insert(refunds)
    .values({
      orderId: input.orderId,
      idempotencyKey: input.idempotencyKey,
      amountHalalas: input.amountHalalas,
      reason: input.reason,
      returnStock: input.returnStock,
      status: 'pending',
      provider: input.provider,
      paymentId: input.paymentId,
      refundedBeforeHalalas: input.refundedBeforeHalalas,
      attemptStartedAt: input.now,
      staffId: input.by.staffId,
      actor: input.by.actor,
      ip: input.by.ip,
      createdAt: input.now,
    })
    .returning();
  return row!;
}

/**
 * Claims a pending refund for one request to ask the provider: only when nobody is asking now
 * (no attempt, or one started longer than `leaseMs` ago, which crashed or timed out). Null when
 * another request holds it or it is no longer pending.
 */
export async function claimAttempt(db: Db, refundId: string, leaseMs: number, now = new Date()) {
  const [row] = await db
    .update(refunds)
    .set({ attemptStartedAt: now })
    .where(
      and(
        eq(refunds.id, refundId),
        eq(refunds.status, 'pending'),
        or(isNull(refunds.attemptStartedAt), lt(refunds.attemptStartedAt, new Date(now.getTime() - leaseMs))),
      ),
    )
    .returning();
  return row ?? null;
}

/** Lets the next request try at once (the provider could not be reached). */
export async function releaseAttempt(db: Db, refundId: string): Promise<void> {
  await db
    .update(refunds)
    .set({ attemptStartedAt: null })
    .where(and(eq(refunds.id, refundId), eq(refunds.status, 'pending')));
}

/** pending → succeeded with the next credit note number. Null when it was not pending. */
export async function completeRefund(tx: Tx, refundId: string, now = new Date()): Promise<RefundRow | null> {
  const [row] = await tx
    .update(refunds)
    .set({
      status: 'succeeded',
      completedAt: now,
      attemptStartedAt: null,
      creditNoteNumber: sql.raw(`nextval('${creditNoteNumberSeq.seqName}')`),
    })
    .where(and(eq(refunds.id, refundId), eq(refunds.status, 'pending')))
    .returning();
  return row ?? null;
}

/** pending → failed: the provider refused, nothing was given back. */
export async function failRefund(db: Db, refundId: string, error: string, now = new Date()) {
  const [row] = await db
    .update(refunds)
    .set({ status: 'failed', error: error.slice(0, 500), completedAt: now, attemptStartedAt: null })
    .where(and(eq(refunds.id, refundId), eq(refunds.status, 'pending')))
    .returning();
  return row ?? null;
}
