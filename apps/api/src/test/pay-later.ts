import {
  adminOrderPaths,
  apiPaths,
  refundPaths,
  type PayInvoiceAnswer,
  type PayLaterMethod,
} from '@shop/contract';
import { expect } from 'vitest';
import type { TestContext } from './harness.ts';
import {
  cartOf,
  createShopper,
  orderRow,
  placeOrderCall,
  productState,
  putInCart,
  type Shopper,
} from './shoppers.ts';
import { signedInMember } from './staff.ts';

/**
 * A shopper's journey with a pay-later provider's simulator through the real app: an order of
 * two units of `productId`, its session, the answer on the simulator's page, then shipping and
 * refunds from the back office. Tabby's and Tamara's tests take the same steps.
 */
export function payLaterJourney(context: () => TestContext, method: PayLaterMethod, productId: () => number) {
  const checkout = method === 'tabby' ? apiPaths.tabbyCheckout : apiPaths.tamaraCheckout;

  async function ordered(phone = '0512345678'): Promise<{ shopper: Shopper; order: PayInvoiceAnswer }> {
    const shopper = await createShopper(context().app.db);
    await putInCart(context().app.db, shopper.id, productId(), 2);
    const res = await placeOrderCall(context(), shopper, { invoiceUserPhone: phone });
    expect(res.statusCode).toBe(201);
    return { shopper, order: res.json() };
  }

  function start(shopper: Shopper, order: PayInvoiceAnswer, lang: 'ar' | 'en' = 'ar') {
    return context().app.inject({
      method: 'POST',
      url: `${checkout.build({})}?lang=${lang}`,
      headers: shopper.headers,
      payload: { invoiceId: order.invoiceId },
    });
  }

  /** The shopper answers on the simulator's page; answers where the provider sends them back (a path). */
  async function answerOnPage(redirectUrl: string, answer: 'approve' | 'cancel'): Promise<string> {
    const res = await context().app.inject({
      method: 'POST',
      url: redirectUrl,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `answer=${answer}`,
    });
    expect(res.statusCode).toBe(303);
    const back = new URL(res.headers.location as string);
    return `${back.pathname}${back.search}`;
  }

  /** A staff member marks the order shipped, which captures its payment. */
  async function ship(invoiceId: string, trackingNumber: string) {
    const staff = (await signedInMember(context().app.db, { role: 'staff' })).headers;
    return context().app.inject({
      method: 'POST',
      url: `${adminOrderPaths.fulfilment.build({ ref: invoiceId })}?lang=en`,
      headers: staff,
      payload: { status: 'shipped', carrier: 'SMSA', trackingNumber, trackingUrl: '' },
    });
  }

  function refund(ref: string, owner: Record<string, string>, amount: number, key: string, lang = 'ar') {
    return context().app.inject({
      method: 'POST',
      url: `${refundPaths.orderRefunds.build({ id: ref })}?lang=${lang}`,
      headers: owner,
      payload: { amount, reason: 'تالف', idempotencyKey: key },
    });
  }

  /**
   * The order ended `status` without taking money: its stock is back (as `stockBefore`) and the
   * shopper's cart is as it was, so the card can still pay.
   */
  async function expectEndedCartKept(
    order: PayInvoiceAnswer,
    shopper: Shopper,
    status: 'failed' | 'expired',
    stockBefore: number,
  ) {
    const { db } = context().app;
    expect((await orderRow(db, order.invoiceId)).status).toBe(status);
    expect((await productState(db, productId())).stock).toBe(stockBefore);
    expect(await cartOf(db, shopper.id)).toEqual([{ productId: productId(), count: 2 }]);
  }

  return { ordered, start, answerOnPage, ship, refund, expectEndedCartKept };
}
