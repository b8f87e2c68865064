import { captureDeadlineActions, paidCardSchema, paymentMethods, paymentProviderNames } from './payments.ts';
import { z } from './zod.ts';
import { okSchema } from './errors.ts';
import { langQuery } from './common.ts';
import { MAX_PAGE_SIZE } from './constants.ts';
import { definePath } from './paths.ts';
import { instantQuery, pageOf, wholeNumber } from './admin.ts';
import { orderTotalsSchema, zatcaInvoiceSchema } from './orders.ts';
import { nationalAddressSchema } from './addresses.ts';
import { fulfilmentSteps, orderFulfilmentSchema } from './fulfilment.ts';
import { sentMessageSchema } from './shopper-messages.ts';
import { adminReturnSchema } from './returns.ts';

/**
 * The back office's orders (under `/api/admin/orders`): the list with its filters, search,
 * sorting and paging, the CSV export, one order's details, and the fulfilment actions (ship,
 * deliver, cancel an unpaid order). Money is SAR on the wire, VAT included, as everywhere.
 * `:ref` is an order's number (`10023`, what people read and type) or its id (a UUID).
 */
export const adminOrderPaths = {
  list: definePath('/api/admin/orders'),
  csv: definePath('/api/admin/orders.csv'),
  detail: definePath('/api/admin/orders/:ref'),
  ship: definePath('/api/admin/orders/:ref/ship'),
  deliver: definePath('/api/admin/orders/:ref/deliver'),
  cancel: definePath('/api/admin/orders/:ref/cancel'),
  /** Moves a paid order on: preparing, ready, shipped (carrier and tracking), delivered. */
  fulfilment: definePath('/api/admin/orders/:ref/fulfilment'),
  /** Cancels a paid order not yet shipped: refunded in full, its units back on sale (owners). */
  cancelPaid: definePath('/api/admin/orders/:ref/fulfilment/cancel'),
  /** Moves several orders to one status, reporting each that could not move. */
  bulkFulfilment: definePath('/api/admin/orders/fulfilment'),
} as const;

/**
 * An order's status as the back office shows it: the payment's status, except that a paid
 * order reads `shipped` once shipped and `delivered` once received. The refund statuses are
 * the refunds' (a refunded order keeps its shipped and delivered times).
 */
export const adminOrderStatuses = [
  'awaiting_payment',
  'paid',
  'preparing',
  'ready',
  'shipped',
  'delivered',
  'cancelled',
  'failed',
  'expired',
  'partially_refunded',
  'refunded',
] as const;
export type AdminOrderStatus = (typeof adminOrderStatuses)[number];

export const adminOrderSorts = ['date', 'number', 'total', 'status'] as const;
export type AdminOrderSort = (typeof adminOrderSorts)[number];

/** A day in a query (`2026-11-25`), read as that day in Riyadh (UTC+03:00, no daylight saving). */
const riyadhDay = /^\d{4}-\d{2}-\d{2}$/;

const yesNo = z.enum(['yes', 'no']);

/**
 * The list's query, the same for the CSV export. `from` and `to` are days in Riyadh, both
 * included (`from=2026-11-01&to=2026-11-30` is November), or ISO date-times (`to` then
 * exclusive). `q` finds an order by its number, or by the customer's name, e-mail or phone
 * (the account's or the order's delivery phone; `05…`, `5…` and `+9665…` all match).
 */
export const adminOrdersQuery = z
  .object({
    lang: langQuery,
    q: z.string().trim().max(100).optional(),
    status: z.enum(adminOrderStatuses).optional(),
    paid: yesNo.optional(),
    delivered: yesNo.optional(),
    /** Paid with this method (an order not yet paid counts as the card's until Tabby pays it). */
    method: z.enum(paymentMethods).optional(),
    /** `yes`: pay-later orders whose money is still to be captured (authorised, or owed after shipping). */
    awaitingCapture: yesNo.optional(),
    from: instantQuery.optional(),
    to: z
      .string()
      .regex(riyadhDay)
      .transform((d) => new Date(new Date(`${d}T00:00:00+03:00`).getTime() + 24 * 60 * 60 * 1000))
      .or(instantQuery)
      .optional(),
    sort: z.enum(adminOrderSorts).default('date'),
    dir: z.enum(['asc', 'desc']).default('desc'),
    page: wholeNumber(1, 100_000).default(1),
    pageSize: wholeNumber(1, MAX_PAGE_SIZE).default(25),
  })
  .refine((q) => !q.from || !q.to || q.from < q.to, { message: 'DATE_RANGE_INVALID', path: ['from'] });
export type AdminOrdersQuery = z.infer<typeof adminOrdersQuery>;

/** `:ref`: an order number or an order id. */
export const adminOrderRefParams = z.object({
  ref: z
    .string()
    .regex(/^[1-9][0-9]{0,14}$/, 'must be an order number or id')
    .transform((v) => ({ number: Number(v) }) as { number: number } | { id: string })
    .or(z.uuid().transform((v) => ({ id: v }) as { number: number } | { id: string })),
});

export const adminOrderCustomerSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string(),
  /** The account's phone (E.164). */
  phone: z.string(),
});

export const adminOrderSummarySchema = z.object({
  id: z.uuid(),
  number: z.number().int().positive(),
  /** ISO 8601: when the order was placed. */
  createdAt: z.iso.datetime(),
  status: z.enum(adminOrderStatuses),
  paidAt: z.iso.datetime().nullable(),
  /** How the order was paid (meaningful once `paidAt` is set). */
  paymentMethod: z.enum(paymentMethods),
  /** Received by the shopper (what the storefront shows as delivered). */
  delivered: z.boolean(),
  customer: adminOrderCustomerSchema,
  /** The delivery phone given with the order. */
  phone: z.string(),
  /** SAR, VAT included. */
  total: z.number().nonnegative(),
  /** Units on the order. */
  items: z.number().int().nonnegative(),
});
export type AdminOrderSummary = z.infer<typeof adminOrderSummarySchema>;

export const adminOrdersPageSchema = pageOf(adminOrderSummarySchema);
export type AdminOrdersPage = z.infer<typeof adminOrdersPageSchema>;

export const adminOrderLineSchema = z.object({
  /** The line's id (refunds return stock by line). */
  id: z.number().int(),
  productId: z.number().int(),
  /** In the request's language, as it was when the order was placed. */
  name: z.string(),
  /** The variant's SKU and option values ("256 GB · Blue") when it was bought. */
  sku: z.string(),
  options: z.string().optional(),
  image: z.string(),
  /** SAR per unit charged (the offer price when there was one), VAT included. */
  unitPrice: z.number().nonnegative(),
  /** SAR per unit before any offer. */
  listPrice: z.number().nonnegative(),
  quantity: z.number().int().positive(),
  lineTotal: z.number().nonnegative(),
  /** SAR of the discount code on this line, and what was paid for it (lineTotal − codeDiscount). */
  codeDiscount: z.number().nonnegative(),
  linePaid: z.number().nonnegative(),
});
export type AdminOrderLine = z.infer<typeof adminOrderLineSchema>;

export const adminOrderPaymentSchema = z.object({
  /** The provider's payment id. */
  id: z.string(),
  provider: z.enum(paymentProviderNames),
  status: z.string(),
  /** SAR. */
  amount: z.number().nonnegative(),
  /** The provider's message (`APPROVED`, `INSUFFICIENT FUNDS`, …). */
  message: z.string(),
  /** This is the payment that paid the order. */
  paidTheOrder: z.boolean(),
  createdAt: z.iso.datetime(),
});
export type AdminOrderPayment = z.infer<typeof adminOrderPaymentSchema>;

export const adminOrderEvents = [
  'created',
  'paid',
  'preparing',
  'ready',
  'shipped',
  'delivered',
  'cancelled',
  'failed',
  'expired',
  'refunded',
] as const;
export type AdminOrderEvent = (typeof adminOrderEvents)[number];

export const adminOrderTimelineEntrySchema = z.object({
  event: z.enum(adminOrderEvents),
  /** ISO 8601; null for a delivery recorded before the back office kept its time. */
  at: z.iso.datetime().nullable(),
  /** The staff member who did it; null when the shop did it (payment, expiry) or unknown. */
  by: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  /** A refund's amount (SAR, VAT included); absent for other events. */
  amount: z.number().positive().optional(),
  /** A shipment's carrier, tracking number and tracking link (https, or empty). */
  carrier: z.string().optional(),
  trackingNumber: z.string().optional(),
  trackingUrl: z.string().optional(),
});
export type AdminOrderTimelineEntry = z.infer<typeof adminOrderTimelineEntrySchema>;

export const adminOrderSchema = adminOrderSummarySchema.extend({
  address: z.string(),
  /** The national address the order ships to, copied when it was placed; null when it has none. */
  nationalAddress: nationalAddressSchema.nullable(),
  /** `lat,lng` as the shopper picked it on the map, or empty. */
  location: z.string(),
  /** An OpenStreetMap link to `location`, or null when it is not a point. */
  mapUrl: z.string().nullable(),
  note: z.string(),
  /** ISO 8601: an order still awaiting payment expires then. */
  expiresAt: z.iso.datetime(),
  shippedAt: z.iso.datetime().nullable(),
  deliveredAt: z.iso.datetime().nullable(),
  cancelledAt: z.iso.datetime().nullable(),
  lines: z.array(adminOrderLineSchema),
  /** SAR: `total = subtotal - discount + shipping`; `vat` is included in `total`. */
  totals: orderTotalsSchema,
  /** Every payment attempt, newest first. */
  payments: z.array(adminOrderPaymentSchema),
  /** The card that paid the order (network, last four digits), when there is one. */
  paymentCard: paidCardSchema.nullable(),
  /** What happened to the order, oldest first. */
  timeline: z.array(adminOrderTimelineEntrySchema),
  /** Where the paid order is in its fulfilment, as the shopper sees it (labels in the member's language). */
  fulfilment: orderFulfilmentSchema,
  /** The shopper's messages about the order on each channel, oldest first, with where each stands. */
  messages: z.array(sentMessageSchema),
  /** The order's return requests, newest first, with what the member may do with each. */
  returns: z.array(adminReturnSchema),
  /** Which actions the order's status allows now. */
  can: z.object({
    ship: z.boolean(),
    deliver: z.boolean(),
    cancel: z.boolean(),
    refund: z.boolean(),
    /** The fulfilment statuses the order may move to now, in order. */
    fulfil: z.array(z.enum(fulfilmentSteps)),
    /** A paid order not yet shipped may be cancelled (refunded in full, by an owner). */
    cancelPaid: z.boolean(),
    /** A shipped pay-later order whose capture is owed: "Capture now". */
    captureNow: z.boolean(),
    /** An authorised pay-later order: capture an amount (what ships) and close the rest (owners). */
    capturePart: z.boolean(),
  }),
  /**
   * A pay-later order's money still at its provider (decision 244): authorised and waiting
   * (`awaiting`, with the provider's deadline and what the shop does a day before it), or owed
   * after shipping; null when nothing is left to capture.
   */
  capture: z
    .object({
      status: z.enum(['awaiting', 'owed']),
      /** ISO 8601: the provider's capture deadline. */
      deadline: z.iso.datetime(),
      /** ISO 8601: when the shop captures or closes it (a day before the deadline). */
      actionAt: z.iso.datetime(),
      action: z.enum(captureDeadlineActions),
    })
    .nullable(),
  /** The simplified tax invoice of a paid order (its QR code), null before payment. */
  invoice: zatcaInvoiceSchema
    .extend({ sellerNameEn: z.string(), invoiceNumber: z.number().int().positive() })
    .nullable(),
});
export type AdminOrder = z.infer<typeof adminOrderSchema>;

/**
 * What the packing slip prints for one order: where it goes (the national address), what goes
 * in the box (no prices), and the order number as a Code 128 barcode, as SVG parts.
 */
export const packingSlipSchema = z.object({
  number: z.number().int().positive(),
  createdAt: z.iso.datetime(),
  shopName: z.string(),
  customerName: z.string(),
  phone: z.string(),
  address: z.string(),
  nationalAddress: nationalAddressSchema.nullable(),
  note: z.string(),
  lines: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      options: z.string().optional(),
      sku: z.string(),
      quantity: z.number().int().positive(),
    }),
  ),
  barcode: z.object({
    viewBox: z.string(),
    paths: z.array(z.object({ strokeWidth: z.number().positive(), d: z.string() })),
  }),
});
export type PackingSlip = z.infer<typeof packingSlipSchema>;

/** The answer to ship, deliver and cancel: the message in the member's language and the order. */
export const adminOrderActionAnswerSchema = okSchema.extend({ order: adminOrderSchema });
export type AdminOrderActionAnswer = z.infer<typeof adminOrderActionAnswerSchema>;

/** Status names as people read them, for exports (the pages have their own translations). */
export const adminOrderStatusLabels: Record<AdminOrderStatus, { ar: string; en: string }> = {
  awaiting_payment: { ar: 'بانتظار الدفع', en: 'Awaiting payment' },
  paid: { ar: 'مدفوع', en: 'Paid' },
  preparing: { ar: 'قيد التجهيز', en: 'Preparing' },
  ready: { ar: 'جاهز للشحن', en: 'Ready' },
  shipped: { ar: 'تم الشحن', en: 'Shipped' },
  delivered: { ar: 'تم التوصيل', en: 'Delivered' },
  cancelled: { ar: 'ملغي', en: 'Cancelled' },
  failed: { ar: 'فشل الدفع', en: 'Payment failed' },
  expired: { ar: 'منتهي', en: 'Expired' },
  partially_refunded: { ar: 'مسترد جزئياً', en: 'Partially refunded' },
  refunded: { ar: 'مسترد', en: 'Refunded' },
};

/** The export's columns, in order, with their headings. Times are Riyadh's; amounts SAR. */
export const adminOrderCsvColumns = [
  { ar: 'رقم الطلب', en: 'Order number' },
  { ar: 'تاريخ الطلب', en: 'Placed' },
  { ar: 'الحالة', en: 'Status' },
  { ar: 'تاريخ الدفع', en: 'Paid' },
  { ar: 'تاريخ الشحن', en: 'Shipped' },
  { ar: 'تاريخ التوصيل', en: 'Delivered' },
  { ar: 'اسم العميل', en: 'Customer name' },
  { ar: 'البريد الإلكتروني', en: 'E-mail' },
  { ar: 'جوال العميل', en: 'Customer phone' },
  { ar: 'جوال التوصيل', en: 'Delivery phone' },
  { ar: 'العنوان', en: 'Address' },
  { ar: 'عدد القطع', en: 'Items' },
  { ar: 'المجموع الفرعي (ر.س)', en: 'Subtotal (SAR)' },
  { ar: 'الخصم (ر.س)', en: 'Discount (SAR)' },
  { ar: 'الشحن (ر.س)', en: 'Shipping (SAR)' },
  { ar: 'ضريبة القيمة المضافة (ر.س)', en: 'VAT (SAR)' },
  { ar: 'الإجمالي (ر.س)', en: 'Total (SAR)' },
] as const;
