import type { OrderWithPayment } from '@shop/contract';

/** What the payment page shows for an order: its card form, or why it cannot be paid. */
export type PaymentView = 'pay' | 'paid' | 'expired' | 'cancelled' | 'failed';

/**
 * Paid and delivered orders are 'already paid'; an order the shop cancelled is 'cancelled'; an
 * order past its time (or without a card form any more) is 'expired'; a failed payment offers to
 * try again. `now` is when the page is drawn.
 */
export function paymentView(
  order: Pick<OrderWithPayment, 'status' | 'expiresAt' | 'payment'>,
  now: number,
): PaymentView {
  if (order.status === 'paid' || order.status === 'delivered') return 'paid';
  if (order.status === 'failed') return 'failed';
  if (order.status === 'cancelled') return 'cancelled';
  if (order.status === 'expired' || !order.payment || Date.parse(order.expiresAt) <= now) return 'expired';
  return 'pay';
}
