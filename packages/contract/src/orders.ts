import { z } from './zod.ts';
import { text } from './text.ts';
import { langQuery, pagingSchema, uuidParam } from './common.ts';
import { MAX_PAGE_SIZE, orderStatuses } from './constants.ts';
import { orderRefundSchema } from './order-refund.ts';
import { nationalAddressSchema } from './addresses.ts';
import { orderFulfilmentSchema } from './fulfilment.ts';
import { orderReturnsSchema } from './returns.ts';
import { paidCardSchema, paymentMethods, savedCardSchema } from './payments.ts';

/**
 * Orders (the API's invoices). The server prices every order from the shopper's cart and the
 * catalog; nothing the client sends about prices or amounts is used. Money is SAR on the wire
 * (VAT included) except `amount`, which is in halalas because the payment form wants it so.
 */

export const orderStatusSchema = z.enum(orderStatuses);
export type OrderStatusName = z.infer<typeof orderStatusSchema>;

export const orderLineSchema = z.object({
  productId: z.number().int(),
  /** In the request language, as it was when the order was placed. */
  productName: z.string(),
  /** The variant's SKU when it was bought. */
  sku: z.string(),
  /** The variant's option values when it was bought, e.g. "256 GB · Blue"; absent without options. */
  options: z.string().optional(),
  productDescripition: z.string(),
  productImage: z.string(),
  /** SAR per unit actually charged (the offer price when there was one), VAT included. */
  productPrice: z.number().nonnegative(),
  /** SAR per unit before any offer. */
  productListPrice: z.number().nonnegative(),
  quantity: z.number().int().positive(),
  /** productPrice × quantity, SAR. */
  lineTotal: z.number().nonnegative(),
  /** SAR of the order's discount code that fell on this line (0 without one). */
  codeDiscount: z.number().nonnegative(),
  /** lineTotal − codeDiscount: what was paid for the line, SAR. */
  linePaid: z.number().nonnegative(),
});
export type OrderLine = z.infer<typeof orderLineSchema>;

/**
 * Totals in SAR: `total = subtotal - discount - codeDiscount + shipping`. `subtotal` is at list
 * prices, `discount` the real savings from offer prices, `codeDiscount` what the discount code
 * took off the products, `shipping` the fee charged (0 when the code waived `shippingWaived`),
 * `vat` the VAT included in `total` (total × 15/115, rounded to the halala).
 */
export const orderTotalsSchema = z.object({
  subtotal: z.number().nonnegative(),
  discount: z.number().nonnegative(),
  /** The discount code the order was placed with, or null. */
  discountCode: z.string().nullable(),
  codeDiscount: z.number().nonnegative(),
  shippingWaived: z.number().nonnegative(),
  shipping: z.number().nonnegative(),
  vat: z.number().nonnegative(),
  total: z.number().nonnegative(),
  currency: z.literal('SAR'),
});
export type OrderTotals = z.infer<typeof orderTotalsSchema>;

/** The simplified tax invoice QR of a paid order (ZATCA phase 1). */
export const zatcaInvoiceSchema = z.object({
  sellerName: z.string(),
  vatNumber: z.string(),
  /** ISO 8601, UTC: when the order was paid. */
  invoiceTime: z.string(),
  /**
   * Base64 of the TLV bytes: tags 1 seller, 2 VAT number, 3 time, 4 total, 5 VAT, and, for a
   * signed e-invoice (phase 2), 6 hash, 7 signature, 8 public key, 9 the certificate's signature.
   */
  qr: z.string(),
  /** True when the QR code is the signed e-invoice's (phase 2, tags 1–9); false: phase 1 (tags 1–5). */
  signed: z.boolean(),
  /** The same QR as a PNG data URL (`data:image/png;base64,...`), ready for an `<img>`. */
  qrImage: z.string(),
});
export type ZatcaInvoice = z.infer<typeof zatcaInvoiceSchema>;

export const orderSchema = z.object({
  invoiceId: z.uuid(),
  /** The human-facing order number (10001, 10002, ...). */
  number: z.number().int().positive(),
  /** ISO 8601: when the order was placed. */
  invoiceDate: z.string(),
  /** Delivered to the shopper. */
  invoiceReceived: z.boolean(),
  invoiceUserAdress: z.string(),
  /** The same text as `invoiceUserAdress` (clients read both). */
  address: z.string(),
  phone: z.string(),
  location: z.string(),
  /**
   * The national address the order ships to, as its address had it when the order was placed
   * (editing or deleting the address later does not change it); null for an order without one.
   */
  nationalAddress: nationalAddressSchema.nullable(),
  note: z.string(),
  status: orderStatusSchema,
  /** ISO 8601: an order still awaiting payment after this time expires. */
  expiresAt: z.string(),
  /** ISO 8601, or null when not paid. */
  paidAt: z.string().nullable(),
  /** How the order was (or is to be) paid; read it once `paidAt` is set. */
  paymentMethod: z.enum(paymentMethods),
  /** The card that paid it (network, last four digits), when paid by card or a wallet's card; else null. */
  paymentCard: paidCardSchema.nullable().optional(),
  totals: orderTotalsSchema,
  products: z.array(orderLineSchema),
  /** Present for paid (and delivered) orders only. */
  zatca: zatcaInvoiceSchema.nullable(),
  /** SAR given back so far (VAT included); 0 without refunds. */
  refundedAmount: z.number().nonnegative(),
  /** The refunds made, oldest first, each with its credit note's number. */
  refunds: z.array(orderRefundSchema),
  /** Where a paid order is: preparing, ready, shipped (with tracking), delivered or cancelled, dated. */
  fulfilment: orderFulfilmentSchema,
  /**
   * Returns (one order's answer only, not lists): the window, what can still be returned and
   * the return requests with where each stands.
   */
  returns: orderReturnsSchema.optional(),
  /** The order's products the shopper has reviewed already (one order's answer only, not lists). */
  reviewedProductIds: z.array(z.number().int()).optional(),
});
export type Order = z.infer<typeof orderSchema>;

// ---- requests ----

/**
 * The invoice submission (placing an order). Only the delivery details are read; `products`, and any price,
 * amount or total a client adds, are ignored: the order is built from the caller's own cart.
 * `userId` must be the caller's id (403 otherwise).
 */
export const payInvoiceBodySchema = z.object({
  userId: text().min(1),
  invoiceUserAdress: text({ multiline: true }).trim().min(1, 'ADDRESS_REQUIRED').max(500),
  invoiceUserPhone: text().trim().max(40).default(''),
  invoiceUserLocation: text().trim().max(200).default(''),
  invoiceNote: text({ multiline: true }).trim().max(500).default(''),
  products: z
    .array(z.object({ productId: z.unknown().optional() }))
    .max(200)
    .default([]),
});
export type PayInvoiceBody = z.input<typeof payInvoiceBodySchema>;

/**
 * Confirm order on the cart page: one of the shopper's addresses to deliver to, and a note. The
 * delivery details are the address's (its text in the page's language and its mobile).
 */
export const placeOrderFormSchema = z.object({
  addressId: z.uuid('ADDRESS_REQUIRED'),
  note: text({ multiline: true }).trim().max(500, 'TEXT_TOO_LONG').default(''),
});
export type PlaceOrderForm = z.output<typeof placeOrderFormSchema>;

export const ordersByUserParams = z.object({ userId: uuidParam });

const pageNumber = z
  .string()
  .regex(/^[0-9]{1,6}$/, 'must be a whole number')
  .transform(Number)
  .pipe(z.number().int().min(1));

/** The orders tab shows 5 orders per page (docs/requirements/screens.md). */
export const ordersQuery = z.object({
  lang: langQuery,
  page: pageNumber.default(1),
  pageSize: z
    .string()
    .regex(/^[0-9]{1,4}$/, 'must be a whole number')
    .transform(Number)
    .pipe(z.number().int().min(1).max(MAX_PAGE_SIZE))
    .default(5),
});

export const orderIdParams = z.object({ invoiceId: uuidParam });

// ---- answers ----

export const ordersPageSchema = z.object({
  invoices: z.array(orderSchema),
  pagging: pagingSchema,
});
export type OrdersPage = z.infer<typeof ordersPageSchema>;

/** The answer to the lines call: the lines of one order. */
export const orderLinesSchema = z.array(orderLineSchema);

/**
 * What the payment page needs to start the card form. With `provider: 'sandbox'` the page
 * shows our own simulated card form (POST apiPaths.sandboxPay) instead of Moyasar's.
 */
export const paymentFormSchema = z.object({
  provider: z.enum(['moyasar', 'sandbox']),
  /** true when payments are simulated: the page must say so. */
  sandbox: z.boolean(),
  /** Moyasar's publishable key; absent with the sandbox. */
  publishableKey: z.string().optional(),
  /** Halalas. */
  amount: z.number().int().positive(),
  currency: z.literal('SAR'),
  description: z.string(),
  /** UUID v4 for Moyasar's `given_id`: a retried submission cannot charge twice. */
  given_id: z.uuid(),
  /** Absolute URL of the all-orders page in the shopper's language. */
  callbackUrl: z.string(),
  /**
   * Moyasar's form methods: the card when offered, and Apple Pay when offered and the owner set
   * the domain's verification file.
   */
  methods: z.array(z.enum(['creditcard', 'applepay'])),
  /** Whether the shop offers each method now (switched on, with its keys); the card covers saved cards. */
  card: z.boolean(),
  applepay: z.boolean(),
  stcpay: z.boolean(),
  /**
   * true when the order may also be paid with Tabby's pay in 4: the shop offers Tabby and the
   * total is within its limits (`tabbyEligible`). The card is offered either way.
   */
  tabby: z.boolean(),
  /** The same for Tamara's pay in 4 (`payLaterEligible('tamara', …)`). */
  tamara: z.boolean(),
  supportedNetworks: z.array(z.enum(['mada', 'visa', 'mastercard'])),
  metadata: z.object({ order_id: z.uuid() }),
});
export type PaymentForm = z.infer<typeof paymentFormSchema>;

export const payInvoiceAnswerSchema = z.object({
  invoiceId: z.uuid(),
  number: z.number().int().positive(),
  /** Halalas: the amount the payment must have. */
  amount: z.number().int().positive(),
  /** The same amount in SAR. */
  amountSar: z.number().positive(),
  currency: z.literal('SAR'),
  given_id: z.uuid(),
  description: z.string(),
  /** ISO 8601: pay before this or the order expires and its stock is released. */
  expiresAt: z.string(),
  payment: paymentFormSchema,
  invoice: orderSchema,
});
export type PayInvoiceAnswer = z.infer<typeof payInvoiceAnswerSchema>;

/**
 * One order as its page reads it: the order, and what the card form needs while the order can
 * still be paid (awaiting payment and not past `expiresAt`); null once paid, expired or failed.
 * The same `given_id` every time, so paying from a reloaded page cannot charge twice.
 */
export const orderWithPaymentSchema = orderSchema.extend({
  payment: paymentFormSchema.nullable(),
  /** The shopper's saved cards, to pay in one step (decision 243); empty once the order cannot be paid. */
  savedCards: z.array(savedCardSchema),
  /** STC Pay sent its one-time code for this order's payment: the page asks for it. */
  stcpayCodeSent: z.boolean(),
});
export type OrderWithPayment = z.infer<typeof orderWithPaymentSchema>;
