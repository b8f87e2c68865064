import {
  adminOrderStatuses,
  errorMessage,
  okMessage,
  type BulkFulfilmentAnswer,
  type ErrorCode,
  halalasToSar,
  isPayLater,
  safeTrackingUrl,
  type AdminOrder,
  type AdminOrderStatus,
  type AdminOrderSummary,
  type AdminOrderTimelineEntry,
  type Lang,
} from '@shop/contract';
import type { ShopSettings } from '../../modules/settings/service.ts';
import type { AdminOrderDetails, AdminOrderRow } from './orders-read.ts';
import { invoiceIssued, lineMoney, optionsOf, presentFulfilment, presentTotals } from '../orders/present.ts';
import { stepsAfter } from '../../modules/orders/lifecycle.ts';
import { captureActionAt, captureDeadline } from '../../modules/payments/capture-window.ts';
import { encodeZatcaTlv, orderInvoiceFields, zatcaQrImage, zatcaTime } from '../../modules/orders/zatca.ts';
import { orderNationalAddress } from '../../modules/orders/service.ts';

/** The status the back office shows, which the database keeps (`stage`, its CHECK lists them). */
export function adminStatusOf(stage: string): AdminOrderStatus {
  return (adminOrderStatuses as readonly string[]).includes(stage) ? (stage as AdminOrderStatus) : 'paid';
}

export function presentAdminSummary({ order, customer, items }: AdminOrderRow): AdminOrderSummary {
  return {
    id: order.id,
    number: order.number,
    createdAt: order.createdAt.toISOString(),
    status: adminStatusOf(order.stage),
    paidAt: order.paidAt?.toISOString() ?? null,
    paymentMethod: order.paymentMethod,
    delivered: order.received,
    customer,
    phone: order.phone,
    total: halalasToSar(order.totalHalalas),
    items,
  };
}

const POINT = /^\s*(-?\d{1,2}(?:\.\d+)?)\s*,\s*(-?\d{1,3}(?:\.\d+)?)\s*$/;

/**
 * An OpenStreetMap link to the order's `lat,lng` (what the address picker stores), or null when
 * the location is empty or not a point on the globe.
 */
export function mapUrlOf(location: string): string | null {
  const match = POINT.exec(location);
  if (!match) return null;
  const lat = Number(match[1]);
  const lng = Number(match[2]);
  if (Math.abs(lat) > 90 || Math.abs(lng) > 180) return null;
  return `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lng}#map=17/${lat}/${lng}`;
}

function timelineOf(details: AdminOrderDetails): AdminOrderTimelineEntry[] {
  const { order, staffNames } = details;
  const by = (id: string | null) => (id ? { id, name: staffNames.get(id) ?? '' } : null);
  const entries: AdminOrderTimelineEntry[] = [
    { event: 'created', at: order.createdAt.toISOString(), by: null },
  ];
  if (order.paidAt) entries.push({ event: 'paid', at: order.paidAt.toISOString(), by: null });
  // The fulfilment steps (a paid order's cancel among them), each with who took it.
  for (const e of details.events)
    entries.push({
      event: e.status,
      at: e.at?.toISOString() ?? null,
      by: by(e.staffId),
      ...(e.status === 'shipped' && {
        carrier: e.carrier,
        trackingNumber: e.trackingNumber,
        trackingUrl: safeTrackingUrl(e.trackingUrl) ?? '',
      }),
    });
  // An unpaid order cancelled by a member has no fulfilment step.
  if (order.cancelledAt && order.status === 'cancelled')
    entries.push({ event: 'cancelled', at: order.cancelledAt.toISOString(), by: by(order.cancelledBy) });
  if (order.status === 'failed' || order.status === 'expired')
    entries.push({ event: order.status, at: order.updatedAt.toISOString(), by: null });
  // Each refund that went through, in time order among the other events.
  for (const refund of details.refunds) {
    if (refund.status !== 'succeeded' || !refund.completedAt) continue;
    const at = refund.completedAt.toISOString();
    const entry = {
      event: 'refunded' as const,
      at,
      by: by(refund.staffId),
      amount: halalasToSar(refund.amountHalalas),
    };
    const later = entries.findIndex((e) => e.at !== null && e.at > at);
    if (later === -1) entries.push(entry);
    else entries.splice(later, 0, entry);
  }
  return entries;
}

/** A pay-later order's capture: its provider's deadline and what the shop does before it. */
function captureOf(order: AdminOrderDetails['order'], settings: ShopSettings): AdminOrder['capture'] {
  if (order.captureStatus === null || !order.paidAt || !isPayLater(order.paymentMethod)) return null;
  return {
    status: order.captureStatus,
    deadline: captureDeadline(order.paymentMethod, order.paidAt).toISOString(),
    actionAt: captureActionAt(order.paymentMethod, order.paidAt).toISOString(),
    action: settings.captureDeadlineAction,
  };
}

/** One order as the back office's details page reads it, in the member's language. */
export async function presentAdminOrder(
  details: AdminOrderDetails,
  lang: Lang,
  settings: ShopSettings,
  /** The QR code of the order's signed e-invoice (phase 2), when one was issued. */
  signedQr: string | null = null,
): Promise<Omit<AdminOrder, 'messages' | 'returns' | 'paymentCard'>> {
  const { order } = details;
  const summary = presentAdminSummary(details);
  let invoice: AdminOrder['invoice'] = null;
  if (invoiceIssued(order, signedQr)) {
    const fields = orderInvoiceFields({ ...order, paidAt: order.paidAt }, settings);
    const qr = signedQr ?? encodeZatcaTlv(fields);
    invoice = {
      sellerName: fields.sellerName,
      sellerNameEn: settings.sellerName.en,
      vatNumber: fields.vatNumber,
      invoiceNumber: order.number,
      invoiceTime: zatcaTime(order.paidAt),
      qr,
      signed: signedQr !== null,
      qrImage: await zatcaQrImage(qr),
    };
  }
  const status = summary.status;
  const fulfillable =
    (order.status === 'paid' || order.status === 'partially_refunded') && order.fulfilment !== 'cancelled';
  const next = fulfillable ? stepsAfter(order.fulfilment) : [];
  return {
    ...summary,
    address: order.address,
    nationalAddress: orderNationalAddress(order),
    location: order.location,
    mapUrl: mapUrlOf(order.location),
    note: order.note,
    expiresAt: order.expiresAt.toISOString(),
    shippedAt: order.shippedAt?.toISOString() ?? null,
    deliveredAt: order.deliveredAt?.toISOString() ?? null,
    cancelledAt: order.cancelledAt?.toISOString() ?? null,
    lines: details.lines.map((line) => ({
      id: line.id,
      productId: line.productId,
      name: lang === 'en' ? line.nameEn : line.nameAr,
      sku: line.sku,
      ...optionsOf(line, lang),
      image: line.image,
      unitPrice: halalasToSar(line.unitPriceHalalas),
      listPrice: halalasToSar(line.listPriceHalalas),
      quantity: line.quantity,
      ...lineMoney(line),
    })),
    totals: presentTotals(order),
    payments: details.payments.map((p) => ({
      id: p.id,
      provider: p.provider,
      status: p.status,
      amount: halalasToSar(p.amountHalalas),
      message: p.message,
      paidTheOrder: p.id === order.paymentId,
      createdAt: p.createdAt.toISOString(),
    })),
    timeline: timelineOf(details),
    fulfilment: presentFulfilment(order, details.events, settings, lang),
    can: {
      ship: next.includes('shipped'),
      deliver: next.includes('delivered'),
      cancel: status === 'awaiting_payment',
      refund: order.status === 'paid' || order.status === 'partially_refunded',
      fulfil: next,
      // Before shipping; or cancelled already with its refund not through yet (pressing again finishes it).
      cancelPaid:
        next.includes('shipped') ||
        (order.fulfilment === 'cancelled' &&
          (order.status === 'paid' || order.status === 'partially_refunded') &&
          order.refundedHalalas < order.totalHalalas),
      captureNow:
        order.captureStatus !== null && (order.fulfilment === 'shipped' || order.fulfilment === 'delivered'),
      capturePart: order.captureStatus === 'awaiting' && order.fulfilment !== 'cancelled',
    },
    capture: captureOf(order, settings),
    invoice,
  };
}

/** A bulk change's outcome as the member reads it: each refusal with its message in their language. */
export function presentBulkOutcome(
  outcome: { moved: number[]; refused: { number: number; code: ErrorCode }[] },
  lang: Lang,
): BulkFulfilmentAnswer {
  return {
    ...okMessage('ORDERS_FULFILMENT_CHANGED', lang),
    moved: outcome.moved,
    refused: outcome.refused.map((r) => ({ ...r, message: errorMessage(r.code, lang) })),
  };
}
