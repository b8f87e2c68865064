import {
  halalasToSar,
  safeTrackingUrl,
  type Lang,
  type OrderFulfilment,
  type Order,
  type OrderLine,
  type OrdersPage,
  type OrderStatusName,
  type OrderTotals,
} from '@shop/contract';
import type { ShopSettings } from '../../modules/settings/service.ts';
import type { FulfilmentEventRow, OrderRow } from '../../modules/orders/lifecycle.ts';
import {
  lineOptions,
  linePaidHalalas,
  orderNationalAddress,
  type OrderLineRow,
} from '../../modules/orders/service.ts';

/** A line's `options` field, left out for a product without options. */
export function optionsOf(line: OrderLineRow, lang: Lang): { options?: string } {
  const options = lineOptions(line, lang);
  return options === undefined ? {} : { options };
}
import { presentOrderRefunds } from '../refunds/present.ts';
import type { RefundRow } from '../../modules/refunds/service.ts';
import { encodeZatcaTlv, orderInvoiceFields, zatcaQrImage, zatcaTime } from '../../modules/orders/zatca.ts';

/**
 * A line's money: its total at the price charged per unit, the discount code's share of it, and
 * what was paid for it (what a refund of the whole line gives back).
 */
export function lineMoney(line: Pick<OrderLineRow, 'unitPriceHalalas' | 'quantity' | 'codeDiscountHalalas'>) {
  const total = line.unitPriceHalalas * line.quantity;
  return {
    lineTotal: halalasToSar(total),
    codeDiscount: halalasToSar(line.codeDiscountHalalas),
    linePaid: halalasToSar(linePaidHalalas(line)),
  };
}

export function presentLine(line: OrderLineRow, lang: Lang): OrderLine {
  return {
    productId: line.productId,
    productName: lang === 'en' ? line.nameEn : line.nameAr,
    sku: line.sku,
    ...optionsOf(line, lang),
    productDescripition: lang === 'en' ? line.descriptionEn : line.descriptionAr,
    productImage: line.image,
    productPrice: halalasToSar(line.unitPriceHalalas),
    productListPrice: halalasToSar(line.listPriceHalalas),
    quantity: line.quantity,
    ...lineMoney(line),
  };
}

/** An order's totals in SAR, as the shopper and the back office see them. */
export function presentTotals(
  order: Pick<
    OrderRow,
    | 'subtotalHalalas'
    | 'discountHalalas'
    | 'shippingHalalas'
    | 'vatHalalas'
    | 'totalHalalas'
    | 'discountCode'
    | 'codeDiscountHalalas'
    | 'shippingWaivedHalalas'
  >,
): OrderTotals {
  return {
    subtotal: halalasToSar(order.subtotalHalalas),
    discount: halalasToSar(order.discountHalalas),
    discountCode: order.discountCode,
    codeDiscount: halalasToSar(order.codeDiscountHalalas),
    shippingWaived: halalasToSar(order.shippingWaivedHalalas),
    shipping: halalasToSar(order.shippingHalalas),
    vat: halalasToSar(order.vatHalalas),
    total: halalasToSar(order.totalHalalas),
    currency: 'SAR',
  };
}

/**
 * Where a paid order is, as the shopper reads it: its status and each step so far with its date,
 * named by the owner's labels in `lang`, and the shipment's tracking (a link only when it is an
 * https address).
 */
export function presentFulfilment(
  order: Pick<OrderRow, 'fulfilment'>,
  events: FulfilmentEventRow[],
  settings: Pick<ShopSettings, 'fulfilmentLabels'>,
  lang: Lang,
): OrderFulfilment {
  const labels = settings.fulfilmentLabels;
  const status = order.fulfilment === 'unfulfilled' ? null : order.fulfilment;
  const shipment = events.findLast((e) => e.status === 'shipped');
  return {
    status,
    label: status ? labels[status][lang] : null,
    timeline: events.map((e) => ({
      status: e.status,
      label: labels[e.status][lang],
      at: e.at?.toISOString() ?? null,
    })),
    carrier: shipment?.carrier || null,
    trackingNumber: shipment?.trackingNumber || null,
    trackingUrl: safeTrackingUrl(shipment?.trackingUrl),
  };
}

/** One page of a shopper's orders, as `listOrders` read it. */
export async function presentOrdersPage(
  result: { orders: { order: OrderRow; lines: OrderLineRow[] }[]; pageCount: number; rawCount: number },
  refunds: Map<string, RefundRow[]>,
  events: Map<string, FulfilmentEventRow[]>,
  lang: Lang,
  settings: ShopSettings,
): Promise<OrdersPage> {
  return {
    invoices: await Promise.all(
      result.orders.map(({ order, lines }) =>
        presentOrder(
          order,
          { lines, refunds: refunds.get(order.id) ?? [], events: events.get(order.id) ?? [] },
          lang,
          settings,
        ),
      ),
    ),
    pagging: { pageCount: result.pageCount, rawCount: result.rawCount },
  };
}

/** The status a shopper and the back office see: a paid order the shopper received is `delivered`. */
export function statusOf(order: Pick<OrderRow, 'status' | 'received'>): OrderStatusName {
  return order.status === 'paid' && order.received ? 'delivered' : order.status;
}

/** Statuses of an order that was paid: its simplified tax invoice stands, refunds or not. */
const INVOICED = new Set<OrderRow['status']>(['paid', 'shipped', 'partially_refunded', 'refunded']);

/**
 * Whether a paid order has its invoice: a card's from its payment; a Tabby or Tamara order's from its
 * shipping, when its payment is captured (the supply, decision 240), or once one was signed.
 */
export function invoiceIssued(
  order: Pick<OrderRow, 'paidAt' | 'paymentMethod' | 'fulfilment'>,
  signedQr: string | null,
): order is typeof order & { paidAt: Date } {
  if (!order.paidAt) return false;
  if (!['tabby', 'tamara'].includes(order.paymentMethod) || signedQr !== null) return true;
  return order.fulfilment === 'shipped' || order.fulfilment === 'delivered';
}

/**
 * An order as the API answers it. Paid orders carry the ZATCA QR code of their simplified tax
 * invoice (the signed e-invoice's when there is one, phase 1's otherwise); its seller name is the Arabic one (the registered name), whatever the language.
 * `refunds` are the order's refund rows (any status): the answer lists the succeeded ones;
 * `events` its fulfilment steps, oldest first.
 */
export async function presentOrder(
  order: OrderRow,
  { lines, refunds, events }: { lines: OrderLineRow[]; refunds: RefundRow[]; events: FulfilmentEventRow[] },
  lang: Lang,
  settings: ShopSettings,
  /** The QR code of the order's signed e-invoice (phase 2), when one was issued. */
  signedQr: string | null = null,
): Promise<Order> {
  let zatca: Order['zatca'] = null;
  if (INVOICED.has(order.status) && invoiceIssued(order, signedQr)) {
    const fields = orderInvoiceFields({ ...order, paidAt: order.paidAt }, settings);
    const qr = signedQr ?? encodeZatcaTlv(fields);
    zatca = {
      sellerName: fields.sellerName,
      vatNumber: fields.vatNumber,
      invoiceTime: zatcaTime(order.paidAt),
      qr,
      signed: signedQr !== null,
      qrImage: await zatcaQrImage(qr),
    };
  }
  return {
    invoiceId: order.id,
    number: order.number,
    invoiceDate: order.createdAt.toISOString(),
    invoiceReceived: order.received,
    invoiceUserAdress: order.address,
    address: order.address,
    phone: order.phone,
    location: order.location,
    nationalAddress: orderNationalAddress(order),
    note: order.note,
    status: statusOf(order),
    expiresAt: order.expiresAt.toISOString(),
    paidAt: order.paidAt?.toISOString() ?? null,
    paymentMethod: order.paymentMethod,
    totals: presentTotals(order),
    products: lines.map((line) => presentLine(line, lang)),
    zatca,
    refundedAmount: halalasToSar(order.refundedHalalas),
    refunds: presentOrderRefunds(refunds),
    fulfilment: presentFulfilment(order, events, settings, lang),
  };
}
