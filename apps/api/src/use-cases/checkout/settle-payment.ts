import type { ErrorCode } from '@shop/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { SealingConfig } from '../../modules/einvoices/service.ts';
import type { ChangeEvents } from '../../lib/change-events.ts';
import { AppError } from '../../lib/errors.ts';
import { lockOrder, type OrderRow } from '../../modules/orders/lifecycle.ts';
import { findOrder } from '../../modules/orders/service.ts';
import {
  ProviderNotFoundError,
  ProviderRejectedError,
  ProviderUnavailableError,
  methodOfSource,
  type PaymentProvider,
  type ProviderPayment,
} from '../../modules/payments/provider.ts';
import { saveCard, storePayment, updatePaymentStatus } from '../../modules/payments/service.ts';
import { announceStock, endUnpaidOrder, payOrder, payOrderLate } from './steps.ts';
import type { MessageOutbox } from '../../lib/shop.ts';

export interface PaymentDeps {
  db: Db;
  provider: PaymentProvider;
  log: FastifyBaseLogger;
  /** Told which products' stock or units sold a settlement changed. */
  changes: ChangeEvents;
  /** Opens the signing unit's key for the invoice of a paid order. */
  config: SealingConfig;
  /** Sends the shopper's messages queued by a payment. */
  messages: Pick<MessageOutbox, 'kick'>;
}

/** What a payment did to its order: paid it, or why not (an error code and HTTP status). */
export type Settlement =
  { ok: true; order: OrderRow } | { ok: false; status: number; code: ErrorCode; order: OrderRow | null };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Statuses that may still become paid: nothing is decided on them. */
const UNFINISHED = new Set(['initiated', 'authorized']);
/** Money taken: `captured` is a paid payment after a manual capture. */
const PAID = new Set(['paid', 'captured']);

/** The shopper-facing reason of a failed payment, from the card network's message. */
export function failureCode(message: string): ErrorCode {
  const m = message.toUpperCase();
  if (m.includes('INSUFFICIENT')) return 'PAYMENT_INSUFFICIENT_FUNDS';
  if (m.includes('DECLINED')) return 'PAYMENT_DECLINED';
  return 'PAYMENT_FAILED';
}

/**
 * Gives the money of a paid payment back: void (same day, no fee) or, when the provider says
 * it is too late for that, refund. A provider that cannot be reached is logged and left to the
 * reconciliation task, which settles unclaimed paid payments again.
 */
async function giveMoneyBack(deps: PaymentDeps, payment: ProviderPayment): Promise<void> {
  try {
    let after: ProviderPayment;
    try {
      after = await deps.provider.voidPayment(payment.id);
    } catch (error) {
      if (!(error instanceof ProviderRejectedError)) throw error;
      after = await deps.provider.refundPayment(payment.id, payment.amount);
    }
    await updatePaymentStatus(deps.db, payment.id, after);
    deps.log.warn({ paymentId: payment.id, status: after.status }, 'payment given back');
  } catch (error) {
    deps.log.error({ err: error, paymentId: payment.id }, 'giving a payment back failed; will retry');
  }
}

/**
 * Keeps the card of a paid payment when the shopper asked to save it (Moyasar answers a
 * `source.token` only then), for the shopper whose order it paid, after the payment was
 * verified. The token is asked of the provider for the card's expiry and name. Saving is a
 * kindness, not part of paying: when it fails the order stays paid and the failure is logged.
 */
async function rememberCard(deps: PaymentDeps, userId: string, payment: ProviderPayment): Promise<void> {
  const tokenId = payment.source.token;
  if (!tokenId || payment.source.type !== 'creditcard') return;
  try {
    const token = await deps.provider.fetchToken(tokenId);
    if (token.status !== 'active' && token.status !== 'initiated') return;
    await saveCard(deps.db, userId, deps.provider.name, token);
  } catch (error) {
    deps.log.warn({ err: error, paymentId: payment.id }, 'the saved card could not be kept');
  }
}

/**
 * Fetches a payment from the provider and settles its order. `userId` is the caller when a
 * shopper asks (callback page, form completion): a payment of someone else's order is refused
 * and changes nothing. Throws the provider's errors (unavailable, not found).
 */
export async function verifyPayment(
  deps: PaymentDeps,
  paymentId: string,
  options: { userId?: string } = {},
): Promise<Settlement> {
  const payment = await deps.provider.fetchPayment(paymentId);
  if (payment.id !== paymentId) throw new ProviderUnavailableError('the provider answered another payment');
  return settlePayment(deps, payment, options);
}

/**
 * A shopper confirms a payment by its id (the provider's return to the orders page, the card
 * form's completion, the sandbox card on the payment page): the provider is asked, then the
 * order is settled. Answers the order once it is paid; anything else is refused with why, as
 * `Settlement` says it (402, 403, 404, 409), 404 PAYMENT_NOT_FOUND for a payment the provider
 * does not know, 503 PAYMENT_PROVIDER_UNAVAILABLE when it cannot be asked (the reconciliation
 * task settles it later).
 */
export async function verifyShopperPayment(
  deps: PaymentDeps,
  shopperId: string,
  paymentId: string,
): Promise<OrderRow> {
  let settlement: Settlement;
  try {
    settlement = await verifyPayment(deps, paymentId, { userId: shopperId });
  } catch (error) {
    if (error instanceof ProviderNotFoundError) throw new AppError(404, 'PAYMENT_NOT_FOUND');
    if (error instanceof ProviderUnavailableError || error instanceof ProviderRejectedError)
      throw new AppError(503, 'PAYMENT_PROVIDER_UNAVAILABLE');
    throw error;
  }
  if (!settlement.ok) throw new AppError(settlement.status, settlement.code);
  return settlement.order;
}

/**
 * Settles an order from a payment the provider reported. Accepted only when the status is
 * paid, the amount is the order's total and the currency SAR; then the order is paid, its
 * units counted sold, its products taken out of the cart and its e-invoice issued, all in one
 * transaction. The same
 * payment settles its order once: replays find the order already paid by it and change
 * nothing. A paid payment that cannot pay its order (wrong amount or currency, an order already
 * paid by another payment, an expired order whose stock is gone) is given back.
 *
 * This is the step of checkout that can fail after the earlier ones committed: the order was
 * placed and its stock reserved in an earlier request, and the money was taken by the
 * provider, outside our database. So each outcome has its compensation: a refused payment
 * ends the order and releases its stock (steps.ts, `endUnpaidOrder`); money that cannot pay
 * the order is voided or refunded (`giveMoneyBack`), after the transaction, and retried by
 * the reconciliation task when the provider cannot be reached.
 */
export async function settlePayment(
  deps: PaymentDeps,
  payment: ProviderPayment,
  options: { userId?: string } = {},
): Promise<Settlement> {
  const orderId = payment.metadata.order_id;
  const order = orderId && UUID.test(orderId) ? await findOrder(deps.db, orderId) : null;
  if (!order) return { ok: false, status: 404, code: 'PAYMENT_NOT_FOUND', order: null };
  if (options.userId !== undefined && order.userId !== options.userId) {
    return { ok: false, status: 403, code: 'FORBIDDEN', order: null };
  }
  if (UNFINISHED.has(payment.status)) return { ok: false, status: 409, code: 'PAYMENT_PENDING', order };

  const amountOk = payment.amount === order.totalHalalas;
  const currencyOk = payment.currency === 'SAR';
  const paid = PAID.has(payment.status);
  if (!paid || !amountOk || !currencyOk) {
    const ended = await deps.db.transaction(async (tx) => {
      await storePayment(tx, deps.provider.name, order.id, payment);
      // This payment will not pay the order: the cart stays, the stock goes back on sale.
      return endUnpaidOrder(tx, order.id, 'failed');
    });
    if (ended) await announceStock(deps.changes, ended.units);
    const current = ended?.order ?? (await findOrder(deps.db, order.id)) ?? order;
    if (paid) await giveMoneyBack(deps, payment);
    if (current.paymentId === payment.id) return { ok: true, order: current };
    let code: ErrorCode;
    if (payment.status === 'failed') code = failureCode(payment.message);
    else if (!amountOk) code = 'PAYMENT_AMOUNT_MISMATCH';
    else if (!currencyOk) code = 'PAYMENT_CURRENCY_MISMATCH';
    else if (current.status === 'paid') code = 'ORDER_ALREADY_PAID';
    else code = 'PAYMENT_REFUNDED';
    deps.log.info({ orderId: order.id, paymentId: payment.id, code }, 'payment refused');
    return { ok: false, status: code === 'ORDER_ALREADY_PAID' ? 409 : 402, code, order: current };
  }

  const result = await deps.db.transaction(async (tx) => {
    await storePayment(tx, deps.provider.name, order.id, payment);
    const method = methodOfSource(payment.source.type);
    const nowPaid = await payOrder(tx, deps.config, order.id, payment.id, method);
    if (nowPaid) return { order: nowPaid.order, sold: nowPaid.units, refusal: null };
    const current = await lockOrder(tx, order.id);
    if (!current || current.paymentId === payment.id)
      return { order: current ?? order, sold: [], refusal: null };
    if (current.status === 'paid')
      return { order: current, sold: [], refusal: 'ORDER_ALREADY_PAID' as const };
    const late = await payOrderLate(tx, deps.config, order.id, payment.id, method);
    if (late) return { order: late.order, sold: late.units, refusal: null };
    return { order: current, sold: [], refusal: 'ORDER_EXPIRED_REFUNDED' as const };
  });
  await announceStock(deps.changes, result.sold);
  if (result.sold.length) deps.messages.kick();
  if (result.refusal === null) {
    await rememberCard(deps, result.order.userId, payment);
    return { ok: true, order: result.order };
  }
  await giveMoneyBack(deps, payment);
  return { ok: false, status: 409, code: result.refusal, order: result.order };
}
