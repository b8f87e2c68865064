import type { Lang, OrderWithPayment, PaymentForm } from '@shop/contract';
import type { FastifyInstance } from 'fastify';
import { getSettings } from '../../modules/settings/service.ts';
import { callbackUrlFor } from '../../modules/orders/callback-url.ts';
import type { OrderRow } from '../../modules/orders/lifecycle.ts';
import { presentOrder } from './present.ts';
import { linesOfOrders } from '../../modules/orders/service.ts';
import { refundsOfOrders } from '../../modules/refunds/service.ts';

/** What the card form needs to pay `order`: the same every time it is asked for. */
export function paymentForm(app: FastifyInstance, order: OrderRow, lang: Lang): PaymentForm {
  const sandbox = app.config.paymentSandbox;
  return {
    provider: sandbox ? 'sandbox' : 'moyasar',
    sandbox,
    ...(!sandbox && { publishableKey: app.paymentKeys.get('publishableKey') }),
    amount: order.totalHalalas,
    currency: 'SAR',
    description: order.note || (lang === 'en' ? `Order ${order.number}` : `طلب رقم ${order.number}`),
    given_id: order.paymentGivenId,
    callbackUrl: callbackUrlFor(app, lang),
    methods: ['creditcard'],
    supportedNetworks: ['mada', 'visa', 'mastercard'],
    metadata: { order_id: order.id },
  };
}

/**
 * An order as its owner sees it, and while it can still be paid (awaiting payment, not
 * expired) what the card form needs: the payment page reads it on every load, so a reload, a
 * second tab or the back button show the same order and pay it with the same `given_id`.
 */
export async function orderWithPayment(
  app: FastifyInstance,
  order: OrderRow,
  lang: Lang,
): Promise<OrderWithPayment> {
  const lines = (await linesOfOrders(app.db, [order.id])).get(order.id) ?? [];
  const refunds = (await refundsOfOrders(app.db, [order.id])).get(order.id) ?? [];
  const presented = await presentOrder(order, lines, refunds, lang, await getSettings(app.db));
  const payable = presented.status === 'awaiting_payment' && order.expiresAt.getTime() > Date.now();
  return { ...presented, payment: payable ? paymentForm(app, order, lang) : null };
}
