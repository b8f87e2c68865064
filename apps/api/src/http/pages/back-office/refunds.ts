import { okMessage, sarToHalalas, uuidParam, type BackOfficeRefunds } from '@shop/contract';
import { refundOrder } from '../../../use-cases/checkout/refund-order.ts';
import { creditNote, orderRefunds } from '../../../views/refunds/read.ts';
import type { BackOfficePageContext } from '../back-office-data.ts';
import { orderRefOf, orderRefOr404 } from './orders.ts';

/** The refunds pages: any member reads an order's refunds and credit notes; owners refund. */
export function refundPages({ app, lang, read, act }: BackOfficePageContext): BackOfficeRefunds {
  const shop = app.shop;
  const provider = app.payments;
  return {
    ofOrder: (ref) =>
      read({}, async () => {
        const parsed = orderRefOf(ref);
        return parsed && orderRefunds(shop.db, parsed, provider.name, lang);
      }),
    creditNote: (ref, refundId) =>
      read({}, async () => {
        const parsed = orderRefOf(ref);
        if (!parsed || !uuidParam.safeParse(refundId).success) return null;
        const note = await creditNote(shop.db, parsed, refundId, lang);
        return typeof note === 'object' ? note.value : null;
      }),
    refund: (ref, { amount, reason, returnStock, idempotencyKey }) =>
      act({ role: 'owner' }, async (by) => {
        const { refund } = await refundOrder(
          { ...shop, provider, tabby: app.tabby, tamara: app.tamara },
          orderRefOr404(ref),
          { amountHalalas: sarToHalalas(amount), reason, returnStock, idempotencyKey },
          by,
        );
        return { ...okMessage('REFUNDED', lang), orderId: refund.orderId };
      }),
  };
}
