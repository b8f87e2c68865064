import type { Tx } from '../../db/client.ts';
import { issueDocument, type SealingConfig } from '../../modules/einvoices/service.ts';
import type { OrderRow } from '../../modules/orders/lifecycle.ts';
import { lineTitle, linesOfOrders, type OrderLineRow } from '../../modules/orders/service.ts';
import type { RefundRow } from '../../modules/refunds/service.ts';

/**
 * The e-invoices of checkout and refunds, issued inside the transaction that records the
 * payment or the refund (so a paid order always has its invoice, and a rolled-back payment
 * none). When no signing unit is onboarded nothing is issued and the shop prints the phase 1
 * QR code, as before e-invoicing.
 */

/** An order's invoice number on its documents: the order number. */
export function invoiceNumberOf(order: Pick<OrderRow, 'number'>): string {
  return String(order.number);
}

/**
 * The simplified tax invoice of an order that has just been paid. Lines are at the unit price
 * charged (offer prices are already in it); the shipping fee charged is the document's charge;
 * a discount code's share of the products is one document-level allowance (decision 222), so
 * PayableAmount is exactly the order's total.
 */
export async function issueOrderInvoice(tx: Tx, config: SealingConfig, order: OrderRow) {
  const lines = (await linesOfOrders(tx, [order.id])).get(order.id) ?? [];
  return issueDocument(tx, config, {
    kind: 'invoice',
    orderId: order.id,
    number: invoiceNumberOf(order),
    issuedAt: order.paidAt ?? new Date(),
    ...invoiceContentOf(order, lines),
  });
}

/** What an order's invoice charges: its lines, the shipping charged, the code's allowance. */
export function invoiceContentOf(
  order: Pick<OrderRow, 'shippingHalalas' | 'codeDiscountHalalas' | 'discountCode'>,
  lines: Pick<
    OrderLineRow,
    'nameAr' | 'nameEn' | 'optionsAr' | 'optionsEn' | 'quantity' | 'unitPriceHalalas'
  >[],
) {
  return {
    lines: lines.map((l) => ({
      name: lineTitle(l, 'ar'),
      quantity: l.quantity,
      unitPriceHalalas: l.unitPriceHalalas,
    })),
    shippingHalalas: order.shippingHalalas,
    allowances:
      order.codeDiscountHalalas > 0
        ? [
            {
              reason: `رمز الخصم ${order.discountCode} | Discount code ${order.discountCode}`,
              amountHalalas: order.codeDiscountHalalas,
            },
          ]
        : [],
  };
}

/**
 * The credit note of a completed refund: one line of the amount given back (a refund is an
 * amount, which need not match the units returned), referring to the order's invoice number and
 * carrying the refund's reason.
 */
export async function issueRefundCreditNote(
  tx: Tx,
  config: SealingConfig,
  order: OrderRow,
  refund: RefundRow,
) {
  return issueDocument(tx, config, {
    kind: 'credit_note',
    orderId: order.id,
    refundId: refund.id,
    number: `CN-${refund.creditNoteNumber ?? refund.id}`,
    issuedAt: refund.completedAt ?? new Date(),
    lines: [
      {
        name: `استرداد الطلب ${order.number} | Refund of order ${order.number}`,
        quantity: 1,
        unitPriceHalalas: refund.amountHalalas,
      },
    ],
    billingReference: invoiceNumberOf(order),
    reason: refund.reason,
  });
}
