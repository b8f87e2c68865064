import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { cartItems, orderLines, orders } from '../../db/schema.ts';
import { recordSales } from '../catalog/service.ts';
import { applyStockChanges, OutOfStockError } from './stock.ts';

/**
 * The transitions of an order. Each is one conditional UPDATE on the order row (the status it
 * leaves is in the WHERE clause), so when two requests race — a callback and a webhook, two
 * replays, a payment and the expiry task — exactly one of them moves the order and does the
 * side effects (stock, units sold, cart); the others see no row and change nothing.
 *
 *   awaiting_payment ──paid──► paid
 *          │ └──failed──► failed ─┐
 *          └──expired──► expired ─┴─late payment, stock still there──► paid
 */

export type OrderRow = typeof orders.$inferSelect;

async function linesOf(tx: Tx, orderId: string) {
  return tx
    .select({ productId: orderLines.productId, quantity: orderLines.quantity })
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId))
    .orderBy(asc(orderLines.productId));
}

/** A paid order: count the units sold and take the bought products out of the cart. */
async function commitSale(tx: Tx, order: OrderRow): Promise<void> {
  const lines = await linesOf(tx, order.id);
  await recordSales(tx, lines);
  // Only the bought products leave the cart: something added after the order was placed stays.
  if (lines.length > 0) {
    await tx.delete(cartItems).where(
      and(
        eq(cartItems.userId, order.userId),
        inArray(
          cartItems.productId,
          lines.map((l) => l.productId),
        ),
      ),
    );
  }
}

/** awaiting_payment → paid by `paymentId`. Null when the order was not awaiting payment. */
export async function markPaid(tx: Tx, orderId: string, paymentId: string, now = new Date()) {
  const [row] = await tx
    .update(orders)
    .set({ status: 'paid', paymentId, paidAt: now, updatedAt: now })
    .where(and(eq(orders.id, orderId), eq(orders.status, 'awaiting_payment'), isNull(orders.paymentId)))
    .returning();
  if (!row) return null;
  await commitSale(tx, row);
  return row;
}

/**
 * failed or expired → paid, for a payment that arrived after its order gave its stock back:
 * the stock is taken again if it is still there. Null when it is not (or the order is not
 * failed or expired); nothing is changed then and the payment must be refunded.
 */
export async function markPaidLate(tx: Tx, orderId: string, paymentId: string, now = new Date()) {
  try {
    return await tx.transaction(async (savepoint) => {
      const [row] = await savepoint
        .update(orders)
        .set({ status: 'paid', paymentId, paidAt: now, updatedAt: now })
        .where(
          and(
            eq(orders.id, orderId),
            inArray(orders.status, ['failed', 'expired']),
            isNull(orders.paymentId),
          ),
        )
        .returning();
      if (!row) return null;
      const lines = await linesOf(savepoint, orderId);
      await applyStockChanges(
        savepoint,
        lines.map((l) => ({ productId: l.productId, reserve: l.quantity, release: 0 })),
      );
      await commitSale(savepoint, row);
      return row;
    });
  } catch (error) {
    if (error instanceof OutOfStockError) return null;
    throw error;
  }
}

/** awaiting_payment → failed or expired, giving the reserved stock back. Null when not awaiting. */
export async function endUnpaid(
  tx: Tx,
  orderId: string,
  status: 'failed' | 'expired',
  now = new Date(),
): Promise<OrderRow | null> {
  const [row] = await tx
    .update(orders)
    .set({ status, updatedAt: now })
    .where(and(eq(orders.id, orderId), eq(orders.status, 'awaiting_payment'), isNull(orders.paymentId)))
    .returning();
  if (!row) return null;
  const lines = await linesOf(tx, orderId);
  await applyStockChanges(
    tx,
    lines.map((l) => ({ productId: l.productId, reserve: 0, release: l.quantity })),
  );
  return row;
}
