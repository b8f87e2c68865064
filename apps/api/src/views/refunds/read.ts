import type { AdminRefund, CreditNote, Lang, OrderRefunds } from '@shop/contract';
import type { Db } from '../../db/client.ts';
import type { OrderRef, OrderRow } from '../../modules/orders/lifecycle.ts';
import { findOrder, linesOfOrders } from '../../modules/orders/service.ts';
import type { PaymentProvider } from '../../modules/payments/provider.ts';
import { providerOfPayment } from '../../modules/payments/service.ts';
import { findRefund, refundsOfOrders, type RefundRow } from '../../modules/refunds/service.ts';
import { getSettings } from '../../modules/settings/service.ts';
import { findUserById } from '../../modules/users/service.ts';
import { statusOf } from '../orders/present.ts';
import { signedQrOf } from '../../modules/einvoices/service.ts';
import { presentAdminRefund, presentCreditNote, presentRefundsOfOrder } from './present.ts';

/**
 * Refunds as the back office's refund page, the API's refund answers and the credit notes show
 * them, for the API's routes and the page loaders alike.
 */

type ProviderName = PaymentProvider['name'];

async function presentOrderRefunds(db: Db, order: OrderRow, provider: ProviderName, lang: Lang) {
  const [lines, refunds, customer, paidWith] = await Promise.all([
    linesOfOrders(db, [order.id]).then((byOrder) => byOrder.get(order.id) ?? []),
    refundsOfOrders(db, [order.id]),
    findUserById(db, order.userId),
    // The provider that took this order's money (a pay-later order's is not the card's).
    order.paymentId ? providerOfPayment(db, order.paymentId) : null,
  ]);
  const presented = presentRefundsOfOrder(
    {
      order,
      status: statusOf(order),
      lines,
      refunds: refunds.get(order.id) ?? [],
      customer: { name: customer?.name ?? '', email: customer?.email ?? '' },
      provider: order.paymentId ? (paidWith ?? provider) : null,
    },
    lang,
  );
  return { presented, lines };
}

/** An order's refunds, what is left to refund and its lines (the refund page); null for no such order. */
export async function orderRefunds(
  db: Db,
  ref: OrderRef,
  provider: ProviderName,
  lang: Lang,
): Promise<OrderRefunds | null> {
  const order = await findOrder(db, ref);
  return order && (await presentOrderRefunds(db, order, provider, lang)).presented;
}

/** What the API answers after a refund: the refund, and the order's refunds as they are now. */
export async function refundOutcome(
  db: Db,
  refund: RefundRow,
  provider: ProviderName,
  lang: Lang,
): Promise<{ refund: AdminRefund; order: OrderRefunds } | null> {
  const order = await findOrder(db, refund.orderId);
  if (!order) return null;
  const { presented, lines } = await presentOrderRefunds(db, order, provider, lang);
  return { refund: presentAdminRefund(refund, lines, lang), order: presented };
}

async function presentNote(
  db: Db,
  order: OrderRow,
  refundId: string,
  lang: Lang,
): Promise<CreditNote | null> {
  const refund = await findRefund(db, order.id, refundId);
  if (!refund) return null;
  const [lines, customer, settings, signedQr] = await Promise.all([
    linesOfOrders(db, [order.id]),
    findUserById(db, order.userId),
    getSettings(db),
    signedQrOf(db, { refundId: refund.id }),
  ]);
  return presentCreditNote(
    {
      order,
      refund,
      lines: lines.get(order.id) ?? [],
      customerName: customer?.name ?? '',
      settings,
      signedQr,
    },
    lang,
  );
}

/** What a credit note read finds: the note, or which of the order and the refund is missing. */
export type CreditNoteRead = { value: CreditNote } | 'no-order' | 'no-refund';

/** A succeeded refund's credit note (back office). */
export async function creditNote(
  db: Db,
  ref: OrderRef,
  refundId: string,
  lang: Lang,
): Promise<CreditNoteRead> {
  const order = await findOrder(db, ref);
  if (!order) return 'no-order';
  const note = await presentNote(db, order, refundId, lang);
  return note ? { value: note } : 'no-refund';
}

/** The credit note of a refund on one of the shopper's orders; `not-yours` for another shopper's order. */
export async function shopperCreditNote(
  db: Db,
  shopperId: string,
  orderId: string,
  refundId: string,
  lang: Lang,
): Promise<CreditNoteRead | 'not-yours'> {
  const order = await findOrder(db, orderId);
  if (!order) return 'no-order';
  if (order.userId !== shopperId) return 'not-yours';
  const note = await presentNote(db, order, refundId, lang);
  return note ? { value: note } : 'no-refund';
}
