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

/** The query parameters the card provider adds when it sends the shopper back. */
const RETURN_PARAMS = ['id', 'status', 'message'] as const;

/**
 * The provider's return to the orders page (`?id=…&status=paid&message=APPROVED`): the payment
 * to verify, or `null` for a plain visit. Only the payment id is used; the status and message
 * the URL carries prove nothing (anyone can type them).
 */
export function paymentReturn(search: URLSearchParams): { paymentId: string | null } | null {
  if (!RETURN_PARAMS.some((name) => search.has(name))) return null;
  const id = search.get('id');
  return { paymentId: id && id.length <= 200 ? id : null };
}

/** The same query without the provider's parameters. */
export function withoutPaymentReturn(search: URLSearchParams): string {
  const rest = new URLSearchParams(search);
  for (const name of RETURN_PARAMS) rest.delete(name);
  const text = rest.toString();
  return text ? `?${text}` : '';
}
