import { apiPaths, isPayLater, type ErrorCode, type Lang, type PayLaterMethod } from '@shop/contract';
import { normalizeSaudiMobile } from '../../lib/phone.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { Shop } from '../../lib/shop.ts';
import { lockOrder, type OrderRow } from '../../modules/orders/lifecycle.ts';
import { findOrder, lineTitle, linesOfOrders } from '../../modules/orders/service.ts';
import {
  ProviderNotFoundError,
  ProviderRejectedError,
  ProviderUnavailableError,
  type GatewayPayment,
  type PaymentGateway,
  type WebhookRequest,
} from '../../modules/payments/provider.ts';
import { recordSessionPayment, storePayment } from '../../modules/payments/service.ts';
import { PayLaterSimulator } from '../../modules/payments/pay-later-simulator.ts';
import { SETTLED_STATES } from '../../modules/payments/state.ts';
import { findUserById } from '../../modules/users/service.ts';
import type { PaymentKeys } from '../../modules/payments/keys.ts';
import { refusal, requireOffered } from './sandbox-payment.ts';
import type { PaymentDeps, Settlement } from './settle-payment.ts';
import { announceStock, endUnpaidOrder, payOrder } from './steps.ts';

/**
 * Paying an order in 4 with Tabby or Tamara (decisions 241, 242), one flow for both: a session
 * at the provider (or its simulator) sends the shopper to its page; whatever brings the payment
 * back (the shopper's return, a webhook, before or after it, or instead of it), the payment is
 * fetched from the provider and settles its order once. A payment the shopper approved that
 * waits for the merchant (Tamara's `approved`) is acknowledged first (`authorise`). An
 * authorised payment confirms the order as a paid card does; the money is captured when the
 * order ships.
 */

/** The pay-later gateways the shop has: each null (or absent) when it has not. */
export interface PayLaterGateways {
  tabby?: PaymentGateway | null;
  tamara?: PaymentGateway | null;
}

export type PayLaterDeps = Omit<PaymentDeps, 'provider'> & Pick<Shop, 'origin'> & PayLaterGateways;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What each provider's flow names differently: its return address and its refusal before its page. */
const FLOWS: Record<PayLaterMethod, { returnPath: string; notifyPath?: string; rejected: ErrorCode }> = {
  tabby: { returnPath: apiPaths.tabbyReturn.build({}), rejected: 'TABBY_REJECTED' },
  tamara: {
    returnPath: apiPaths.tamaraReturn.build({}),
    notifyPath: apiPaths.tamaraWebhook.build({}),
    rejected: 'TAMARA_REJECTED',
  },
};

/** The gateway that takes `method`'s money, or null (a card, or a method the shop has not). */
export function payLaterGateway(deps: PayLaterGateways, method: string): PaymentGateway | null {
  return isPayLater(method) ? (deps[method] ?? null) : null;
}

function gatewayOf(deps: PayLaterGateways, method: PayLaterMethod): PaymentGateway {
  const gateway = payLaterGateway(deps, method);
  if (!gateway) throw new AppError(404, 'PAYMENT_METHOD_UNAVAILABLE');
  return gateway;
}

/** Provider failures as the shopper's answer: 404 unknown payment, 503 try again later. */
async function askGateway<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof ProviderNotFoundError) throw new AppError(404, 'PAYMENT_NOT_FOUND');
    if (error instanceof ProviderUnavailableError || error instanceof ProviderRejectedError)
      throw new AppError(503, 'PAYMENT_PROVIDER_UNAVAILABLE');
    throw error;
  }
}

/**
 * Starts paying the shopper's order with Tabby or Tamara: the order must still be payable (as
 * for a card); the provider is told its lines, buyer and shipping address. Answers where to
 * send the shopper; 402 TABBY_REJECTED or TAMARA_REJECTED when the provider refuses before its
 * page (nothing changes: the order can still be paid by card), 404 PAYMENT_METHOD_UNAVAILABLE
 * without that provider.
 */
export async function startPayLater(
  deps: PayLaterDeps & { paymentKeys: Pick<PaymentKeys, 'offered'> },
  method: PayLaterMethod,
  shopperId: string,
  invoiceId: string,
  lang: Lang,
  now = new Date(),
): Promise<{ redirectUrl: string }> {
  requireOffered(deps, method);
  const gateway = gatewayOf(deps, method);
  const flow = FLOWS[method];
  const order = await findOrder(deps.db, invoiceId);
  if (!order || order.userId !== shopperId) throw notFound('ORDER_NOT_FOUND');
  const refused = refusal(order, now);
  if (refused) throw refused;
  const [lines, user] = await Promise.all([
    linesOfOrders(deps.db, [order.id]),
    findUserById(deps.db, shopperId),
  ]);
  const back = `${deps.origin()}${flow.returnPath}?lang=${lang}`;
  const session = await askGateway(() =>
    gateway.startCheckout({
      order: {
        id: order.id,
        number: order.number,
        paymentGivenId: order.paymentGivenId,
        totalHalalas: order.totalHalalas,
        shippingHalalas: order.shippingHalalas,
        discountHalalas: order.discountHalalas,
        vatHalalas: order.vatHalalas,
        lines: (lines.get(order.id) ?? []).map((line) => ({
          sku: line.sku,
          title: lineTitle(line, lang),
          quantity: line.quantity,
          unitPriceHalalas: line.unitPriceHalalas,
        })),
        buyer: {
          name: user?.name ?? '',
          email: user?.email ?? '',
          phone: normalizeSaudiMobile(order.phone) ?? order.phone,
        },
        shipping: { city: order.city || 'الرياض', address: order.address, zip: order.postalCode },
      },
      lang,
      // One address for every outcome: the shop asks the provider what happened, whatever the address says.
      returnUrls: { success: back, cancel: back, failure: back },
      notifyUrl: flow.notifyPath && `${deps.origin()}${flow.notifyPath}`,
    }),
  );
  if (session.outcome === 'rejected') throw new AppError(402, flow.rejected);
  // Kept from now on, so that the reconciliation can ask about it if the shopper never returns.
  await recordSessionPayment(deps.db, gateway.name, order.id, {
    id: session.paymentId,
    amount: order.totalHalalas,
  });
  deps.log.info(
    { orderId: order.id, userId: shopperId, paymentId: session.paymentId, method },
    'pay-later session',
  );
  return { redirectUrl: session.redirectUrl ?? back };
}

/** Gives up an authorisation that will not pay its order; left for a later try when the provider cannot be reached. */
async function closeAuthorisation(
  gateway: PaymentGateway,
  deps: Pick<PayLaterDeps, 'log'>,
  payment: GatewayPayment,
) {
  try {
    await gateway.close(payment.id);
  } catch (error) {
    deps.log.error({ err: error, paymentId: payment.id }, 'closing a pay-later authorisation failed');
  }
}

/**
 * The payment as the provider knows it, acknowledged first when the shopper approved it and it
 * waits for the merchant (Tamara's `authorise`). Asked again (a webhook and the return at once),
 * the provider's refusal of a second acknowledgement is read as "already done": fetched again.
 */
async function fetchAcknowledged(gateway: PaymentGateway, paymentId: string): Promise<GatewayPayment> {
  const payment = await gateway.fetch(paymentId);
  if (!payment.awaitingMerchant || !gateway.authorise || payment.id !== paymentId) return payment;
  try {
    return await gateway.authorise(payment.id);
  } catch (error) {
    if (error instanceof ProviderRejectedError) return gateway.fetch(paymentId);
    throw error;
  }
}

/** A payment as the payments table keeps it: the provider's own status word. */
export const storedPayment = (p: GatewayPayment) => ({ ...p, status: p.providerStatus });

/**
 * Fetches a pay-later payment and settles its order: authorised (or captured) for the order's
 * total in SAR → the order is confirmed, once, whoever asks first; rejected or expired → the
 * order ends, its stock goes back, the cart stays; still pending → nothing changes (409).
 * An authorisation that cannot pay its order (wrong amount, the order already paid or ended)
 * is closed, so no money is taken. `userId`: the shopper asking, refused for another's order.
 */
export async function settlePayLater(
  deps: Omit<PayLaterDeps, 'origin'>,
  method: PayLaterMethod,
  paymentId: string,
  options: { userId?: string } = {},
): Promise<Settlement> {
  const gateway = gatewayOf(deps, method);
  const payment = await fetchAcknowledged(gateway, paymentId);
  const order =
    payment.orderId && UUID.test(payment.orderId) ? await findOrder(deps.db, payment.orderId) : null;
  if (!order || payment.id !== paymentId)
    return { ok: false, status: 404, code: 'PAYMENT_NOT_FOUND', order: null };
  if (options.userId !== undefined && order.userId !== options.userId)
    return { ok: false, status: 403, code: 'FORBIDDEN', order: null };
  if (payment.state === 'pending') return { ok: false, status: 409, code: 'PAYMENT_PENDING', order };

  const confirmed = SETTLED_STATES.has(payment.state);
  const matches = payment.amount === order.totalHalalas && payment.currency === 'SAR';
  if (!confirmed || !matches) {
    const ended = await deps.db.transaction(async (tx) => {
      await storePayment(tx, gateway.name, order.id, storedPayment(payment));
      return endUnpaidOrder(tx, order.id, payment.state === 'expired' ? 'expired' : 'failed');
    });
    if (ended) await announceStock(deps.changes, ended.units);
    if (confirmed) await closeAuthorisation(gateway, deps, payment);
    const current = ended?.order ?? (await findOrder(deps.db, order.id)) ?? order;
    if (current.paymentId === payment.id) return { ok: true, order: current };
    let code: ErrorCode = FLOWS[method].rejected;
    if (payment.state === 'expired') code = 'ORDER_EXPIRED';
    else if (confirmed) code = 'PAYMENT_AMOUNT_MISMATCH';
    return { ok: false, status: 402, code, order: current };
  }

  const result = await deps.db.transaction(async (tx) => {
    await storePayment(tx, gateway.name, order.id, storedPayment(payment));
    const paid = await payOrder(tx, deps.config, order.id, payment.id, method);
    if (paid) return { order: paid.order, sold: paid.units };
    return { order: (await lockOrder(tx, order.id)) ?? order, sold: [] };
  });
  await announceStock(deps.changes, result.sold);
  if (result.sold.length) deps.messages.kick();
  if (result.order.paymentId === payment.id) return { ok: true, order: result.order };
  // Paid by another payment, or ended before the provider answered: this authorisation takes nothing.
  await closeAuthorisation(gateway, deps, payment);
  const code: ErrorCode = result.order.status === 'paid' ? 'ORDER_ALREADY_PAID' : 'ORDER_EXPIRED';
  return { ok: false, status: 409, code, order: result.order };
}

/**
 * The shopper's return from the provider's page (Tabby's `?payment_id=`, Tamara's `?orderId=`):
 * the payment settles its order (the id names one order only, so no session is needed, as for
 * a webhook), and the shopper goes to their order when it is confirmed, else back to the cart,
 * which was kept, to pay by card.
 */
export async function payLaterReturn(
  deps: PayLaterDeps,
  method: PayLaterMethod,
  paymentId: string,
  lang: Lang,
): Promise<string> {
  const prefix = lang === 'en' ? '/en' : '';
  const settlement = await askGateway(() => settlePayLater(deps, method, paymentId));
  if (settlement.ok) return `${prefix}/order/details/${settlement.order.id}`;
  return `${prefix}/cart?payment=${settlement.code}`;
}

/**
 * A provider's webhook: refused (401 WEBHOOK_UNAUTHORIZED) unless it proves itself (Tabby's
 * header, Tamara's signed token), then settled like the return. 503 while the provider cannot
 * be reached, so that it sends it again.
 */
export async function receivePayLaterEvent(
  deps: PayLaterDeps,
  method: PayLaterMethod,
  request: WebhookRequest,
): Promise<OrderRow | null> {
  let paymentId: string | null;
  try {
    paymentId = await gatewayOf(deps, method).webhookPaymentId(request);
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError(401, 'WEBHOOK_UNAUTHORIZED');
  }
  if (!paymentId) return null;
  try {
    const settlement = await settlePayLater(deps, method, paymentId);
    deps.log.info({ paymentId, method, ok: settlement.ok }, 'pay-later webhook settled');
    return settlement.order;
  } catch (error) {
    if (error instanceof ProviderUnavailableError) throw new AppError(503, 'PAYMENT_PROVIDER_UNAVAILABLE');
    if (!(error instanceof ProviderNotFoundError || error instanceof ProviderRejectedError)) throw error;
    deps.log.warn({ err: error, paymentId, method }, 'webhook for a payment the provider does not know');
    return null;
  }
}

/** The simulator, or 404 PAYMENT_SANDBOX_DISABLED when payments are real. */
function simulatorOf(deps: PayLaterGateways, method: PayLaterMethod): PayLaterSimulator<never> {
  const gateway = deps[method];
  if (!(gateway instanceof PayLaterSimulator)) throw new AppError(404, 'PAYMENT_SANDBOX_DISABLED');
  return gateway as PayLaterSimulator<never>;
}

/** What the simulator's page shows: the payment, and where the shopper goes back once it is decided. */
export async function simulatedPayment(deps: PayLaterGateways, method: PayLaterMethod, paymentId: string) {
  const simulator = simulatorOf(deps, method);
  const payment = await askGateway(() => simulator.fetch(paymentId));
  return { payment, back: simulator.returnUrl(payment) };
}

/** The shopper's answer on the simulator's page; where the provider would send them (else the page again). */
export async function answerSimulator(
  deps: PayLaterGateways,
  method: PayLaterMethod,
  paymentId: string,
  answer: 'approve' | 'cancel',
): Promise<string | null> {
  const simulator = simulatorOf(deps, method);
  const { payment } = await simulatedPayment(deps, method, paymentId);
  return simulator.returnUrl(await simulator.decide(payment.id, answer));
}
