import type { CreditNote, Lang, OrderRefunds } from '@shop/contract';
import type { Db } from '../../db/client.ts';
import { getSettings } from '../../modules/settings/service.ts';
import type { OrderRow } from '../../modules/orders/lifecycle.ts';
import { statusOf } from '../orders/present.ts';
import { linesOfOrders } from '../../modules/orders/service.ts';
import { findUserById } from '../../modules/users/service.ts';
import { presentCreditNote, presentRefundsOfOrder } from './present.ts';
import { findRefund, refundsOfOrders } from '../../modules/refunds/service.ts';

/** Reads of refunds for the back office's pages and the shopper's credit note, by the API and the page loaders alike. */

export async function readOrderRefunds(
  db: Db,
  order: OrderRow,
  provider: 'moyasar' | 'sandbox',
  lang: Lang,
): Promise<OrderRefunds> {
  const [lines, refunds, customer] = await Promise.all([
    linesOfOrders(db, [order.id]),
    refundsOfOrders(db, [order.id]),
    findUserById(db, order.userId),
  ]);
  return presentRefundsOfOrder(
    {
      order,
      status: statusOf(order),
      lines: lines.get(order.id) ?? [],
      refunds: refunds.get(order.id) ?? [],
      customer: { name: customer?.name ?? '', email: customer?.email ?? '' },
      provider: order.paymentId ? provider : null,
    },
    lang,
  );
}

/** The credit note of one of the order's refunds; null unless that refund succeeded. */
export async function readCreditNote(
  db: Db,
  order: OrderRow,
  refundId: string,
  lang: Lang,
): Promise<CreditNote | null> {
  const refund = await findRefund(db, order.id, refundId);
  if (!refund) return null;
  const [lines, customer, settings] = await Promise.all([
    linesOfOrders(db, [order.id]),
    findUserById(db, order.userId),
    getSettings(db),
  ]);
  return presentCreditNote(
    { order, refund, lines: lines.get(order.id) ?? [], customerName: customer?.name ?? '', settings },
    lang,
  );
}
