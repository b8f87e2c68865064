import type { ReturnReason } from '@shop/contract';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { returnRequestLines, returnRequests } from './schema.ts';

/**
 * The only writer of return requests (decision 230). Asking is one insert (the use case holds the
 * order's row lock while it counts what is left, so two requests at once cannot both take the last
 * unit); every later step is one conditional UPDATE from the status it comes from, null when the
 * request was not there (another member was first, or it was never in that status).
 */

export type ReturnRow = typeof returnRequests.$inferSelect;
export interface ReturnUnits {
  orderLineId: number;
  quantity: number;
}
export type ReturnWithLines = ReturnRow & { lines: ReturnUnits[] };

export interface NewReturn {
  orderId: string;
  userId: string;
  reason: ReturnReason;
  details: string;
  photos: string[];
  lines: ReturnUnits[];
}

export async function insertReturn(tx: Tx, input: NewReturn, now = new Date()): Promise<ReturnWithLines> {
  const [row] = await tx
    .insert(returnRequests)
    .values({
      orderId: input.orderId,
      userId: input.userId,
      reason: input.reason,
      details: input.details,
      photos: input.photos,
      createdAt: now,
    })
    .returning();
  await tx
    .insert(returnRequestLines)
    .values(
      input.lines.map((l) => ({ requestId: row!.id, orderLineId: l.orderLineId, quantity: l.quantity })),
    );
  return { ...row!, lines: input.lines };
}

async function withLines(db: Db | Tx, rows: ReturnRow[]): Promise<ReturnWithLines[]> {
  if (rows.length === 0) return [];
  const lines = await db
    .select()
    .from(returnRequestLines)
    .where(
      inArray(
        returnRequestLines.requestId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(returnRequestLines.orderLineId));
  return rows.map((row) => ({
    ...row,
    lines: lines
      .filter((l) => l.requestId === row.id)
      .map((l) => ({ orderLineId: l.orderLineId, quantity: l.quantity })),
  }));
}

export async function findReturn(db: Db | Tx, id: string): Promise<ReturnWithLines | null> {
  const rows = await db.select().from(returnRequests).where(eq(returnRequests.id, id));
  const [found] = await withLines(db, rows);
  return found ?? null;
}

/** The requests of some orders with their units, newest first. */
export async function returnsOfOrders(db: Db | Tx, orderIds: string[]): Promise<ReturnWithLines[]> {
  if (orderIds.length === 0) return [];
  const rows = await db
    .select()
    .from(returnRequests)
    .where(inArray(returnRequests.orderId, orderIds))
    .orderBy(desc(returnRequests.createdAt), desc(returnRequests.id));
  return withLines(db, rows);
}

/** The requests of given ids with their units, in the order given. */
export async function returnsByIds(db: Db | Tx, ids: string[]): Promise<ReturnWithLines[]> {
  if (ids.length === 0) return [];
  const rows = await db.select().from(returnRequests).where(inArray(returnRequests.id, ids));
  const found = await withLines(db, rows);
  return ids.map((id) => found.find((r) => r.id === id)).filter((r) => r !== undefined);
}

/** requested → approved or rejected, with the member's note. */
export async function decideReturn(
  tx: Tx,
  id: string,
  decision: 'approved' | 'rejected',
  note: string,
  staffId: string | null,
  now = new Date(),
): Promise<ReturnRow | null> {
  const [row] = await tx
    .update(returnRequests)
    .set({ status: decision, staffNote: note, decidedAt: now, decidedBy: staffId })
    .where(and(eq(returnRequests.id, id), eq(returnRequests.status, 'requested')))
    .returning();
  return row ?? null;
}

/** approved → received. */
export async function markReturnReceived(
  tx: Tx,
  id: string,
  staffId: string | null,
  now = new Date(),
): Promise<ReturnRow | null> {
  const [row] = await tx
    .update(returnRequests)
    .set({ status: 'received', receivedAt: now, receivedBy: staffId })
    .where(and(eq(returnRequests.id, id), eq(returnRequests.status, 'approved')))
    .returning();
  return row ?? null;
}

/** received → refunded, by the order's refund `refundId`. */
export async function markReturnRefunded(
  tx: Tx,
  id: string,
  refundId: string,
  now = new Date(),
): Promise<ReturnRow | null> {
  const [row] = await tx
    .update(returnRequests)
    .set({ status: 'refunded', refundId, refundedAt: now })
    .where(and(eq(returnRequests.id, id), eq(returnRequests.status, 'received')))
    .returning();
  return row ?? null;
}

/**
 * Units of each line the shopper may still ask to return: bought, less those in requests that
 * still stand, less those an owner's refund (not a return's) already put back on the shelf.
 */
export function returnableUnits(
  lines: { id: number; quantity: number }[],
  requests: ReturnWithLines[],
  refunds: { id: string; status: string; returnStock: { lineId: number; quantity: number }[] }[],
): Map<number, number> {
  const taken = new Map<number, number>();
  const add = (lineId: number, quantity: number) => taken.set(lineId, (taken.get(lineId) ?? 0) + quantity);
  const ofReturns = new Set(requests.map((r) => r.refundId).filter((id) => id !== null));
  for (const request of requests)
    if (request.status !== 'rejected') for (const l of request.lines) add(l.orderLineId, l.quantity);
  for (const refund of refunds)
    if (refund.status === 'succeeded' && !ofReturns.has(refund.id))
      for (const unit of refund.returnStock) add(unit.lineId, unit.quantity);
  return new Map(lines.map((l) => [l.id, Math.max(0, l.quantity - (taken.get(l.id) ?? 0))]));
}

/** Until when a delivered order may be returned: `hours` after its delivery; null before delivery. */
export function returnWindowEnd(deliveredAt: Date | null, hours: number): Date | null {
  return deliveredAt && new Date(deliveredAt.getTime() + hours * 60 * 60 * 1000);
}
