import { okMessage, type Lang, type Ok, type PaymentMethod } from '@shop/contract';
import type { PaymentKeys } from '../../modules/payments/keys.ts';
import { AppError, forbidden, notFound, unauthorized } from '../../lib/errors.ts';
import type { Shop } from '../../lib/shop.ts';
import { callbackUrlFor } from '../../modules/orders/callback-url.ts';
import type { OrderRow } from '../../modules/orders/lifecycle.ts';
import { findOrder } from '../../modules/orders/service.ts';
import { ProviderNotFoundError, type ProviderPayment } from '../../modules/payments/provider.ts';
import { chargeSandboxCard, type SandboxCard } from '../../modules/payments/sandbox.ts';
import { verifyShopperPayment, type PaymentDeps } from './settle-payment.ts';

/**
 * Paying with the sandbox's test cards (payments simulated: no Moyasar keys), as Moyasar's card
 * form would: the card is charged for the order (the payment's id is the order's `given_id`),
 * and the shopper is sent to the callback URL, where the payment is verified like any other.
 */

/**
 * The payment's provider, the shop's configuration (whether payments are simulated) and origin,
 * and the methods it offers now.
 */
export type SandboxPaymentDeps = PaymentDeps &
  Pick<Shop, 'config' | 'origin'> & { paymentKeys: Pick<PaymentKeys, 'offered'> };

/**
 * 404 PAYMENT_METHOD_UNAVAILABLE unless the shop offers `method` now (switched on, with its
 * keys): asked before a payment starts, never when one that started is verified.
 */
export function requireOffered(
  deps: { paymentKeys: Pick<PaymentKeys, 'offered'> },
  method: PaymentMethod,
): void {
  if (!deps.paymentKeys.offered().includes(method)) throw new AppError(404, 'PAYMENT_METHOD_UNAVAILABLE');
}

/** Paying from the shop's server (saved cards, STC Pay, Apple Pay): the provider and the shop's origin. */
export type ServerPaymentDeps = SandboxPaymentDeps;

/** A card charge: the card, and the amount in halalas (the order's total unless a test says otherwise). */
export interface SandboxCharge extends SandboxCard {
  invoiceId: string;
  amount?: number | undefined;
}

function sandboxOnly(deps: SandboxPaymentDeps): void {
  if (!deps.config.paymentSandbox) throw new AppError(404, 'PAYMENT_SANDBOX_DISABLED');
}

/** The callback URL with the payment's `id`, `status` and `message`, as Moyasar redirects. */
function redirectFor(deps: Pick<Shop, 'origin'>, payment: ProviderPayment, lang: Lang): string {
  const redirect = new URL(callbackUrlFor(deps, lang));
  redirect.searchParams.set('id', payment.id);
  redirect.searchParams.set('status', payment.status);
  redirect.searchParams.set('message', payment.message);
  return redirect.toString();
}

/** Charges the card; a second submission answers the first payment, like Moyasar's given_id. */
async function charge(deps: SandboxPaymentDeps, order: OrderRow, card: SandboxCharge, now: Date) {
  const existing = await deps.provider.fetchPayment(order.paymentGivenId).catch((error: unknown) => {
    if (error instanceof ProviderNotFoundError) return null;
    throw error;
  });
  if (existing) return existing;
  // Only a new payment needs an order that is still waiting for one.
  if (order.status !== 'awaiting_payment') throw new AppError(409, 'ORDER_NOT_PAYABLE');
  if (order.expiresAt <= now) throw new AppError(409, 'ORDER_EXPIRED');
  return chargeSandboxCard(deps.db, order, card, card.amount ?? order.totalHalalas, now);
}

/**
 * `POST /api/payments/sandbox/pay`: charges the card for the order and answers the payment with
 * the URL the shopper is sent to. 404 PAYMENT_SANDBOX_DISABLED unless payments are simulated,
 * 401 without a shopper, 404 or 403 for an order that is not theirs, 409 when the order can no
 * longer be paid (and no payment was made for it before).
 */
export async function chargeSandbox(
  deps: SandboxPaymentDeps,
  shopperId: string | null,
  card: SandboxCharge,
  lang: Lang,
  now = new Date(),
): Promise<{ payment: ProviderPayment; redirectUrl: string }> {
  sandboxOnly(deps);
  if (!shopperId) throw unauthorized();
  requireOffered(deps, 'card');
  const order = await findOrder(deps.db, card.invoiceId);
  if (!order) throw notFound('ORDER_NOT_FOUND');
  if (order.userId !== shopperId) throw forbidden();
  const payment = await charge(deps, order, card, now);
  deps.log.info({ orderId: order.id, userId: shopperId, status: payment.status }, 'sandbox payment');
  return { payment, redirectUrl: redirectFor(deps, payment, lang) };
}

/** Why an order of the shopper's cannot be paid any more: the payment page says which. */
export function refusal(order: OrderRow, now: Date): AppError | null {
  if (order.status === 'paid') return new AppError(409, 'ORDER_ALREADY_PAID');
  if (order.status === 'cancelled') return new AppError(409, 'ORDER_ALREADY_CANCELLED');
  if (order.status === 'awaiting_payment')
    return order.expiresAt > now ? null : new AppError(409, 'ORDER_EXPIRED');
  return new AppError(409, 'ORDER_NOT_PAYABLE');
}

/**
 * The payment page's card form: the order must still be payable (409 ORDER_ALREADY_PAID,
 * ORDER_ALREADY_CANCELLED, ORDER_EXPIRED or ORDER_NOT_PAYABLE otherwise, so the page can say
 * which); the card is charged, then the payment verified as the provider's return would have it
 * verified. Answers PAYMENT_COMPLETED and the URL the provider would send the shopper to; a
 * refused card is refused with why (402), and the order keeps what the verification made of it.
 */
export async function payWithSandboxCard(
  deps: SandboxPaymentDeps,
  shopperId: string,
  card: SandboxCharge,
  lang: Lang,
  now = new Date(),
): Promise<Ok & { redirectTo: string }> {
  sandboxOnly(deps);
  const order = await payableOrder(deps, shopperId, card.invoiceId, now);
  const payment = await charge(deps, order, card, now);
  deps.log.info({ orderId: order.id, userId: shopperId, status: payment.status }, 'sandbox payment');
  return verifiedAnswer(deps, shopperId, payment, lang);
}

/** The shopper's order while it can be paid; 404 when it is not theirs, 409 with why it cannot be paid. */
export async function payableOrder(
  deps: Pick<SandboxPaymentDeps, 'db'>,
  shopperId: string,
  orderId: string,
  now: Date,
): Promise<OrderRow> {
  const order = await findOrder(deps.db, orderId);
  if (!order || order.userId !== shopperId) throw notFound('ORDER_NOT_FOUND');
  const refused = refusal(order, now);
  if (refused) throw refused;
  return order;
}

/**
 * Verifies a payment made for the shopper as the provider's return would, then answers
 * PAYMENT_COMPLETED with where the provider would send the shopper; refused with why otherwise.
 */
export async function verifiedAnswer(
  deps: SandboxPaymentDeps,
  shopperId: string,
  payment: ProviderPayment,
  lang: Lang,
): Promise<Ok & { redirectTo: string }> {
  await verifyShopperPayment(deps, shopperId, payment.id);
  return { ...okMessage('PAYMENT_COMPLETED', lang), redirectTo: redirectFor(deps, payment, lang) };
}
