import type { Tx } from '../../db/client.ts';
import { recordSale, releaseStock, reserveStock, OutOfStockError } from '../catalog/stock.ts';
import { removeProducts } from '../cart/service.ts';
import { endUnpaid, markPaid, markPaidLate, type OrderRow, type Transition } from '../orders/lifecycle.ts';

/**
 * The order transitions of checkout with what each means for the other modules, every module
 * writing only its own tables through its own service. Each runs inside the caller's
 * transaction: when a later step fails, the database undoes the earlier ones.
 */

/** A paid order's units are counted sold, and the bought products leave the shopper's cart. */
async function completeSale(tx: Tx, { order, units }: Transition): Promise<OrderRow> {
  await recordSale(tx, units);
  await removeProducts(
    tx,
    order.userId,
    units.map((u) => u.productId),
  );
  return order;
}

/** awaiting_payment → paid, then the sale. Null when the order was not awaiting payment. */
export async function payOrder(tx: Tx, orderId: string, paymentId: string): Promise<OrderRow | null> {
  const paid = await markPaid(tx, orderId, paymentId);
  return paid && completeSale(tx, paid);
}

/**
 * failed or expired → paid, for a payment that arrived after its order gave its stock back:
 * the stock is taken again if it is still there, then the sale. Null when it is not (or the
 * order is not failed or expired); the savepoint is rolled back, so nothing has changed and
 * the payment must be given back.
 */
export async function payOrderLate(tx: Tx, orderId: string, paymentId: string): Promise<OrderRow | null> {
  try {
    return await tx.transaction(async (savepoint) => {
      const paid = await markPaidLate(savepoint, orderId, paymentId);
      if (!paid) return null;
      await reserveStock(savepoint, paid.units);
      return completeSale(savepoint, paid);
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
): Promise<OrderRow | null> {
  const ended = await endUnpaid(tx, orderId, status, now);
  if (!ended) return null;
  await releaseStock(tx, ended.units);
  return ended.order;
}
