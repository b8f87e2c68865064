import { redirect } from 'react-router';
import type { Route } from './+types/payment';
import { requireUser } from '../features/auth/session.server.ts';
import { ORDERS_PAGE_SIZE } from '../features/orders/api.ts';
import { localizePath } from '../lib/lang.ts';
import { requestLang } from '../lib/route-lang.ts';

/**
 * `/payment` without an order: the address a page of the shop used to open with the order in
 * its history state (a bookmark, the back button, a tab restored from before). It goes to the
 * payment page of the shopper's newest order still awaiting payment, or to the cart.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { store } = await requireUser(request, context);
  const lang = requestLang(request);
  const invoices = (await store.orders(1, ORDERS_PAGE_SIZE))?.invoices ?? [];
  const waiting = invoices.find(
    (order) => order.status === 'awaiting_payment' && Date.parse(order.expiresAt) > Date.now(),
  );
  throw redirect(localizePath(waiting ? `/payment/${waiting.invoiceId}` : '/cart', lang));
}
