import type { GatewayName } from '../../modules/payments/provider.ts';
import {
  halalasToSar,
  type AdminRefund,
  type CreditNote,
  type Lang,
  type OrderRefund,
  type OrderRefunds,
  type OrderStatusName,
} from '@shop/contract';
import type { ShopSettings } from '../../modules/settings/service.ts';
import type { OrderRow } from '../../modules/orders/lifecycle.ts';
import { lineTitle, type OrderLineRow } from '../../modules/orders/service.ts';
import { encodeZatcaTlv, vatIncluded, zatcaQrImage, zatcaSeller } from '../../modules/orders/zatca.ts';
import { returnedByLine, type RefundRow } from '../../modules/refunds/service.ts';

/** Refunds as the shopper's order, the back office and the credit note show them. */

const lineName = (line: OrderLineRow | undefined, lang: Lang) => (line ? lineTitle(line, lang) : '');

/** The shopper's view: succeeded refunds only (a pending or refused one gave nothing back). */
export function presentOrderRefunds(rows: RefundRow[]): OrderRefund[] {
  return rows
    .filter((r) => r.status === 'succeeded' && r.creditNoteNumber !== null && r.completedAt !== null)
    .map((r) => ({
      id: r.id,
      amount: halalasToSar(r.amountHalalas),
      date: r.completedAt!.toISOString(),
      reason: r.reason,
      creditNoteNumber: r.creditNoteNumber!,
    }));
}

export function presentAdminRefund(row: RefundRow, lines: OrderLineRow[], lang: Lang): AdminRefund {
  return {
    id: row.id,
    status: row.status,
    amount: halalasToSar(row.amountHalalas),
    reason: row.reason,
    returnStock: row.returnStock.map((u) => ({
      lineId: u.lineId,
      productName: lineName(
        lines.find((l) => l.id === u.lineId),
        lang,
      ),
      quantity: u.quantity,
    })),
    actor: row.actor,
    createdAt: row.createdAt.toISOString(),
    completedAt: row.completedAt?.toISOString() ?? null,
    creditNoteNumber: row.creditNoteNumber,
    error: row.error,
  };
}

export function presentRefundsOfOrder(
  input: {
    order: OrderRow;
    status: OrderStatusName;
    lines: OrderLineRow[];
    refunds: RefundRow[];
    customer: { name: string; email: string };
    provider: GatewayName | null;
  },
  lang: Lang,
): OrderRefunds {
  const { order, lines, refunds } = input;
  const returned = returnedByLine(refunds);
  const paid = order.paymentId !== null && ['paid', 'shipped', 'partially_refunded'].includes(order.status);
  return {
    orderId: order.id,
    number: order.number,
    status: input.status,
    customerName: input.customer.name,
    customerEmail: input.customer.email,
    paidAt: order.paidAt?.toISOString() ?? null,
    provider: input.provider,
    total: halalasToSar(order.totalHalalas),
    refunded: halalasToSar(order.refundedHalalas),
    refundable: paid ? halalasToSar(order.totalHalalas - order.refundedHalalas) : 0,
    lines: lines.map((l) => ({
      id: l.id,
      productId: l.productId,
      productName: lineName(l, lang),
      unitPrice: halalasToSar(l.unitPriceHalalas),
      quantity: l.quantity,
      paid: halalasToSar(l.unitPriceHalalas * l.quantity - l.codeDiscountHalalas),
      returned: returned.get(l.id) ?? 0,
    })),
    refunds: [...refunds].reverse().map((r) => presentAdminRefund(r, lines, lang)),
  };
}

/**
 * The simplified credit note of a succeeded refund. Its QR code has the invoice's five TLV
 * fields with the credit note's own values: the time of the refund, the refunded amount and
 * the VAT in it; the seller name is the registered (Arabic) one in both languages.
 */
export async function presentCreditNote(
  input: {
    order: OrderRow;
    refund: RefundRow;
    lines: OrderLineRow[];
    customerName: string;
    settings: ShopSettings;
    /** The QR code of the refund's signed credit note (phase 2), when one was issued. */
    signedQr?: string | null;
  },
  lang: Lang,
): Promise<CreditNote | null> {
  const { order, refund, lines, settings } = input;
  if (refund.status !== 'succeeded' || refund.creditNoteNumber === null || refund.completedAt === null)
    return null;
  const vat = vatIncluded(refund.amountHalalas);
  const signedQr = input.signedQr ?? null;
  const qr =
    signedQr ??
    encodeZatcaTlv({
      ...zatcaSeller(settings),
      time: refund.completedAt,
      totalHalalas: refund.amountHalalas,
      vatHalalas: vat,
    });
  return {
    refundId: refund.id,
    orderId: order.id,
    number: refund.creditNoteNumber,
    invoiceNumber: order.number,
    issuedAt: refund.completedAt.toISOString(),
    invoiceDate: (order.paidAt ?? order.createdAt).toISOString(),
    sellerName: settings.sellerName[lang],
    vatNumber: settings.taxNumber,
    customerName: input.customerName,
    reason: refund.reason,
    total: halalasToSar(refund.amountHalalas),
    vat: halalasToSar(vat),
    totalExVat: halalasToSar(refund.amountHalalas - vat),
    returnedLines: refund.returnStock.map((u) => ({
      productName: lineName(
        lines.find((l) => l.id === u.lineId),
        lang,
      ),
      quantity: u.quantity,
    })),
    qr,
    qrImage: await zatcaQrImage(qr),
    signed: signedQr !== null,
  };
}
