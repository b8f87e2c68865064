import {
  adminOrderRefParams,
  adminOrdersQuery,
  bulkFulfilmentSchema,
  capturePartSchema,
  sarToHalalas,
  fulfilmentChangeSchema,
  okMessage,
  type BackOfficeOrders,
} from '@shop/contract';
import type { OrderRef } from '../../../modules/orders/lifecycle.ts';
import { cancelOrder } from '../../../use-cases/checkout/cancel-order.ts';
import { cancelPaidOrder, fulfilOrder, fulfilOrders } from '../../../use-cases/fulfil-order.ts';
import { captureNow, capturePart } from '../../../use-cases/checkout/pay-later-capture.ts';
import { refundOrder } from '../../../use-cases/checkout/refund-order.ts';
import { adminOrder, adminOrdersPage } from '../../../views/back-office/orders.ts';
import { presentBulkOutcome } from '../../../views/back-office/order-present.ts';
import { packingSlip } from '../../../views/back-office/packing-slip.ts';
import { parseAs } from '../../form.ts';
import { found } from '../../openapi.ts';
import type { BackOfficePageContext } from '../back-office-data.ts';

/** The reason the closed rest's credit note carries, in both languages. */
const CLOSE_REST_REASON = 'إغلاق المبلغ غير المشحون / Closing what was not shipped';

/** What the member reads once an order took a step. */
const FULFILMENT_DONE = {
  preparing: 'ORDER_FULFILMENT_CHANGED',
  ready: 'ORDER_FULFILMENT_CHANGED',
  shipped: 'ORDER_SHIPPED',
  delivered: 'ORDER_DELIVERED',
} as const;

/** An order's number or id as a page's address gives it; null when it is neither. */
export function orderRefOf(ref: string): OrderRef | null {
  const parsed = adminOrderRefParams.safeParse({ ref });
  return parsed.success ? parsed.data.ref : null;
}

/** The order a page's address names, or 404 ORDER_NOT_FOUND when it cannot name one. */
export const orderRefOr404 = (ref: string) => found(orderRefOf(ref), 'ORDER_NOT_FOUND');

/**
 * The orders pages: the list, one order, moving orders through their fulfilment (any member),
 * cancelling an unpaid order (any member) and a paid one (owners: it refunds).
 */
export function orderPages({ app, lang, read, act }: BackOfficePageContext): BackOfficeOrders {
  const shop = app.shop;
  return {
    page: (filter) =>
      read({}, () => adminOrdersPage(shop.db, parseAs(adminOrdersQuery, filter, 'querystring'))),
    one: (ref) =>
      read({}, async () => {
        const parsed = orderRefOf(ref);
        return parsed && adminOrder(shop.db, parsed, lang);
      }),
    packingSlip: (ref) =>
      read({}, async () => {
        const parsed = orderRefOf(ref);
        return parsed && packingSlip(shop.db, parsed, lang);
      }),
    fulfil: (ref, input) =>
      act({}, async (by) => {
        const change = parseAs(fulfilmentChangeSchema, input, 'body');
        await fulfilOrder({ ...shop, tabby: app.tabby, tamara: app.tamara }, orderRefOr404(ref), change, by);
        return okMessage(FULFILMENT_DONE[change.status], lang);
      }),
    cancelPaid: (ref) =>
      act({ role: 'owner' }, async (by) => {
        await cancelPaidOrder(
          { ...shop, provider: app.payments, tabby: app.tabby, tamara: app.tamara },
          orderRefOr404(ref),
          by,
        );
        return okMessage('ORDER_CANCELLED_REFUNDED', lang);
      }),
    bulk: async (input) => {
      // Cancelling refunds, which only owners do; the other statuses are any member's.
      const status = (input as { status?: unknown }).status;
      return act(status === 'cancelled' ? { role: 'owner' } : {}, async (by) => {
        const { numbers, status } = parseAs(bulkFulfilmentSchema, input, 'body');
        const outcome = await fulfilOrders(
          { ...shop, provider: app.payments, tabby: app.tabby, tamara: app.tamara },
          numbers,
          status,
          by,
        );
        return presentBulkOutcome(outcome, lang);
      });
    },
    cancel: (ref) =>
      act({}, async (by) => {
        await cancelOrder(shop, orderRefOr404(ref), by);
        return okMessage('ORDER_CANCELLED', lang);
      }),
    captureNow: (ref) =>
      act({}, async (by) => {
        await captureNow({ ...shop, tabby: app.tabby }, orderRefOr404(ref), by);
        return okMessage('CAPTURED', lang);
      }),
    // The rest is closed through the refund (owners: it gives money back and credits it).
    capturePart: (ref, input) =>
      act({ role: 'owner' }, async (by) => {
        const { amount } = parseAs(capturePartSchema, input, 'body');
        const deps = { ...shop, provider: app.payments, tabby: app.tabby };
        await capturePart(deps, orderRefOr404(ref), sarToHalalas(amount), by, (order, rest) =>
          refundOrder(
            deps,
            { id: order.id },
            {
              amountHalalas: rest,
              reason: CLOSE_REST_REASON,
              returnStock: [],
              idempotencyKey: `close-rest-${order.id}`,
            },
            by,
          ),
        );
        return okMessage('CAPTURED_REST_CLOSED', lang);
      }),
  };
}
