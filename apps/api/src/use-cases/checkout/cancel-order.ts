import type { Db } from '../../db/client.ts';
import type { ChangeEvents } from '../../lib/change-events.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import type { AuditActor } from '../../lib/audit-actor.ts';
import { recordAudit } from '../../modules/audit/service.ts';
import { releaseStock } from '../../modules/catalog/stock.ts';
import { cancelUnpaid, type OrderRow } from '../../modules/orders/lifecycle.ts';
import { findOrder, orderIdOf, type OrderRef } from '../../modules/orders/service.ts';
import { releaseEnded } from '../../modules/discounts/service.ts';
import { announceStock } from './steps.ts';

/**
 * A staff member cancels an order still awaiting payment: the orders module's transition, the
 * catalog's release of the units the order reserved, and the audit entry, in one transaction.
 * The transition is conditional on the order still awaiting payment, so of two members
 * cancelling at once, a cancel and the expiry, or a cancel and a payment arriving, exactly one
 * moves the order and the stock comes back once; the others change nothing and the member
 * gets 409. A payment that arrives after the cancel finds the order cancelled and is given back
 * (`settlePayment`). Once committed, the caches hear that the stock changed.
 */
export async function cancelOrder(
  deps: { db: Db; changes: ChangeEvents },
  ref: OrderRef,
  by: AuditActor,
): Promise<OrderRow> {
  const orderId = await orderIdOf(deps.db, ref);
  if (!orderId) throw notFound('ORDER_NOT_FOUND');
  const cancelled = await deps.db.transaction(async (tx) => {
    const ended = await cancelUnpaid(tx, orderId, by.staffId!);
    if (!ended) {
      const current = await findOrder(tx, orderId);
      if (!current) throw notFound('ORDER_NOT_FOUND');
      throw conflict(current.status === 'cancelled' ? 'ORDER_ALREADY_CANCELLED' : 'ORDER_NOT_CANCELLABLE');
    }
    await releaseStock(tx, ended.units);
    if (ended.order.discountCode !== null) await releaseEnded(tx, { orderIds: [ended.order.id] });
    await recordAudit(tx, {
      by,
      action: 'order.cancel',
      entityType: 'order',
      entityId: ended.order.id,
      before: { number: ended.order.number, status: 'awaiting_payment' },
      after: { number: ended.order.number, status: ended.order.stage },
    });
    return ended;
  });
  await announceStock(deps.changes, cancelled.units);
  return cancelled.order;
}
