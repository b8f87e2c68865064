import { adminOrderRefParams, adminOrdersQuery, okMessage, type BackOfficeOrders } from '@shop/contract';
import type { OrderRef } from '../../../modules/orders/lifecycle.ts';
import { cancelOrder } from '../../../use-cases/checkout/cancel-order.ts';
import { deliverOrder, shipOrder } from '../../../use-cases/fulfil-order.ts';
import { adminOrder, adminOrdersPage } from '../../../views/back-office/orders.ts';
import { parseAs } from '../../form.ts';
import { found } from '../../openapi.ts';
import type { BackOfficePageContext } from '../back-office-data.ts';

/** An order's number or id as a page's address gives it; null when it is neither. */
export function orderRefOf(ref: string): OrderRef | null {
  const parsed = adminOrderRefParams.safeParse({ ref });
  return parsed.success ? parsed.data.ref : null;
}

/** The order a page's address names, or 404 ORDER_NOT_FOUND when it cannot name one. */
export const orderRefOr404 = (ref: string) => found(orderRefOf(ref), 'ORDER_NOT_FOUND');

/** The orders pages: the list, one order, and shipping, delivering and cancelling it (any member). */
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
    ship: (ref) =>
      act({}, async (by) => {
        await shipOrder(shop, orderRefOr404(ref), by);
        return okMessage('ORDER_SHIPPED', lang);
      }),
    deliver: (ref) =>
      act({}, async (by) => {
        await deliverOrder(shop, orderRefOr404(ref), by);
        return okMessage('ORDER_DELIVERED', lang);
      }),
    cancel: (ref) =>
      act({}, async (by) => {
        await cancelOrder(shop, orderRefOr404(ref), by);
        return okMessage('ORDER_CANCELLED', lang);
      }),
  };
}
