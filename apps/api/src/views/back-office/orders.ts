import { cardsOfPayments } from '../../modules/payments/service.ts';
import type { AdminOrder, AdminOrdersPage, AdminOrdersQuery, Lang } from '@shop/contract';
import type { Db } from '../../db/client.ts';
import { getSettings } from '../../modules/settings/service.ts';
import { signedQrOf } from '../../modules/einvoices/service.ts';
import { messagesOfOrder } from '../../modules/messages/service.ts';
import { presentSentMessage } from '../messages.ts';
import { returnsOfOrders } from '../../modules/returns/service.ts';
import { presentAdminReturn } from '../returns/present.ts';
import { presentAdminOrder, presentAdminSummary } from './order-present.ts';
import { adminOrderDetails, listAdminOrders, type OrderRef } from './orders-read.ts';

/**
 * The back office's orders as staff and owners read them: the list (`GET /api/admin/orders`
 * and the orders page) and one order (`GET /api/admin/orders/{ref}` and its page). The
 * callers have checked the query with the contract's schema and that a member is asking.
 */

/** One page of the list, and how many orders match in all. */
export async function adminOrdersPage(db: Db, query: AdminOrdersQuery): Promise<AdminOrdersPage> {
  const { rows, total } = await listAdminOrders(db, query);
  return { items: rows.map(presentAdminSummary), page: query.page, pageSize: query.pageSize, total };
}

/** One order by its number or id, in `lang`; null when there is none. */
export async function adminOrder(db: Db, ref: OrderRef, lang: Lang): Promise<AdminOrder | null> {
  const details = await adminOrderDetails(db, ref);
  if (!details) return null;
  const paymentId = details.order.paymentId;
  const [settings, signedQr, messages, returns, cards] = await Promise.all([
    getSettings(db),
    signedQrOf(db, { orderId: details.order.id }),
    messagesOfOrder(db, details.order.id),
    returnsOfOrders(db, [details.order.id]),
    cardsOfPayments(db, paymentId ? [paymentId] : []),
  ]);
  const presented = await presentAdminOrder(details, lang, settings, signedQr);
  return {
    ...presented,
    paymentCard: (paymentId && cards.get(paymentId)) || null,
    messages: messages.map(presentSentMessage),
    returns: returns.map((row) =>
      presentAdminReturn(row, details.lines, details.order, presented.customer, lang),
    ),
  };
}
