import { apiPaths, type ErrorCode, type Lang } from '@shop/contract';
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
} from '../../modules/payments/provider.ts';
import { recordSessionPayment, storePayment } from '../../modules/payments/service.ts';
import { TabbySimulator } from '../../modules/payments/tabby-sandbox.ts';
import { SETTLED_STATES } from '../../modules/payments/state.ts';
import { findUserById } from '../../modules/users/service.ts';
import { storedPayment } from './pay-later.ts';
import { refusal } from './sandbox-payment.ts';
import type { PaymentDeps, Settlement } from './settle-payment.ts';
import { announceStock, endUnpaidOrder, payOrder } from './steps.ts';

/**
 * Paying an order with Tabby's pay in 4 (decision 241): a session at Tabby (or its simulator)
 * sends the shopper to Tabby's page; whatever brings the payment back (the shopper's return, a
 * webhook, before or after it, or instead of it), the payment is fetched from Tabby and settles
 * its order once. An authorised payment confirms the order as a paid card does; the money is
 * captured when the order ships.
 */

export type TabbyDeps = Omit<PaymentDeps, 'provider'> &
  Pick<Shop, 'origin'> & { tabby: PaymentGateway | null };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function gatewayOf(deps: Pick<TabbyDeps, 'tabby'>): PaymentGateway {
  if (!deps.tabby) throw new AppError(404, 'PAYMENT_METHOD_UNAVAILABLE');
  return deps.tabby;
}

/** Provider failures as the shopper's answer: 404 unknown payment, 503 try again later. */
async function askTabby<T>(call: () => Promise<T>): Promise<T> {
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
 * Starts paying the shopper's order with Tabby: the order must still be payable (as for a
 * card); Tabby is told its lines, buyer and shipping address. Answers where to send the
 * shopper; 402 TABBY_REJECTED when Tabby's pre-scoring refuses (nothing changes: the order
 * can still be paid by card), 404 PAYMENT_METHOD_UNAVAILABLE without Tabby.
 */
export async function startTabbyCheckout(
  deps: TabbyDeps,
  shopperId: string,
  invoiceId: string,
  lang: Lang,
  now = new Date(),
): Promise<{ redirectUrl: string }> {
  const tabby = gatewayOf(deps);
  const order = await findOrder(deps.db, invoiceId);
  if (!order || order.userId !== shopperId) throw notFound('ORDER_NOT_FOUND');
  const refused = refusal(order, now);
  if (refused) throw refused;
  const [lines, user] = await Promise.all([
    linesOfOrders(deps.db, [order.id]),
    findUserById(deps.db, shopperId),
  ]);
  const back = `${deps.origin()}${apiPaths.tabbyReturn.build({})}?lang=${lang}`;
  const session = await askTabby(() =>
    tabby.startCheckout({
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
      // One address for every outcome: the shop asks Tabby what happened, whatever the address says.
      returnUrls: { success: back, cancel: back, failure: back },
    }),
  );
  if (session.outcome === 'rejected') throw new AppError(402, 'TABBY_REJECTED');
  // Kept from now on, so that the reconciliation can ask about it if the shopper never returns.
  await recordSessionPayment(deps.db, tabby.name, order.id, {
    id: session.paymentId,
    amount: order.totalHalalas,
  });
  deps.log.info({ orderId: order.id, userId: shopperId, paymentId: session.paymentId }, 'tabby session');
  return { redirectUrl: session.redirectUrl ?? back };
}

/** Gives up an authorisation that will not pay its order; left for a later try when the provider cannot be reached. */
async function closeAuthorisation(
  deps: SettleDeps,
  gateway: PaymentGateway,
  payment: GatewayPayment,
): Promise<void> {
  try {
    await gateway.close(payment.id);
  } catch (error) {
    deps.log.error({ err: error, paymentId: payment.id }, 'closing a Tabby authorisation failed');
  }
}

/**
 * Fetches a Tabby payment and settles its order: authorised (or captured) for the order's
 * total in SAR → the order is confirmed, once, whoever asks first; rejected or expired → the
 * order ends, its stock goes back, the cart stays; still pending → nothing changes (409).
 * An authorisation that cannot pay its order (wrong amount, the order already paid or ended)
 * is closed, so no money is taken. `userId`: the shopper asking, refused for another's order.
 */
export async function settleTabbyPayment(
  deps: TabbyDeps,
  paymentId: string,
  options: { userId?: string } = {},
): Promise<Settlement> {
  return settlePayLaterPayment(deps, gatewayOf(deps), paymentId, options);
}

/** What settling a pay-later payment needs: the shop's database, stock changes, messages and log. */
type SettleDeps = Omit<PaymentDeps, 'provider'>;

/**
 * `settleTabbyPayment` for any pay-later gateway: the reconciliation settles the payments of
 * orders left waiting this way, whichever provider took them.
 */
export async function settlePayLaterPayment(
  deps: SettleDeps,
  tabby: PaymentGateway,
  paymentId: string,
  options: { userId?: string } = {},
): Promise<Settlement> {
  const payment = await tabby.fetch(paymentId);
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
      await storePayment(tx, tabby.name, order.id, storedPayment(payment));
      return endUnpaidOrder(tx, order.id, payment.state === 'expired' ? 'expired' : 'failed');
    });
    if (ended) await announceStock(deps.changes, ended.units);
    if (confirmed) await closeAuthorisation(deps, tabby, payment);
    const current = ended?.order ?? (await findOrder(deps.db, order.id)) ?? order;
    if (current.paymentId === payment.id) return { ok: true, order: current };
    let code: ErrorCode = 'TABBY_REJECTED';
    if (payment.state === 'expired') code = 'ORDER_EXPIRED';
    else if (confirmed) code = 'PAYMENT_AMOUNT_MISMATCH';
    return { ok: false, status: 402, code, order: current };
  }

  const result = await deps.db.transaction(async (tx) => {
    await storePayment(tx, tabby.name, order.id, storedPayment(payment));
    const paid = await payOrder(tx, deps.config, order.id, payment.id, tabby.method);
    if (paid) return { order: paid.order, sold: paid.units };
    return { order: (await lockOrder(tx, order.id)) ?? order, sold: [] };
  });
  await announceStock(deps.changes, result.sold);
  if (result.sold.length) deps.messages.kick();
  if (result.order.paymentId === payment.id) return { ok: true, order: result.order };
  // Paid by another payment, or ended before Tabby answered: this authorisation takes nothing.
  await closeAuthorisation(deps, tabby, payment);
  const code: ErrorCode = result.order.status === 'paid' ? 'ORDER_ALREADY_PAID' : 'ORDER_EXPIRED';
  return { ok: false, status: 409, code, order: result.order };
}

/**
 * The shopper's return from Tabby's page (`?payment_id=`): the payment settles its order (the
 * id names one order only, so no session is needed, as for a webhook), and the shopper goes to
 * their order when it is confirmed, else back to the cart, which was kept, to pay by card.
 */
export async function tabbyReturn(deps: TabbyDeps, paymentId: string, lang: Lang): Promise<string> {
  const prefix = lang === 'en' ? '/en' : '';
  const settlement = await askTabby(() => settleTabbyPayment(deps, paymentId));
  if (settlement.ok) return `${prefix}/order/details/${settlement.order.id}`;
  return `${prefix}/cart?payment=${settlement.code}`;
}

/**
 * Tabby's webhook: refused (401 WEBHOOK_UNAUTHORIZED) unless it carries the shop's header, then
 * settled like the return. 503 while Tabby cannot be reached, so that Tabby sends it again.
 */
export async function receiveTabbyEvent(
  deps: TabbyDeps,
  headers: Readonly<Record<string, unknown>>,
  body: unknown,
): Promise<OrderRow | null> {
  let paymentId: string | null;
  try {
    paymentId = gatewayOf(deps).webhookPaymentId(headers, body);
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError(401, 'WEBHOOK_UNAUTHORIZED');
  }
  if (!paymentId) return null;
  try {
    const settlement = await settleTabbyPayment(deps, paymentId);
    deps.log.info({ paymentId, ok: settlement.ok }, 'tabby webhook settled');
    return settlement.order;
  } catch (error) {
    if (error instanceof ProviderUnavailableError) throw new AppError(503, 'PAYMENT_PROVIDER_UNAVAILABLE');
    if (!(error instanceof ProviderNotFoundError || error instanceof ProviderRejectedError)) throw error;
    deps.log.warn({ err: error, paymentId }, 'webhook for a payment Tabby does not know');
    return null;
  }
}

/** The simulator, or 404 PAYMENT_SANDBOX_DISABLED when payments are real. */
function simulatorOf(deps: Pick<TabbyDeps, 'tabby'>): TabbySimulator {
  if (!(deps.tabby instanceof TabbySimulator)) throw new AppError(404, 'PAYMENT_SANDBOX_DISABLED');
  return deps.tabby;
}

/** What the simulator's page shows: the payment, and where the shopper goes back once it is decided. */
export async function simulatedPayment(deps: Pick<TabbyDeps, 'tabby'>, paymentId: string) {
  const simulator = simulatorOf(deps);
  const payment = await askTabby(() => simulator.fetch(paymentId));
  return { payment, back: TabbySimulator.returnUrl(payment) };
}

/** The shopper's answer on the simulator's page; where Tabby would send them (else the page again). */
export async function answerSimulator(
  deps: Pick<TabbyDeps, 'tabby'>,
  paymentId: string,
  answer: 'approve' | 'cancel',
): Promise<string | null> {
  const simulator = simulatorOf(deps);
  const { payment } = await simulatedPayment(deps, paymentId);
  return TabbySimulator.returnUrl(await simulator.decide(payment.id, answer));
}
