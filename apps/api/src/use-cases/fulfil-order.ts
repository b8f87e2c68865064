import type { Db, Tx } from '../db/client.ts';
import { conflict, notFound } from '../lib/errors.ts';
import type { AuditActor } from '../lib/audit-actor.ts';
import { recordAudit } from '../modules/audit/service.ts';
import { markDelivered, markShipped, type OrderRow } from '../modules/orders/lifecycle.ts';
import { findOrder, orderIdOf, type OrderRef } from '../modules/orders/service.ts';
import { mailShopperAboutOrder, type OrderMailDeps } from './shopper-mail.ts';

/**
 * Fulfilment from the back office: a paid order marked shipped, then delivered. Each is the
 * orders module's conditional transition and its audit entry in one transaction; when the
 * order cannot move (already shipped or delivered, not paid) nothing is written and the member
 * gets 409 in their language, so two members pressing at once make one change and one entry.
 * Once committed, the shopper is told by e-mail; a mail that fails is logged and never undoes
 * the change.
 */

export type FulfilmentDeps = OrderMailDeps;

/** What the audit log keeps of an order's state before and after a change. */
export function auditState(order: OrderRow) {
  return { number: order.number, status: order.stage };
}

async function orderIdOr404(db: Db, ref: OrderRef): Promise<string> {
  const id = await orderIdOf(db, ref);
  if (!id) throw notFound('ORDER_NOT_FOUND');
  return id;
}

async function currentOrder(tx: Tx, orderId: string): Promise<OrderRow> {
  const row = await findOrder(tx, orderId);
  if (!row) throw notFound('ORDER_NOT_FOUND');
  return row;
}

/** Marks a paid order shipped; 404 for no such order, 409 when it cannot be shipped. */
export async function shipOrder(deps: FulfilmentDeps, ref: OrderRef, by: AuditActor): Promise<OrderRow> {
  const orderId = await orderIdOr404(deps.db, ref);
  const shipped = await deps.db.transaction(async (tx) => {
    const shipped = await markShipped(tx, orderId, by.staffId!);
    if (!shipped) {
      const current = await currentOrder(tx, orderId);
      throw conflict(current.shippedAt || current.received ? 'ORDER_ALREADY_SHIPPED' : 'ORDER_NOT_SHIPPABLE');
    }
    await recordAudit(tx, {
      by,
      action: 'order.mark_shipped',
      entityType: 'order',
      entityId: shipped.id,
      before: { number: shipped.number, status: shipped.status },
      after: auditState(shipped),
    });
    return shipped;
  });
  await mailShopperAboutOrder(deps, shipped, { kind: 'shipped' });
  return shipped;
}

/**
 * Marks a paid or shipped order delivered (`received`: the shopper's order then reads
 * delivered); 404 for no such order, 409 when it cannot be delivered.
 */
export async function deliverOrder(deps: FulfilmentDeps, ref: OrderRef, by: AuditActor): Promise<OrderRow> {
  const orderId = await orderIdOr404(deps.db, ref);
  const delivered = await deps.db.transaction(async (tx) => {
    const delivered = await markDelivered(tx, orderId, by.staffId!);
    if (!delivered) {
      const current = await currentOrder(tx, orderId);
      throw conflict(current.received ? 'ORDER_ALREADY_DELIVERED' : 'ORDER_NOT_DELIVERABLE');
    }
    const before = delivered.status !== 'paid' ? delivered.status : delivered.shippedAt ? 'shipped' : 'paid';
    await recordAudit(tx, {
      by,
      action: 'order.mark_delivered',
      entityType: 'order',
      entityId: delivered.id,
      before: { number: delivered.number, status: before },
      after: auditState(delivered),
    });
    return delivered;
  });
  await mailShopperAboutOrder(deps, delivered, { kind: 'delivered' });
  return delivered;
}
