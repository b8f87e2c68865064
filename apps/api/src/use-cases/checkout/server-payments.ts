import { okMessage, type Lang, type Ok } from '@shop/contract';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';
import { callbackUrlFor } from '../../modules/orders/callback-url.ts';
import type { OrderRow } from '../../modules/orders/lifecycle.ts';
import { findOrder } from '../../modules/orders/service.ts';
import {
  ProviderNotFoundError,
  ProviderRejectedError,
  ProviderUnavailableError,
  type PaymentSource,
  type ProviderPayment,
} from '../../modules/payments/provider.ts';
import { SANDBOX_APPLE_PAY_TOKEN } from '../../modules/payments/sandbox.ts';
import { cardExpired, deleteSavedCard, savedCardOf, storePayment } from '../../modules/payments/service.ts';
import {
  payableOrder,
  refusal,
  requireOffered,
  verifiedAnswer,
  type ServerPaymentDeps,
} from './sandbox-payment.ts';
import { settlePayment } from './settle-payment.ts';

/**
 * Payments the shop's server creates at Moyasar (decision 243), where no card number passes
 * through the shop: a saved card's token, STC Pay (a mobile number, then its one-time code), and
 * the sandbox's Apple Pay. Each payment's id is the order's `given_id`, as with the card form,
 * and each is verified from the provider by the same code as a card before the order is paid.
 */

/** The provider's errors as the shopper reads them: try later, or the payment's refusal. */
function providerTrouble(error: unknown): never {
  if (error instanceof ProviderNotFoundError) throw new AppError(404, 'PAYMENT_NOT_FOUND');
  if (error instanceof ProviderUnavailableError) throw new AppError(503, 'PAYMENT_PROVIDER_UNAVAILABLE');
  if (error instanceof ProviderRejectedError) throw new AppError(402, 'PAYMENT_FAILED');
  throw error;
}

/** The payment already made for the order's `given_id`, or null: Moyasar takes an id once. */
async function existingPayment(deps: ServerPaymentDeps, order: OrderRow): Promise<ProviderPayment | null> {
  try {
    return await deps.provider.fetchPayment(order.paymentGivenId);
  } catch (error) {
    if (error instanceof ProviderNotFoundError) return null;
    return providerTrouble(error);
  }
}

/** Creates the order's payment from `source` (or answers the one made before under its id). */
async function createFor(
  deps: ServerPaymentDeps,
  order: OrderRow,
  source: PaymentSource,
  lang: Lang,
): Promise<ProviderPayment> {
  const existing = await existingPayment(deps, order);
  if (existing) return existing;
  try {
    return await deps.provider.createPayment({
      givenId: order.paymentGivenId,
      amount: order.totalHalalas,
      description: order.note || (lang === 'en' ? `Order ${order.number}` : `طلب رقم ${order.number}`),
      callbackUrl: callbackUrlFor(deps, lang),
      metadata: { order_id: order.id },
      source,
    });
  } catch (error) {
    return providerTrouble(error);
  }
}

/**
 * A payment that needs nothing more from the shopper is verified as a card's return would be;
 * one still waiting for 3-D Secure sends the shopper to the bank's page, whose return comes
 * back to the orders page and its verification.
 */
async function finish(
  deps: ServerPaymentDeps,
  shopperId: string,
  payment: ProviderPayment,
  lang: Lang,
): Promise<Ok & { redirectTo: string }> {
  if (payment.status === 'initiated' && payment.source.transactionUrl?.startsWith('https://'))
    return { ...okMessage('PAYMENT_BANK_CHECK', lang), redirectTo: payment.source.transactionUrl };
  return verifiedAnswer(deps, shopperId, payment, lang);
}

/**
 * Pays an order with one of the shopper's saved cards, in one step: Moyasar charges the token
 * (`source.type` token, 3-D Secure asked). A card that is not one of the shopper's, or was saved
 * at another provider (the sandbox's while the shop runs for real), is 404 SAVED_CARD_NOT_FOUND:
 * a token is charged for the shopper it belongs to only. A card whose month has passed is 409
 * SAVED_CARD_EXPIRED before Moyasar is asked.
 */
export async function payWithSavedCard(
  deps: ServerPaymentDeps,
  shopperId: string,
  orderId: string,
  cardId: string,
  lang: Lang,
  now = new Date(),
): Promise<Ok & { redirectTo: string }> {
  requireOffered(deps, 'card');
  const card = await savedCardOf(deps.db, shopperId, cardId);
  if (!card || card.provider !== deps.provider.name) throw notFound('SAVED_CARD_NOT_FOUND');
  if (cardExpired(card, now)) throw new AppError(409, 'SAVED_CARD_EXPIRED');
  const order = await payableOrder(deps, shopperId, orderId, now);
  const payment = await createFor(deps, order, { type: 'token', token: card.token }, lang);
  deps.log.info({ orderId: order.id, userId: shopperId, status: payment.status }, 'saved card payment');
  return finish(deps, shopperId, payment, lang);
}

/**
 * Forgets one of the shopper's saved cards: here at once, and at Moyasar as well as it can
 * (`DELETE /v1/tokens/{id}`); a provider that cannot be reached is logged, the card is gone from
 * the shop either way. 404 SAVED_CARD_NOT_FOUND when it is not one of theirs.
 */
export async function forgetSavedCard(
  deps: ServerPaymentDeps,
  shopperId: string,
  cardId: string,
  lang: Lang,
): Promise<Ok> {
  const card = await deleteSavedCard(deps.db, shopperId, cardId);
  if (!card) throw notFound('SAVED_CARD_NOT_FOUND');
  if (card.provider === deps.provider.name) {
    await deps.provider.deleteToken(card.token).catch((error: unknown) => {
      deps.log.warn({ err: error, userId: shopperId }, 'the token could not be deleted at the provider');
    });
  }
  return okMessage('SAVED_CARD_DELETED', lang);
}

/** A Saudi mobile as STC Pay takes it (05 and eight digits), from +966 5…, 9665… or 05…; null otherwise. */
export function stcPayMobile(typed: string): string | null {
  const digits = typed.replace(/[\s\-()]/g, '').replace(/^\+/, '');
  const local = digits.startsWith('9665') ? `0${digits.slice(3)}` : digits;
  return /^05[0-9]{8}$/.test(local) ? local : null;
}

/**
 * STC Pay's first step: a payment for the order from the shopper's mobile number, which STC Pay
 * answers with a one-time code by SMS. 400 STCPAY_MOBILE_INVALID (at `mobile`) for a number
 * that is not a Saudi mobile. Asked again, the payment already waiting for its code is kept.
 */
export async function startStcPay(
  deps: ServerPaymentDeps,
  shopperId: string,
  orderId: string,
  typedMobile: string,
  lang: Lang,
  now = new Date(),
): Promise<Ok> {
  requireOffered(deps, 'stcpay');
  const mobile = stcPayMobile(typedMobile);
  if (!mobile) throw badRequest('STCPAY_MOBILE_INVALID', 'mobile');
  const order = await payableOrder(deps, shopperId, orderId, now);
  const payment = await createFor(deps, order, { type: 'stcpay', mobile }, lang);
  if (payment.source.type !== 'stcpay') throw new AppError(409, 'ORDER_NOT_PAYABLE');
  // The payment page asks for the code once it finds this payment waiting in the shop's own rows.
  await storePayment(deps.db, deps.provider.name, order.id, payment);
  deps.log.info({ orderId: order.id, userId: shopperId, status: payment.status }, 'STC Pay started');
  return okMessage('STCPAY_OTP_SENT', lang);
}

/** A code STC Pay no longer takes: Moyasar says "Connection timed out…", the sandbox TIMEOUT. */
const STCPAY_TIMED_OUT = /TIME[D ]*OUT|EXPIRED/i;

/**
 * STC Pay's second step: the code is sent to the payment's `transaction_url`, then the payment is
 * verified from the provider as a card's. A wrong code is 400 STCPAY_OTP_INVALID (at `otp`) and
 * the payment keeps waiting; a code STC Pay timed out fails the payment and its order (402
 * STCPAY_OTP_EXPIRED, the cart kept); 409 STCPAY_NOT_STARTED before the mobile was given.
 */
export async function confirmStcPay(
  deps: ServerPaymentDeps,
  shopperId: string,
  orderId: string,
  otp: string,
  lang: Lang,
  now = new Date(),
): Promise<Ok & { redirectTo: string }> {
  const order = await findOrder(deps.db, orderId);
  if (!order || order.userId !== shopperId) throw notFound('ORDER_NOT_FOUND');
  const payment = await existingPayment(deps, order);
  if (!payment || payment.source.type !== 'stcpay') throw new AppError(409, 'STCPAY_NOT_STARTED');
  if (payment.status !== 'initiated') return finish(deps, shopperId, payment, lang);
  const refused = refusal(order, now);
  if (refused) throw refused;
  let after: ProviderPayment;
  try {
    after = await deps.provider.submitOtp(payment, otp.trim());
  } catch (error) {
    if (error instanceof ProviderRejectedError && error.status === 400)
      throw badRequest('STCPAY_OTP_INVALID', 'otp');
    return providerTrouble(error);
  }
  if (after.status === 'failed' && STCPAY_TIMED_OUT.test(after.message)) {
    await settlePayment(deps, after, { userId: shopperId });
    throw new AppError(402, 'STCPAY_OTP_EXPIRED');
  }
  return finish(deps, shopperId, after, lang);
}

/**
 * The sandbox's Apple Pay button: a simulated Apple Pay token (`source.type` applepay) is paid
 * and verified as a real one would be. 404 PAYMENT_SANDBOX_DISABLED unless payments are
 * simulated: with Moyasar, Apple Pay is paid in Moyasar's form on the shopper's device.
 */
export async function payWithSandboxApplePay(
  deps: ServerPaymentDeps,
  shopperId: string,
  orderId: string,
  lang: Lang,
  now = new Date(),
): Promise<Ok & { redirectTo: string }> {
  if (!deps.config.paymentSandbox) throw new AppError(404, 'PAYMENT_SANDBOX_DISABLED');
  requireOffered(deps, 'applepay');
  const order = await payableOrder(deps, shopperId, orderId, now);
  const payment = await createFor(deps, order, { type: 'applepay', token: SANDBOX_APPLE_PAY_TOKEN }, lang);
  return finish(deps, shopperId, payment, lang);
}
