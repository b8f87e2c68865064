import type { Tx } from '../../db/client.ts';
import type { OrderRow, Shipment } from '../../modules/orders/lifecycle.ts';
import { queueMessages } from '../../modules/messages/service.ts';

/**
 * The order events that message the shopper (decision 216): payment, each fulfilment step and
 * each refund, queued inside the transaction that makes the change, so the message exists exactly
 * when the change does. Each is keyed by what it is about (the order for a step, which happens
 * once; the refund for a refund), so however often the change is retried, one message per channel.
 */

type Step = 'preparing' | 'ready' | 'shipped' | 'delivered' | 'cancelled';

const orderData = (order: OrderRow) => ({
  orderNumber: String(order.number),
  totalHalalas: String(order.totalHalalas),
});

export async function queueOrderPaid(tx: Tx, order: OrderRow): Promise<void> {
  await queueMessages(tx, {
    userId: order.userId,
    event: 'order.paid',
    subject: order.id,
    orderId: order.id,
    data: orderData(order),
  });
}

export async function queueFulfilmentStep(
  tx: Tx,
  order: OrderRow,
  step: Step,
  shipment: Shipment | null,
): Promise<void> {
  await queueMessages(tx, {
    userId: order.userId,
    event: `order.${step}`,
    subject: order.id,
    orderId: order.id,
    data: {
      ...orderData(order),
      ...(shipment && {
        carrier: shipment.carrier,
        trackingNumber: shipment.trackingNumber,
        trackingUrl: shipment.trackingUrl ?? '',
      }),
    },
  });
}

export async function queueRefundMade(
  tx: Tx,
  order: OrderRow,
  refund: { id: number | string; amountHalalas: number; reason: string; creditNoteNumber: number | null },
): Promise<void> {
  await queueMessages(tx, {
    userId: order.userId,
    event: 'order.refunded',
    subject: String(refund.id),
    orderId: order.id,
    data: {
      ...orderData(order),
      amountHalalas: String(refund.amountHalalas),
      refundedSoFarHalalas: String(order.refundedHalalas),
      reason: refund.reason,
      creditNoteNumber: refund.creditNoteNumber === null ? '' : String(refund.creditNoteNumber),
    },
  });
}

/** The decision's word in each language, as the message's `{decision}` reads it. */
const DECISION_WORDS = {
  approved: { ar: 'قبلنا', en: 'approved' },
  rejected: { ar: 'رفضنا', en: 'rejected' },
} as const;

/** A return request approved or rejected: once per request and channel, with the staff's note. */
export async function queueReturnDecided(
  tx: Tx,
  order: OrderRow,
  request: { id: string; status: string; staffNote: string },
): Promise<void> {
  const words = DECISION_WORDS[request.status === 'approved' ? 'approved' : 'rejected'];
  await queueMessages(tx, {
    userId: order.userId,
    event: 'order.return_decided',
    subject: request.id,
    orderId: order.id,
    data: {
      ...orderData(order),
      'decision@ar': words.ar,
      'decision@en': words.en,
      note: request.staffNote,
    },
  });
}
