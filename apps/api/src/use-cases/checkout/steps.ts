import { isPayLater, type PaymentMethod } from '@shop/contract';
import type { Tx } from '../../db/client.ts';
import type { SealingConfig } from '../../modules/einvoices/service.ts';
import type { ChangeEvents } from '../../lib/change-events.ts';
import { recordSale, releaseStock, reserveStock, OutOfStockError } from '../../modules/catalog/stock.ts';
import { removeVariants } from '../../modules/cart/service.ts';
import { clearCartCode, releaseEnded, retake } from '../../modules/discounts/service.ts';
import { issueOrderInvoice } from '../einvoicing/issue.ts';
import { queueOrderPaid } from '../messages/order-events.ts';
import {
  endUnpaid,
  markPaid,
  markPaidLate,
  type OrderUnits,
  type Transition,
} from '../../modules/orders/lifecycle.ts';

/**
 * The order transitions of checkout with what each means for the other modules, every module
 * writing only its own tables through its own service. Each runs inside the caller's
 * transaction: when a later step fails, the database undoes the earlier ones. Each returns the
 * order with the units it moved, so that the caller can announce the catalog change once the
 * transaction has committed (`announceStock`).
 */

/**
 * Tells the caches that the stock or the units sold of these products changed. Call it after
 * the transaction committed, never inside it.
 */
export async function announceStock(changes: ChangeEvents, units: OrderUnits[]): Promise<void> {
  if (units.length === 0) return;
  const productIds = [...new Set(units.map((u) => u.productId))].sort((a, b) => a - b);
  await changes.publish({ topic: 'catalog', productIds });
}

/**
 * A paid order's units are counted sold, the bought variants leave the shopper's cart, its
 * simplified tax invoice is issued (when a signing unit is onboarded), and the shopper's "order
 * received" message is queued. An order placed with a discount code keeps the price agreed when
 * it was placed, even if the code has expired or been switched off since (decision 223): it has
 * held its use since then; a late payment takes its released use again. The cart's code is
 * spent with it.
 */
async function completeSale(tx: Tx, config: SealingConfig, paid: Transition): Promise<Transition> {
  // A Tabby or Tamara order is invoiced when it is captured, at shipping: the supply (decision 240).
  await recordSale(tx, paid.units);
  if (paid.order.discountCode !== null) {
    await retake(tx, paid.order.id);
    await clearCartCode(tx, paid.order.userId);
  }
  await removeVariants(
    tx,
    paid.order.userId,
    paid.units.map((u) => u.variantId),
  );
  if (!isPayLater(paid.order.paymentMethod)) await issueOrderInvoice(tx, config, paid.order);
  await queueOrderPaid(tx, paid.order);
  return paid;
}

/**
 * awaiting_payment → paid (a card or a wallet captured, or a Tabby or Tamara payment authorised: the order is
 * confirmed either way), then the sale. Null when the order was not awaiting payment.
 */
export async function payOrder(
  tx: Tx,
  config: SealingConfig,
  orderId: string,
  paymentId: string,
  method: PaymentMethod = 'card',
): Promise<Transition | null> {
  const paid = await markPaid(tx, orderId, paymentId, new Date(), method);
  return paid && completeSale(tx, config, paid);
}

/**
 * failed or expired → paid, for a payment that arrived after its order gave its stock back:
 * the stock is taken again if it is still there, then the sale. Null when it is not (or the
 * order is not failed or expired); the savepoint is rolled back, so nothing has changed and
 * the payment must be given back.
 */
export async function payOrderLate(
  tx: Tx,
  config: SealingConfig,
  orderId: string,
  paymentId: string,
  method: PaymentMethod = 'card',
): Promise<Transition | null> {
  try {
    return await tx.transaction(async (savepoint) => {
      const paid = await markPaidLate(savepoint, orderId, paymentId, new Date(), method);
      if (!paid) return null;
      await reserveStock(savepoint, paid.units);
      return completeSale(savepoint, config, paid);
    });
  } catch (error) {
    if (error instanceof OutOfStockError) return null;
    throw error;
  }
}

/**
 * awaiting_payment → failed (a refused payment) or expired (no payment in time), giving the
 * reserved stock back: the compensation of placing the order. The cart stays as it was. Null
 * when the order was not awaiting payment.
 */
export async function endUnpaidOrder(
  tx: Tx,
  orderId: string,
  status: 'failed' | 'expired',
  now = new Date(),
): Promise<Transition | null> {
  const ended = await endUnpaid(tx, orderId, status, now);
  if (!ended) return null;
  await releaseStock(tx, ended.units);
  if (ended.order.discountCode !== null) await releaseEnded(tx, { orderIds: [orderId] }, now);
  return ended;
}
