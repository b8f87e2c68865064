import type { FulfilmentChange } from '@shop/contract';
import type { Db } from '../db/client.ts';
import { AppError, conflict, notFound } from '../lib/errors.ts';
import type { AuditActor } from '../lib/audit-actor.ts';
import { recordAudit } from '../modules/audit/service.ts';
import {
  advanceFulfilment,
  cancelFulfilment,
  lockOrder,
  REFUNDABLE_STATUSES,
  type FulfilmentStepTo,
  type OrderRow,
  type Shipment,
} from '../modules/orders/lifecycle.ts';
import { findOrder, linesOfOrders, orderIdOf, type OrderRef } from '../modules/orders/service.ts';
import { refundsOfOrders, returnedByLine } from '../modules/refunds/service.ts';
import { refundOrder, type RefundDeps } from './checkout/refund-order.ts';
import type { Shop } from '../lib/shop.ts';
import { queueFulfilmentStep } from './messages/order-events.ts';
import { isPayLater } from '@shop/contract';
import { captureOnShipping } from './checkout/pay-later-capture.ts';
import { payLaterGateway, type PayLaterGateways } from './checkout/pay-later.ts';

/**
 * Fulfilment from the back office (decision 211): a paid order moves forward through
 * preparing, ready, shipped and delivered, a step at a time or skipping ahead, never back; or
 * it is cancelled before it ships. Each step is the orders module's conditional transition, its
 * event and its audit entry in one transaction; when the order cannot take the step nothing is
 * written and the member gets 409 with a code saying why, so two members pressing at once make
 * one change and one entry. The shopper's message about the step is queued in the same
 * transaction (on the channels they chose) and sent once it has committed.
 */

/** With Tabby or Tamara, shipping captures the order's payment (decisions 240, 244). */
export type FulfilmentDeps = Pick<Shop, 'db' | 'log' | 'messages' | 'config'> & PayLaterGateways;

/** What the audit log keeps of an order's state before and after a change. */
export function auditState(order: OrderRow) {
  return { number: order.number, status: order.stage };
}

async function orderIdOr404(db: Db, ref: OrderRef): Promise<string> {
  const id = await orderIdOf(db, ref);
  if (!id) throw notFound('ORDER_NOT_FOUND');
  return id;
}

async function currentOrder(tx: Db, orderId: string): Promise<OrderRow> {
  const row = await findOrder(tx, orderId);
  if (!row) throw notFound('ORDER_NOT_FOUND');
  return row;
}

const STEP_RANK: Record<OrderRow['fulfilment'], number> = {
  unfulfilled: 0,
  preparing: 1,
  ready: 2,
  shipped: 3,
  delivered: 4,
  cancelled: 5,
};

/** Why an order could not take the step `to`: the code the member reads. */
function refusalOf(current: OrderRow, to: FulfilmentStepTo): AppError {
  const paid = (REFUNDABLE_STATUSES as readonly string[]).includes(current.status);
  if (!paid || current.fulfilment === 'cancelled') {
    if (to === 'shipped') return conflict('ORDER_NOT_SHIPPABLE');
    if (to === 'delivered') return conflict('ORDER_NOT_DELIVERABLE');
    return conflict('ORDER_NOT_FULFILLABLE');
  }
  if (to === 'shipped' && STEP_RANK[current.fulfilment] >= STEP_RANK.shipped)
    return conflict('ORDER_ALREADY_SHIPPED');
  if (to === 'delivered' && current.fulfilment === 'delivered') return conflict('ORDER_ALREADY_DELIVERED');
  if (current.fulfilment === to) return conflict('ORDER_FULFILMENT_SAME');
  return conflict('ORDER_FULFILMENT_BACKWARD');
}

const AUDIT_ACTIONS: Record<FulfilmentStepTo, string> = {
  preparing: 'order.mark_preparing',
  ready: 'order.mark_ready',
  shipped: 'order.mark_shipped',
  delivered: 'order.mark_delivered',
};

/**
 * Moves a paid order to `change.status` (a shipment with its carrier and tracking); 404 for no
 * such order, 409 when it cannot take that step.
 */
export async function fulfilOrder(
  deps: FulfilmentDeps,
  ref: OrderRef,
  change: FulfilmentChange,
  by: AuditActor,
): Promise<OrderRow> {
  const orderId = await orderIdOr404(deps.db, ref);
  const to = change.status;
  const shipment: Shipment | null =
    to === 'shipped'
      ? { carrier: change.carrier, trackingNumber: change.trackingNumber, trackingUrl: change.trackingUrl }
      : null;
  const moved = await deps.db.transaction(async (tx) => {
    // Locked, so the audit's "before" is the state this step left, whoever else is pressing.
    const before = await lockOrder(tx, orderId);
    if (!before) throw notFound('ORDER_NOT_FOUND');
    const row = await advanceFulfilment(tx, orderId, to, by.staffId, shipment);
    if (!row) throw refusalOf(await currentOrder(tx, orderId), to);
    await recordAudit(tx, {
      by,
      action: AUDIT_ACTIONS[to],
      entityType: 'order',
      entityId: row.id,
      before: auditState(before),
      after: { ...auditState(row), ...shipment },
    });
    await queueFulfilmentStep(tx, row, to, shipment);
    return row;
  });
  deps.messages.kick();
  if (to === 'shipped') await captureOnShipping(deps, moved);
  return moved;
}

/** The units of an order not yet given back by an earlier refund, line by line. */
async function unitsLeft(db: Db, order: OrderRow) {
  const [lines, refunds] = await Promise.all([
    linesOfOrders(db, [order.id]),
    refundsOfOrders(db, [order.id]),
  ]);
  const returned = returnedByLine(refunds.get(order.id) ?? []);
  return (lines.get(order.id) ?? [])
    .map((line) => ({ lineId: line.id, quantity: line.quantity - (returned.get(line.id) ?? 0) }))
    .filter((u) => u.quantity > 0);
}

/** The reason a cancel's refund carries onto its credit note, in both languages. */
const CANCEL_REASON = 'إلغاء الطلب قبل الشحن / Order cancelled before shipping';

/**
 * Cancels a paid order that has not shipped (owners: it gives money back): the order is marked
 * cancelled with its event and audit entry, then refunded in full through the refund use case,
 * which puts every unit back on sale, issues the credit note and messages the shopper. The refund's
 * key is the order's own, so a cancel whose refund did not finish (the provider unreachable) is
 * finished by pressing cancel again, never refunded twice. 409 once shipped or cancelled.
 */
export async function cancelPaidOrder(deps: RefundDeps, ref: OrderRef, by: AuditActor): Promise<OrderRow> {
  const orderId = await orderIdOr404(deps.db, ref);
  const order = await deps.db.transaction(async (tx) => {
    const before = await lockOrder(tx, orderId);
    if (!before) throw notFound('ORDER_NOT_FOUND');
    // Cancelling refunds through refund-order.ts (a Tabby or Tamara authorisation is closed there):
    // without that provider it is refused before the order is marked cancelled, so never
    // cancelled and left unpaid back.
    if (isPayLater(before.paymentMethod) && !payLaterGateway(deps, before.paymentMethod))
      throw conflict('REFUND_METHOD_NOT_SUPPORTED');
    const cancelled = await cancelFulfilment(tx, orderId, by.staffId);
    if (cancelled) {
      await recordAudit(tx, {
        by,
        action: 'order.cancel_paid',
        entityType: 'order',
        entityId: orderId,
        before: { ...auditState(before), fulfilment: before.fulfilment },
        after: { ...auditState(cancelled), fulfilment: cancelled.fulfilment },
      });
      await queueFulfilmentStep(tx, cancelled, 'cancelled', null);
      return cancelled;
    }
    const unfinished =
      before.fulfilment === 'cancelled' &&
      (REFUNDABLE_STATUSES as readonly string[]).includes(before.status) &&
      before.refundedHalalas < before.totalHalalas;
    if (unfinished) return before;
    if (before.fulfilment === 'cancelled') throw conflict('ORDER_ALREADY_CANCELLED');
    if (before.fulfilment === 'shipped' || before.fulfilment === 'delivered')
      throw conflict('ORDER_SHIPPED_NOT_CANCELLABLE');
    throw conflict('ORDER_NOT_CANCELLABLE');
  });
  await refundOrder(
    deps,
    { id: orderId },
    {
      amountHalalas: order.totalHalalas - order.refundedHalalas,
      reason: CANCEL_REASON,
      returnStock: await unitsLeft(deps.db, order),
      idempotencyKey: `cancel-${orderId}`,
    },
    by,
  );
  return currentOrder(deps.db, orderId);
}

/** The outcome of moving several orders at once: those that moved, and why each other did not. */
export interface BulkOutcome {
  moved: number[];
  refused: { number: number; code: AppError['code'] }[];
}

/**
 * Moves each order (by number) to `status`, one after the other, each as its own change with its
 * own audit entry; an order that cannot move is reported with its code and the others go on.
 */
export async function fulfilOrders(
  deps: RefundDeps,
  numbers: number[],
  status: 'preparing' | 'ready' | 'delivered' | 'cancelled',
  by: AuditActor,
): Promise<BulkOutcome> {
  const outcome: BulkOutcome = { moved: [], refused: [] };
  for (const number of new Set(numbers)) {
    try {
      if (status === 'cancelled') await cancelPaidOrder(deps, { number }, by);
      else
        await fulfilOrder(deps, { number }, { status, carrier: '', trackingNumber: '', trackingUrl: '' }, by);
      outcome.moved.push(number);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      outcome.refused.push({ number, code: error.code });
    }
  }
  return outcome;
}
