import type { ReturnRequestFields } from '@shop/contract';
import type { Db } from '../db/client.ts';
import type { AuditActor } from '../lib/audit-actor.ts';
import { AppError, conflict, notFound } from '../lib/errors.ts';
import type { Shop } from '../lib/shop.ts';
import { recordAudit } from '../modules/audit/service.ts';
import { lockOrder, REFUNDABLE_STATUSES } from '../modules/orders/lifecycle.ts';
import { linePaidHalalas, linesOfOrders } from '../modules/orders/service.ts';
import { refundsOfOrders } from '../modules/refunds/service.ts';
import {
  decideReturn as decide,
  findReturn,
  insertReturn,
  markReturnReceived,
  markReturnRefunded,
  returnableUnits,
  returnsOfOrders,
  returnWindowEnd,
  type ReturnRow,
  type ReturnWithLines,
} from '../modules/returns/service.ts';
import { getSettings } from '../modules/settings/service.ts';
import { refundOrder, type RefundDeps } from './checkout/refund-order.ts';
import { queueReturnDecided } from './messages/order-events.ts';

/**
 * Self-serve returns (decision 230). The shopper asks from a delivered order inside the owner's
 * window; the request is counted against what is left of each line under the order's row lock,
 * so two requests sent at once cannot both take the last unit. Staff approve or reject it (the
 * shopper is messaged in the same transaction) and mark the goods received; an owner refunds it
 * through the order's one refund use case, keyed by the request, so a retry never refunds twice.
 * Every staff step is a conditional transition with its audit entry.
 */

export type ReturnDeps = Pick<Shop, 'db' | 'log' | 'messages'>;

/**
 * The shopper's request for units of their order `orderId`, with its photos already stored. 404
 * ORDER_NOT_FOUND for an order that is not theirs (never 403: ids are not confirmed to exist),
 * 409 RETURN_NOT_RETURNABLE before delivery or once cancelled or fully refunded, 422
 * RETURN_WINDOW_CLOSED after the window, 422 RETURN_QUANTITY_TOO_LARGE (at `lines.<lineId>`)
 * for more units than are left.
 */
export async function requestReturn(
  deps: ReturnDeps,
  shopperId: string,
  orderId: string,
  input: ReturnRequestFields,
  photos: string[],
  now = new Date(),
): Promise<ReturnWithLines> {
  return deps.db.transaction(async (tx) => {
    // Held to the commit: a second request of this order waits here and then counts this one.
    const order = await lockOrder(tx, orderId);
    if (!order || order.userId !== shopperId) throw notFound('ORDER_NOT_FOUND');
    const paid = (REFUNDABLE_STATUSES as readonly string[]).includes(order.status);
    if (!paid || order.fulfilment !== 'delivered') throw conflict('RETURN_NOT_RETURNABLE');
    const settings = await getSettings(tx);
    const windowEnd = returnWindowEnd(order.deliveredAt, settings.returnHours);
    if (!windowEnd || now > windowEnd) throw new AppError(422, 'RETURN_WINDOW_CLOSED');
    const [lines, refunds, requests] = await Promise.all([
      linesOfOrders(tx, [order.id]),
      refundsOfOrders(tx, [order.id]),
      returnsOfOrders(tx, [order.id]),
    ]);
    const left = returnableUnits(lines.get(order.id) ?? [], requests, refunds.get(order.id) ?? []);
    const asked = new Map<number, number>();
    for (const l of input.lines) asked.set(l.lineId, (asked.get(l.lineId) ?? 0) + l.quantity);
    const tooMany = [...asked].filter(([lineId, quantity]) => quantity > (left.get(lineId) ?? 0));
    if (tooMany.length > 0)
      throw new AppError(
        422,
        'RETURN_QUANTITY_TOO_LARGE',
        tooMany.map(([lineId]) => ({ path: `lines.${lineId}`, code: 'RETURN_QUANTITY_TOO_LARGE' as const })),
      );
    return insertReturn(
      tx,
      {
        orderId: order.id,
        userId: shopperId,
        reason: input.reason,
        details: input.details,
        photos,
        lines: [...asked].map(([orderLineId, quantity]) => ({ orderLineId, quantity })),
      },
      now,
    );
  });
}

const auditState = (row: ReturnRow) => ({ status: row.status, staffNote: row.staffNote });

async function returnOr404(db: Db, id: string): Promise<ReturnWithLines> {
  const found = await findReturn(db, id);
  if (!found) throw notFound('RETURN_NOT_FOUND');
  return found;
}

/** Approves or rejects a requested return, with its audit entry and the shopper's message; 409 once decided. */
export async function decideReturn(
  deps: ReturnDeps,
  id: string,
  decision: 'approved' | 'rejected',
  note: string,
  by: AuditActor,
): Promise<ReturnRow> {
  const request = await returnOr404(deps.db, id);
  const decided = await deps.db.transaction(async (tx) => {
    const order = await lockOrder(tx, request.orderId);
    if (!order) throw notFound('RETURN_NOT_FOUND');
    const row = await decide(tx, id, decision, note, by.staffId);
    if (!row) throw conflict('RETURN_ALREADY_DECIDED');
    await recordAudit(tx, {
      by,
      action: decision === 'approved' ? 'return.approve' : 'return.reject',
      entityType: 'return',
      entityId: id,
      before: { orderNumber: order.number, ...auditState(request) },
      after: { orderNumber: order.number, ...auditState(row) },
    });
    await queueReturnDecided(tx, order, row);
    return row;
  });
  deps.messages.kick();
  return decided;
}

/** Marks the goods of an approved return received, audited; 409 RETURN_NOT_APPROVED otherwise. */
export async function receiveReturn(deps: ReturnDeps, id: string, by: AuditActor): Promise<ReturnRow> {
  const request = await returnOr404(deps.db, id);
  return deps.db.transaction(async (tx) => {
    const row = await markReturnReceived(tx, id, by.staffId);
    if (!row) throw conflict('RETURN_NOT_APPROVED');
    await recordAudit(tx, {
      by,
      action: 'return.receive',
      entityType: 'return',
      entityId: id,
      before: auditState(request),
      after: auditState(row),
    });
    return row;
  });
}

/**
 * What the shopper paid for the first `units` units of a line: its price less the share of the
 * order's code discount that fell on it (decision 222), split over the units in whole halalas,
 * rounded down, so that returns of a line in parts add up to exactly what the whole line cost.
 */
export function paidForUnits(
  line: { unitPriceHalalas: number; quantity: number; codeDiscountHalalas: number },
  units: number,
): number {
  const paid = linePaidHalalas(line);
  return units >= line.quantity ? paid : Math.floor((paid * units) / line.quantity);
}

/** The reason a return's refund carries onto its credit note, in both languages. */
const returnReason = (id: string) => `إرجاع ${id.slice(0, 8)} / Return ${id.slice(0, 8)}`;

/**
 * Refunds a received return (owners: the caller checks the role, as for every refund): the
 * returned lines' amounts through the order's refund use case, which asks the provider, puts the
 * units back on sale when `returnStock`, issues the credit note and messages the shopper. Its key
 * is the request's, so pressing again after a failure finishes the same refund, never a second.
 */
export async function refundReturn(
  deps: RefundDeps,
  id: string,
  input: { returnStock: boolean },
  by: AuditActor,
): Promise<ReturnRow> {
  const request = await returnOr404(deps.db, id);
  if (request.status !== 'received') throw conflict('RETURN_NOT_RECEIVED');
  const [linesByOrder, earlier] = await Promise.all([
    linesOfOrders(deps.db, [request.orderId]),
    returnsOfOrders(deps.db, [request.orderId]),
  ]);
  const lines = linesByOrder.get(request.orderId) ?? [];
  // Units of each line refunded by earlier returns of this order.
  const refundedBefore = new Map<number, number>();
  for (const other of earlier)
    if (other.id !== id && other.status === 'refunded')
      for (const unit of other.lines)
        refundedBefore.set(unit.orderLineId, (refundedBefore.get(unit.orderLineId) ?? 0) + unit.quantity);
  const amountHalalas = request.lines.reduce((sum, unit) => {
    const line = lines.find((l) => l.id === unit.orderLineId);
    if (!line) return sum;
    const before = refundedBefore.get(line.id) ?? 0;
    return sum + paidForUnits(line, before + unit.quantity) - paidForUnits(line, before);
  }, 0);
  const { refund } = await refundOrder(
    deps,
    { id: request.orderId },
    {
      amountHalalas,
      reason: returnReason(id),
      returnStock: input.returnStock
        ? request.lines.map((l) => ({ lineId: l.orderLineId, quantity: l.quantity }))
        : [],
      idempotencyKey: `return-${id}`,
    },
    by,
  );
  return deps.db.transaction(async (tx) => {
    const row = await markReturnRefunded(tx, id, refund.id);
    // Another request of the same owner finished it meanwhile: its answer stands.
    if (!row) return (await findReturn(tx, id)) ?? request;
    await recordAudit(tx, {
      by,
      action: 'return.refund',
      entityType: 'return',
      entityId: id,
      before: auditState(request),
      after: { ...auditState(row), refundId: refund.id, amount: amountHalalas / 100, ...input },
    });
    return row;
  });
}
