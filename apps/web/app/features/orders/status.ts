import type { Order, OrderStatusName } from '@shop/contract';

/**
 * What the status column says: a delivered order (`invoiceReceived`) reads
 * 'delivered'; a paid one 'in progress'; before that, the payment state.
 */
export function orderStatusKey(order: Pick<Order, 'invoiceReceived' | 'status'>): OrderStatusName {
  return order.invoiceReceived ? 'delivered' : order.status;
}

export type StatusTone = 'done' | 'active' | 'waiting' | 'bad';

export function statusTone(status: OrderStatusName): StatusTone {
  switch (status) {
    case 'delivered':
      return 'done';
    case 'paid':
      return 'active';
    case 'awaiting_payment':
      return 'waiting';
    default:
      return 'bad';
  }
}

/** The orders view reads `status=paid&message=APPROVED` after the payment redirect. */
export function paidRedirect(search: URLSearchParams): { paymentId: string | null } | null {
  if (search.get('status') !== 'paid' || search.get('message') !== 'APPROVED') return null;
  return { paymentId: search.get('id') };
}

/** The same query without the payment redirect's parameters (removed after 1 s). */
export function withoutPaidRedirect(search: URLSearchParams): string {
  const rest = new URLSearchParams(search);
  for (const name of ['status', 'message', 'id']) rest.delete(name);
  const text = rest.toString();
  return text ? `?${text}` : '';
}
