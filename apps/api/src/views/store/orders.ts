import {
  halalasToSar,
  type Lang,
  type Order,
  type OrderLine,
  type OrdersPage,
  type OrderWithPayment,
  type PayInvoiceAnswer,
  type PaymentForm,
  type SavedCard,
  payLaterEligible,
} from '@shop/contract';
import type { Db } from '../../db/client.ts';
import type { Shop } from '../../lib/shop.ts';
import { signedQrOf } from '../../modules/einvoices/service.ts';
import { callbackUrlFor } from '../../modules/orders/callback-url.ts';
import type { OrderRow } from '../../modules/orders/lifecycle.ts';
import {
  findOrder,
  fulfilmentEventsOf,
  linesOfOrders,
  listOrders,
  type OrderLineRow,
} from '../../modules/orders/service.ts';
import type { PaymentKeys } from '../../modules/payments/keys.ts';
import {
  cardsOfPayments,
  cardExpired,
  savedCardsOf,
  stcPayWaiting,
  type SavedCardRow,
} from '../../modules/payments/service.ts';
import { refundsOfOrders } from '../../modules/refunds/service.ts';
import { getSettings } from '../../modules/settings/service.ts';
import { presentLine, presentOrder, presentOrdersPage } from '../orders/present.ts';
import { returnsOfOrders } from '../../modules/returns/service.ts';
import { presentOrderReturns } from '../returns/present.ts';
import { reviewedProducts } from '../../modules/reviews/service.ts';
import type { OwnRead } from '../owned.ts';

/**
 * A shopper's orders as the API's order calls and the storefront's account and payment pages
 * show them. The callers give the shopper whose session asks; an order is compared with its
 * owner here, once (`OwnRead`).
 */

/** What the payment form is built from: the shop's configuration and origin, and the keys and methods in use. */
export type PaymentFormDeps = Pick<Shop, 'db' | 'config' | 'origin'> & {
  paymentKeys: Pick<PaymentKeys, 'get' | 'offered'>;
};

async function own(db: Db, shopperId: string, orderId: string): Promise<OwnRead<OrderRow>> {
  const order = await findOrder(db, orderId);
  if (!order) return 'none';
  return order.userId === shopperId ? { value: order } : 'not-yours';
}

async function presented(db: Db, order: OrderRow, lang: Lang): Promise<Order> {
  const [lines, refunds, events, settings, signedQr, returns, cards] = await Promise.all([
    linesOfOrders(db, [order.id]),
    refundsOfOrders(db, [order.id]),
    fulfilmentEventsOf(db, [order.id]),
    getSettings(db),
    signedQrOf(db, { orderId: order.id }),
    returnsOfOrders(db, [order.id]),
    cardsOfPayments(db, order.paymentId ? [order.paymentId] : []),
  ]);
  const orderLines = lines.get(order.id) ?? [];
  // Only a delivered order's products can be rated: its page says which are rated already.
  const reviewed =
    order.fulfilment === 'delivered'
      ? await reviewedProducts(
          db,
          order.userId,
          orderLines.map((l) => l.productId),
        )
      : [];
  const data = {
    lines: orderLines,
    refunds: refunds.get(order.id) ?? [],
    events: events.get(order.id) ?? [],
  };
  return {
    ...(await presentOrder(order, data, lang, settings, signedQr)),
    paymentCard: (order.paymentId && cards.get(order.paymentId)) || null,
    returns: presentOrderReturns(order, { ...data, returns }, settings.returnHours, lang),
    reviewedProductIds: reviewed,
  };
}

/** Apple Pay is offered once the owner gave the domain's verification file (decision 243). */
function applePayReady(config: PaymentFormDeps['config']): boolean {
  return Boolean(config.applePay.domainAssociation || config.applePay.domainAssociationFile);
}

/** A saved card as the shopper sees it: never the token. */
export function presentSavedCard(card: SavedCardRow, now = new Date()): SavedCard {
  return {
    id: card.id,
    brand: card.brand,
    lastFour: card.lastFour,
    month: card.month,
    year: card.year,
    name: card.name,
    expired: cardExpired(card, now),
  };
}

/**
 * The shopper's saved cards at the provider in use (the sandbox's while payments are simulated),
 * the expired ones too: the account's page lists them to be deleted.
 */
export async function shopperSavedCards(
  deps: Pick<Shop, 'db' | 'config'>,
  shopperId: string,
  now = new Date(),
): Promise<SavedCard[]> {
  const rows = await savedCardsOf(deps.db, shopperId, deps.config.paymentSandbox ? 'sandbox' : 'moyasar');
  return rows.map((row) => presentSavedCard(row, now));
}

/** What the card form needs to pay `order`: the same every time it is asked for. */
export function paymentForm(deps: PaymentFormDeps, order: OrderRow, lang: Lang): PaymentForm {
  const sandbox = deps.config.paymentSandbox;
  const offered = deps.paymentKeys.offered();
  return {
    provider: sandbox ? 'sandbox' : 'moyasar',
    sandbox,
    ...(!sandbox && { publishableKey: deps.paymentKeys.get('publishableKey') }),
    amount: order.totalHalalas,
    currency: 'SAR',
    description: order.note || (lang === 'en' ? `Order ${order.number}` : `طلب رقم ${order.number}`),
    given_id: order.paymentGivenId,
    callbackUrl: callbackUrlFor(deps, lang),
    methods: [
      ...(offered.includes('card') ? (['creditcard'] as const) : []),
      ...(applePayReady(deps.config) && offered.includes('applepay') ? (['applepay'] as const) : []),
    ],
    card: offered.includes('card'),
    applepay: offered.includes('applepay'),
    stcpay: offered.includes('stcpay'),
    tabby: offered.includes('tabby') && payLaterEligible('tabby', order.totalHalalas),
    tamara: offered.includes('tamara') && payLaterEligible('tamara', order.totalHalalas),
    supportedNetworks: ['mada', 'visa', 'mastercard'],
    metadata: { order_id: order.id },
  };
}

/** One page of the shopper's orders, newest first. */
export async function shopperOrdersPage(
  db: Db,
  shopperId: string,
  page: number,
  pageSize: number,
  lang: Lang,
): Promise<OrdersPage> {
  const result = await listOrders(db, shopperId, page, pageSize);
  const ids = result.orders.map((o) => o.order.id);
  const paymentIds = result.orders.flatMap((o) => (o.order.paymentId ? [o.order.paymentId] : []));
  const [refunds, events, settings, cards] = await Promise.all([
    refundsOfOrders(db, ids),
    fulfilmentEventsOf(db, ids),
    getSettings(db),
    cardsOfPayments(db, paymentIds),
  ]);
  const presented = await presentOrdersPage(result, refunds, events, lang, settings);
  const paymentIdOf = new Map(result.orders.map((o) => [o.order.id, o.order.paymentId]));
  return {
    ...presented,
    invoices: presented.invoices.map((invoice) => {
      const paymentId = paymentIdOf.get(invoice.invoiceId);
      return { ...invoice, paymentCard: (paymentId && cards.get(paymentId)) || null };
    }),
  };
}

/** One of the shopper's orders (the order details page). */
export async function shopperOrder(
  db: Db,
  shopperId: string,
  orderId: string,
  lang: Lang,
): Promise<OwnRead<Order>> {
  const read = await own(db, shopperId, orderId);
  return typeof read === 'object' ? { value: await presented(db, read.value, lang) } : read;
}

/** The lines of one of the shopper's orders. */
export async function shopperOrderLines(
  db: Db,
  shopperId: string,
  orderId: string,
  lang: Lang,
): Promise<OwnRead<OrderLine[]>> {
  const read = await own(db, shopperId, orderId);
  if (typeof read !== 'object') return read;
  const lines = (await linesOfOrders(db, [read.value.id])).get(read.value.id) ?? [];
  return { value: lines.map((line) => presentLine(line, lang)) };
}

/**
 * One of the shopper's orders, and while it can still be paid (awaiting payment, not expired)
 * what the card form needs: the payment page reads it on every load, so a reload, a second tab
 * or the back button show the same order and pay it with the same `given_id`.
 */
export async function shopperOrderWithPayment(
  deps: PaymentFormDeps,
  shopperId: string,
  orderId: string,
  lang: Lang,
): Promise<OwnRead<OrderWithPayment>> {
  const read = await own(deps.db, shopperId, orderId);
  if (typeof read !== 'object') return read;
  const order = read.value;
  const shown = await presented(deps.db, order, lang);
  const payable = shown.status === 'awaiting_payment' && order.expiresAt.getTime() > Date.now();
  if (!payable) return { value: { ...shown, payment: null, savedCards: [], stcpayCodeSent: false } };
  const [cards, stcpayCodeSent] = await Promise.all([
    shopperSavedCards(deps, shopperId),
    stcPayWaiting(deps.db, order.paymentGivenId),
  ]);
  // The payment page offers only the cards that can still pay.
  const savedCards = cards.filter((card) => !card.expired);
  return { value: { ...shown, payment: paymentForm(deps, order, lang), savedCards, stcpayCodeSent } };
}

/** What placing an order answers: the order as placed, and what its card form needs. */
export async function placedOrder(
  deps: PaymentFormDeps,
  { order, lines }: { order: OrderRow; lines: OrderLineRow[] },
  lang: Lang,
): Promise<PayInvoiceAnswer> {
  const payment = paymentForm(deps, order, lang);
  return {
    invoiceId: order.id,
    number: order.number,
    amount: order.totalHalalas,
    amountSar: halalasToSar(order.totalHalalas),
    currency: 'SAR',
    given_id: order.paymentGivenId,
    description: payment.description,
    expiresAt: order.expiresAt.toISOString(),
    payment,
    invoice: await presentOrder(order, { lines, refunds: [], events: [] }, lang, await getSettings(deps.db)),
  };
}
