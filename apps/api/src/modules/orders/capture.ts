import { and, asc, eq, inArray, isNotNull, isNull, lt, or, type SQL } from 'drizzle-orm';
import type { PayLaterMethod } from '@shop/contract';
import type { Db, Tx } from '../../db/client.ts';
import { orders } from './schema.ts';
import type { OrderRow } from './lifecycle.ts';

/**
 * What a pay-later order still owes at its provider (decision 244), on the order row:
 * `awaiting` from its authorisation until it is captured or closed, `owed` once it shipped and
 * the capture did not go through. A process that acts on such an order first claims it (one
 * UPDATE on a row picked with SKIP LOCKED, its claim time in the WHERE clause), so of several
 * processes running the capture job at once only one calls the provider for an order; a claim
 * left by a process that died lapses after `leaseMs`.
 */

export interface CaptureDue {
  /** Pay-later orders of this method authorised before `authorisedBefore` are due. */
  method: PayLaterMethod;
  authorisedBefore: Date;
}

const SHIPPED = ['shipped', 'delivered'] as const;

/**
 * Claims one order that must be captured or closed now: owed, shipped while still awaiting its
 * capture (a process stopped between the two), or past its method's action time; the oldest
 * authorisation first. With `orderId`, that order only, whatever its time (the member's
 * "Capture now"). Null when none is left unclaimed.
 */
export async function claimCapture(
  db: Db,
  options: { now: Date; leaseMs: number; due: CaptureDue[]; orderId?: string },
): Promise<OrderRow | null> {
  const { now, leaseMs, due, orderId } = options;
  const free = or(
    isNull(orders.captureClaimedAt),
    lt(orders.captureClaimedAt, new Date(now.getTime() - leaseMs)),
  );
  const reasons: SQL[] = [
    eq(orders.captureStatus, 'owed'),
    inArray(orders.fulfilment, [...SHIPPED]),
    ...due.map((d) => and(eq(orders.paymentMethod, d.method), lt(orders.paidAt, d.authorisedBefore))!),
  ];
  const which = orderId ? eq(orders.id, orderId) : or(...reasons);
  const pick = db
    .select({ id: orders.id })
    .from(orders)
    .where(and(isNotNull(orders.captureStatus), free, which))
    .orderBy(asc(orders.paidAt))
    .limit(1)
    .for('update', { skipLocked: true });
  const [row] = await db
    .update(orders)
    .set({ captureClaimedAt: now })
    .where(and(inArray(orders.id, pick), isNotNull(orders.captureStatus), free))
    .returning();
  return row ?? null;
}

/** Nothing is left to capture (captured, or closed): the order leaves the job's and the list's watch. */
export async function endCapture(tx: Tx, orderId: string): Promise<void> {
  await tx
    .update(orders)
    .set({ captureStatus: null, captureClaimedAt: null })
    .where(and(eq(orders.id, orderId), isNotNull(orders.captureStatus)));
}

/** Shipped, and the capture did not go through: owed, for the job and the member to retry. */
export async function oweCapture(db: Db, orderId: string): Promise<void> {
  await db
    .update(orders)
    .set({ captureStatus: 'owed', captureClaimedAt: null })
    .where(and(eq(orders.id, orderId), isNotNull(orders.captureStatus)));
}

/** Gives up a claim without acting (the provider could not be reached): the next run tries again. */
export async function releaseCapture(db: Db, orderId: string): Promise<void> {
  await db.update(orders).set({ captureClaimedAt: null }).where(eq(orders.id, orderId));
}
