import {
  okMessage,
  orderIdParams,
  returnRequestInputSchema,
  ordersQuery,
  sandboxApplePayBodySchema,
  sandboxPayBodySchema,
  savedCardParams,
  savedCardPayBodySchema,
  stcPayConfirmBodySchema,
  stcPayStartBodySchema,
  uuidParam,
  verifyPaymentBodySchema,
  type StoreOrders,
} from '@shop/contract';
import { notFound } from '../../../lib/errors.ts';
import { placeOrderAgain, placeOrderTo } from '../../../use-cases/checkout/place-order.ts';
import { payWithSandboxCard } from '../../../use-cases/checkout/sandbox-payment.ts';
import { verifyShopperPayment } from '../../../use-cases/checkout/settle-payment.ts';
import { startPayLater } from '../../../use-cases/checkout/pay-later.ts';
import {
  confirmStcPay,
  forgetSavedCard,
  payWithSandboxApplePay,
  payWithSavedCard,
  startStcPay,
} from '../../../use-cases/checkout/server-payments.ts';
import { ownValue } from '../../../views/owned.ts';
import { shopperCreditNote } from '../../../views/refunds/read.ts';
import {
  shopperOrder,
  shopperOrdersPage,
  shopperOrderWithPayment,
  shopperSavedCards,
} from '../../../views/store/orders.ts';
import { parseAs } from '../../form.ts';
import { postedImage, RETURN_PHOTOS, withStoredImages } from '../../uploads.ts';
import { requestReturn } from '../../../use-cases/returns.ts';
import type { StorePageContext } from '../store-data.ts';

const isOrderId = (invoiceId: string) => orderIdParams.safeParse({ invoiceId }).success;

/** An order id of a page's address; 404 ORDER_NOT_FOUND when it cannot name one. */
function orderIdOr404(invoiceId: string): string {
  if (!isOrderId(invoiceId)) throw notFound('ORDER_NOT_FOUND');
  return invoiceId;
}

/**
 * The account's orders, the cart's Confirm order, and the payment page: the orders' views and
 * the checkout's use cases, for the signed-in shopper. An order that is not theirs (or not an
 * id) reads as none and is refused 404, as the pages show it.
 */
export function orderPages({ app, lang, shopperId, act }: StorePageContext): StoreOrders {
  const shop = app.shop;
  const payLater = { ...shop, paymentKeys: app.paymentKeys, tabby: app.tabby, tamara: app.tamara };
  const payments = { ...shop, paymentKeys: app.paymentKeys, provider: app.payments };
  return {
    orders: async (page, pageSize) => {
      const shopper = await shopperId();
      if (!shopper) return null;
      const query = ordersQuery.parse({ page: String(page), pageSize: String(pageSize) });
      return shopperOrdersPage(shop.db, shopper, query.page, query.pageSize, lang);
    },
    order: async (invoiceId) => {
      const shopper = await shopperId();
      if (!shopper || !isOrderId(invoiceId)) return null;
      return ownValue(await shopperOrder(shop.db, shopper, invoiceId, lang));
    },
    creditNote: async (invoiceId, refundId) => {
      const shopper = await shopperId();
      if (!shopper || !isOrderId(invoiceId) || !uuidParam.safeParse(refundId).success) return null;
      const note = await shopperCreditNote(shop.db, shopper, invoiceId, refundId, lang);
      return typeof note === 'object' ? note.value : null;
    },
    orderWithPayment: async (invoiceId) => {
      const shopper = await shopperId();
      if (!shopper || !isOrderId(invoiceId)) return null;
      return ownValue(await shopperOrderWithPayment(payLater, shopper, invoiceId, lang));
    },
    placeOrder: (input) =>
      act(async (shopper) => {
        const { order } = await placeOrderTo(shop, shopper.id, input, lang);
        return { invoiceId: order.id };
      }),
    placeOrderAgain: (invoiceId) =>
      act(async (shopper) => {
        const order = await placeOrderAgain(shop, shopper.id, orderIdOr404(invoiceId), lang);
        return { invoiceId: order.id };
      }),
    payWithSandboxCard: (invoiceId, card) =>
      act((shopper) => {
        // The card as the API's sandbox call checks it.
        const charge = parseAs(sandboxPayBodySchema, { ...card, invoiceId: orderIdOr404(invoiceId) }, 'body');
        return payWithSandboxCard(payments, shopper.id, charge, lang);
      }),
    payLater: (method, invoiceId) =>
      act((shopper) => startPayLater(payLater, method, shopper.id, orderIdOr404(invoiceId), lang)),
    // The wallets and saved cards, each form's fields as the API's call checks them.
    payWithSavedCard: (invoiceId, cardId) =>
      act((shopper) => {
        const body = parseAs(savedCardPayBodySchema, { invoiceId: orderIdOr404(invoiceId), cardId }, 'body');
        return payWithSavedCard(payments, shopper.id, body.invoiceId, body.cardId, lang);
      }),
    startStcPay: (invoiceId, mobile) =>
      act((shopper) => {
        const body = parseAs(stcPayStartBodySchema, { invoiceId: orderIdOr404(invoiceId), mobile }, 'body');
        return startStcPay(payments, shopper.id, body.invoiceId, body.mobile, lang);
      }),
    confirmStcPay: (invoiceId, otp) =>
      act((shopper) => {
        const body = parseAs(stcPayConfirmBodySchema, { invoiceId: orderIdOr404(invoiceId), otp }, 'body');
        return confirmStcPay(payments, shopper.id, body.invoiceId, body.otp, lang);
      }),
    payWithSandboxApplePay: (invoiceId) =>
      act((shopper) => {
        const body = parseAs(sandboxApplePayBodySchema, { invoiceId: orderIdOr404(invoiceId) }, 'body');
        return payWithSandboxApplePay(payments, shopper.id, body.invoiceId, lang);
      }),
    savedCards: async () => {
      const shopper = await shopperId();
      return shopper ? shopperSavedCards(shop, shopper) : null;
    },
    deleteSavedCard: (cardId) =>
      act((shopper) => {
        const { cardId: id } = parseAs(savedCardParams, { cardId }, 'params');
        return forgetSavedCard(payments, shopper.id, id, lang);
      }),
    requestReturn: (invoiceId, input, photos) =>
      act(async (shopper) => {
        // The request as the API's call checks it, then its photos as every upload is stored.
        const fields = parseAs(returnRequestInputSchema, input, 'body');
        const images = await Promise.all(photos.map(postedImage));
        await withStoredImages(app.config.uploadsDir, images, RETURN_PHOTOS, (paths) =>
          requestReturn(shop, shopper.id, orderIdOr404(invoiceId), fields, paths),
        );
        return okMessage('RETURN_REQUESTED', lang);
      }),
    verifyPayment: (paymentId) =>
      act(async (shopper) => {
        const { id } = parseAs(verifyPaymentBodySchema, { id: paymentId }, 'body');
        await verifyShopperPayment(payments, shopper.id, id);
        return okMessage('PAYMENT_COMPLETED', lang);
      }),
  };
}
