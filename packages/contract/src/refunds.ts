import { paymentProviderNames } from './payments.ts';
import { z } from './zod.ts';
import { text } from './text.ts';
import { langQuery, uuidParam } from './common.ts';
import { definePath } from './paths.ts';
import { orderStatusSchema } from './orders.ts';

export { orderRefundSchema, type OrderRefund } from './order-refund.ts';

/**
 * Refunds of paid orders (back office, owners only) and their simplified credit notes, which
 * the back office and the order's shopper can open and print. Money is SAR on the wire, VAT
 * included, with two decimals; the database keeps halalas.
 */

export const refundPaths = {
  /** GET: the order's refunds and what can still be refunded; POST (owners): refund. */
  orderRefunds: definePath('/api/admin/orders/:id/refunds'),
  adminCreditNote: definePath('/api/admin/orders/:id/credit-notes/:refundId'),
  /** The shopper's own credit note, spelled like the order calls it sits beside. */
  shopperCreditNote: definePath('/api/User/Select/Invoice/:invoiceId/CreditNote/:refundId'),
} as const;

/** Back-office and storefront pages of refunds, for links. */
export const refundPages = {
  refund: (orderId: string) => `/dashboard/orders/${orderId}/refund`,
  adminCreditNote: (orderId: string, refundId: string) =>
    `/dashboard/orders/${orderId}/credit-notes/${refundId}`,
  shopperCreditNote: (orderId: string, refundId: string) =>
    `/order/details/${orderId}/credit-notes/${refundId}`,
} as const;

/** SAR with at most two decimals, above zero. */
const sarAmount = z
  .number({ error: 'REFUND_AMOUNT_INVALID' })
  .refine((v) => Number.isFinite(v) && v > 0 && Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, {
    message: 'REFUND_AMOUNT_INVALID',
  })
  .refine((v) => v <= 10_000_000, { message: 'REFUND_AMOUNT_TOO_LARGE' });

export const returnStockLineSchema = z.object({
  /** The order line's id (`lines[].id` of the refunds answer). */
  lineId: z.number().int().positive(),
  quantity: z.number().int().positive().max(100_000),
});

export const refundBodySchema = z.object({
  amount: sarAmount,
  reason: text({ multiline: true }).trim().min(1, 'REFUND_REASON_REQUIRED').max(500),
  /** Units to put back on the shelf, per order line; `none` (or nothing) puts none back. */
  returnStock: z
    .union([z.literal('none'), z.array(returnStockLineSchema).max(200)])
    .default('none')
    .transform((v) => (v === 'none' ? [] : v)),
  /**
   * Chosen by the client once per refund it means (the refund page puts one in its form): the
   * same key again answers the same refund and never refunds twice.
   */
  idempotencyKey: z.string().regex(/^[A-Za-z0-9_-]{8,100}$/, 'REFUND_KEY_INVALID'),
});
export type RefundBody = z.input<typeof refundBodySchema>;
/** A refund as checked: amount in SAR, the stock to put back as a list. */
export type RefundRequestBody = z.output<typeof refundBodySchema>;

export const refundOrderParams = z.object({ id: uuidParam });
export const creditNoteParams = z.object({ id: uuidParam, refundId: uuidParam });
export const shopperCreditNoteParams = z.object({ invoiceId: uuidParam, refundId: uuidParam });
export const refundLangQuery = z.object({ lang: langQuery });

export const refundStatusSchema = z.enum(['pending', 'succeeded', 'failed']);

/** A refund as the back office lists it. */
export const adminRefundSchema = z.object({
  id: z.uuid(),
  status: refundStatusSchema,
  amount: z.number().positive(),
  reason: z.string(),
  returnStock: z.array(
    z.object({ lineId: z.number().int(), productName: z.string(), quantity: z.number().int() }),
  ),
  /** Who refunded (the member's e-mail). */
  actor: z.string(),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
  creditNoteNumber: z.number().int().positive().nullable(),
  /** The provider's refusal of a failed refund. */
  error: z.string().nullable(),
});
export type AdminRefund = z.infer<typeof adminRefundSchema>;

/** An order as the refund page needs it: what was paid, what is left, its lines and refunds. */
export const orderRefundsSchema = z.object({
  orderId: z.uuid(),
  number: z.number().int().positive(),
  status: orderStatusSchema,
  customerName: z.string(),
  customerEmail: z.string(),
  paidAt: z.string().nullable(),
  provider: z.enum(paymentProviderNames).nullable(),
  /** SAR, VAT included. */
  total: z.number().nonnegative(),
  refunded: z.number().nonnegative(),
  /** What may still be refunded (0 when the order is not paid). */
  refundable: z.number().nonnegative(),
  lines: z.array(
    z.object({
      id: z.number().int(),
      productId: z.number().int(),
      productName: z.string(),
      unitPrice: z.number().nonnegative(),
      quantity: z.number().int().positive(),
      /** SAR paid for the whole line: unitPrice × quantity less the discount code's share of it. */
      paid: z.number().nonnegative(),
      /** Units already put back on the shelf by earlier refunds. */
      returned: z.number().int().nonnegative(),
    }),
  ),
  refunds: z.array(adminRefundSchema),
});
export type OrderRefunds = z.infer<typeof orderRefundsSchema>;

export const refundAnswerSchema = z.object({
  success: z.literal(true),
  code: z.literal('REFUNDED'),
  message: z.string(),
  refund: adminRefundSchema,
  order: orderRefundsSchema,
});
export type RefundAnswer = z.infer<typeof refundAnswerSchema>;

/**
 * A ZATCA simplified credit note: it refers to the original simplified tax invoice (the order's
 * number) and has its own number; the QR code carries the same five TLV fields as the invoice's
 * (seller, VAT number, time of the credit note, its total and its VAT).
 */
export const creditNoteSchema = z.object({
  refundId: z.uuid(),
  orderId: z.uuid(),
  number: z.number().int().positive(),
  invoiceNumber: z.number().int().positive(),
  /** ISO 8601: when the refund was made (the credit note's time). */
  issuedAt: z.string(),
  invoiceDate: z.string(),
  sellerName: z.string(),
  vatNumber: z.string(),
  customerName: z.string(),
  reason: z.string(),
  /** SAR: total (VAT included), the VAT in it, and the amount before VAT. */
  total: z.number().positive(),
  vat: z.number().nonnegative(),
  totalExVat: z.number().nonnegative(),
  returnedLines: z.array(z.object({ productName: z.string(), quantity: z.number().int().positive() })),
  /** The ZATCA QR code: the signed credit note's (phase 2, tags 1–9) when `signed`, else phase 1. */
  qr: z.string(),
  qrImage: z.string(),
  signed: z.boolean(),
});
export type CreditNote = z.infer<typeof creditNoteSchema>;

/**
 * The refund page's form as posted (text fields): the same checks as the API's body, in the
 * order the page shows their errors. Units to return are posted as `return-<lineId>` fields.
 */
export const refundFormSchema = z.object({
  amount: z
    .string()
    .trim()
    .regex(/^[0-9]{1,7}(\.[0-9]{1,2})?$/, 'REFUND_AMOUNT_INVALID')
    .refine((v) => Number(v) > 0, 'REFUND_AMOUNT_INVALID'),
  reason: text({ multiline: true }).trim().min(1, 'REFUND_REASON_REQUIRED').max(500),
  idempotencyKey: z.string().regex(/^[A-Za-z0-9_-]{8,100}$/, 'REFUND_KEY_INVALID'),
});

/** Units to return from a posted refund form: the `return-<lineId>` fields above zero. */
export function returnStockFromForm(values: Record<string, string>): { lineId: number; quantity: number }[] {
  const units: { lineId: number; quantity: number }[] = [];
  for (const [name, value] of Object.entries(values)) {
    const line = /^return-([1-9][0-9]{0,9})$/.exec(name);
    const quantity = Number(value);
    if (line && /^[0-9]{1,6}$/.test(value.trim()) && quantity > 0)
      units.push({ lineId: Number(line[1]), quantity });
  }
  return units.sort((a, b) => a.lineId - b.lineId);
}
