import { apiPaths, type PayInvoiceAnswer, type PayInvoiceBody } from '@shop/contract';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { cartItems } from '../modules/cart/schema.ts';
import { products } from '../modules/catalog/schema.ts';
import { orders } from '../modules/orders/schema.ts';
import { soleVariant } from './factories.ts';
import type { TestContext } from './harness.ts';
import { signedInUser, type TestSession } from './users.ts';

/** Test helpers for checkout: shoppers with a session, carts, and the order call. */

export interface Shopper {
  id: string;
  headers: { authorization: string };
}

/** A signed-in shopper (see users.ts), with the Bearer header an API client sends. */
export async function createShopper(db: Db): Promise<Shopper> {
  const { userId, bearer } = await signedInUser(db);
  return { id: userId, headers: { authorization: bearer.authorization! } };
}

/** Adds an address to a signed-in shopper's book through the API, the answer in `lang`. */
export function addAddressCall(t: TestContext, session: TestSession, body: object, lang = 'ar') {
  return t.app.inject({
    method: 'POST',
    url: `${apiPaths.addressAdd.pattern}?lang=${lang}`,
    headers: session.cookie,
    payload: body,
  });
}

/** Puts `count` units of a product's variant (its only one unless `variantId` is given) in the cart. */
export async function putInCart(
  db: Db,
  userId: string,
  productId: number,
  count: number,
  variantId?: number,
): Promise<void> {
  const variant = variantId ?? (await soleVariant(db, productId)).id;
  await db
    .insert(cartItems)
    .values({ userId, productId, variantId: variant, count })
    .onConflictDoUpdate({ target: [cartItems.userId, cartItems.variantId], set: { count } });
}

export function invoiceBody(shopper: Shopper, extra: Partial<PayInvoiceBody> = {}): PayInvoiceBody {
  return {
    userId: shopper.id,
    invoiceUserAdress: 'الرياض، حي العليا، شارع التحلية',
    invoiceUserPhone: '0512345678',
    invoiceUserLocation: 'location',
    invoiceNote: '',
    products: [],
    ...extra,
  };
}

export async function placeOrderCall(
  t: TestContext,
  shopper: Shopper,
  extra: Record<string, unknown> = {},
  lang: 'ar' | 'en' = 'ar',
) {
  return t.app.inject({
    method: 'POST',
    url: `${apiPaths.payInvoice.build({})}?lang=${lang}`,
    headers: shopper.headers,
    payload: { ...invoiceBody(shopper), ...extra },
  });
}

/** Places an order and fails the test unless it was created. */
export async function placeOrderOk(t: TestContext, shopper: Shopper): Promise<PayInvoiceAnswer> {
  const res = await placeOrderCall(t, shopper);
  if (res.statusCode !== 201) throw new Error(`order not placed: ${res.statusCode} ${res.body}`);
  return res.json();
}

/**
 * Pays an order on the sandbox with `cardNumber` (a card the sandbox pays by default) and
 * verifies the payment, as the payment page does; fails the test unless both answer 200.
 */
export async function payOnSandbox(
  t: TestContext,
  shopper: Shopper,
  order: PayInvoiceAnswer,
  cardNumber = '4111111111111111',
): Promise<void> {
  const card = { number: cardNumber, name: 'Sara Ali', month: 12, year: 2099, cvc: '123' };
  for (const [url, payload] of [
    [apiPaths.sandboxPay.build({}), { ...card, invoiceId: order.invoiceId }],
    [apiPaths.verifyPayment.build({}), { id: order.given_id }],
  ] as const) {
    const res = await t.app.inject({ method: 'POST', url, headers: shopper.headers, payload });
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
  }
}

export async function productState(db: Db, productId: number) {
  const [row] = await db
    .select({ stock: products.stock, unitsSold: products.unitsSold })
    .from(products)
    .where(eq(products.id, productId));
  return row!;
}

export async function orderRow(db: Db, orderId: string) {
  const [row] = await db.select().from(orders).where(eq(orders.id, orderId));
  return row!;
}

export async function cartOf(db: Db, userId: string) {
  return db
    .select({ productId: cartItems.productId, count: cartItems.count })
    .from(cartItems)
    .where(eq(cartItems.userId, userId));
}

export async function countOrders(db: Db, status: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(orders)
    .where(eq(orders.status, status as 'paid'));
  return row?.n ?? 0;
}

/** A new signed-in shopper's order of `count` units of a product, paid on the sandbox. */
export async function paidOrderOf(
  t: TestContext,
  productId: number,
  count = 1,
): Promise<{ buyer: Shopper; order: PayInvoiceAnswer }> {
  const buyer = await createShopper(t.app.db);
  await putInCart(t.app.db, buyer.id, productId, count);
  const order = await placeOrderOk(t, buyer);
  await payOnSandbox(t, buyer, order);
  return { buyer, order };
}

/** STC Pay's two steps as the payment page posts them: the mobile, then the code. */
export function stcPayCall(
  t: TestContext,
  shopper: Shopper,
  step: 'start' | 'confirm',
  payload: { invoiceId: string; mobile?: string; otp?: string },
  lang: 'ar' | 'en' = 'en',
) {
  const path = step === 'start' ? apiPaths.stcPayStart : apiPaths.stcPayConfirm;
  return t.app.inject({
    method: 'POST',
    url: `${path.build({})}?lang=${lang}`,
    headers: shopper.headers,
    payload,
  });
}

/**
 * Starts STC Pay for the order and types a wrong code in Arabic: fails the test unless the code
 * is refused (400 STCPAY_OTP_INVALID at `otp`, in Arabic) and the order still awaits payment.
 */
export async function stcPayWrongCode(t: TestContext, shopper: Shopper, invoiceId: string): Promise<void> {
  const started = await stcPayCall(t, shopper, 'start', { invoiceId, mobile: '0551234567' });
  if (started.statusCode !== 200) throw new Error(`STC Pay not started: ${started.body}`);
  const wrong = await stcPayCall(t, shopper, 'confirm', { invoiceId, otp: '987654' }, 'ar');
  const body = wrong.json();
  if (
    wrong.statusCode !== 400 ||
    body.code !== 'STCPAY_OTP_INVALID' ||
    body.message !== 'رمز التحقق غير صحيح، أعد إدخاله' ||
    body.fields?.[0]?.path !== 'otp'
  )
    throw new Error(`the wrong code was not refused at otp: ${wrong.statusCode} ${wrong.body}`);
  if ((await orderRow(t.app.db, invoiceId)).status !== 'awaiting_payment')
    throw new Error('the order stopped waiting after a wrong code');
}
