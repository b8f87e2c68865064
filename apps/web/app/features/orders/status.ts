import type { Order, OrderStatusName } from '@shop/contract';

/** Statuses that say money was given back: they are shown even once the order was delivered. */
const REFUND_STATUSES = new Set<OrderStatusName>(['partially_refunded', 'refunded']);

/**
 * What the status column says: a refunded (or partly refunded) order says so; otherwise a
 * delivered order (`invoiceReceived`) reads 'delivered'; a paid one 'in progress'; before
 * that, the payment state.
 */
export function orderStatusKey(order: Pick<Order, 'invoiceReceived' | 'status'>): OrderStatusName {
  if (REFUND_STATUSES.has(order.status)) return order.status;
  return order.invoiceReceived ? 'delivered' : order.status;
}

export type StatusTone = 'done' | 'active' | 'waiting' | 'bad';

export function statusTone(status: OrderStatusName): StatusTone {
  switch (status) {
    case 'delivered':
      return 'done';
    case 'paid':
    case 'shipped':
    case 'partially_refunded':
    case 'refunded':
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
