import { z } from './zod.ts';
import { text } from './text.ts';
import { langQuery } from './common.ts';
import { okSchema } from './errors.ts';

/**
 * Card payments. The browser never tells the server that a payment succeeded: it sends only
 * the payment id, and the server asks the provider (Moyasar, or the local sandbox).
 */

/** The providers a payment is recorded with: stable names, never renamed (decision 240). */
export const paymentProviderNames = [
  'moyasar',
  'sandbox',
  'tabby',
  'tabby-sandbox',
  'tamara',
  'tamara-sandbox',
] as const;

/** How an order is paid: a card (typed or saved), Apple Pay or STC Pay, captured when paid; or in 4 payments with Tabby or Tamara, authorised at the order and captured when shipped. */
export const paymentMethods = ['card', 'applepay', 'stcpay', 'tabby', 'tamara'] as const;
export type PaymentMethod = (typeof paymentMethods)[number];

/**
 * Buy now, pay later: methods whose payment is authorised at the order and captured later (when
 * it ships, or at the capture deadline). A new one joins the capture deadline, its retries and
 * the reconciliation by being listed here and having a gateway.
 */
export const payLaterMethods = ['tabby', 'tamara'] as const satisfies readonly PaymentMethod[];
export type PayLaterMethod = (typeof payLaterMethods)[number];
export const isPayLater = (method: string): method is PayLaterMethod =>
  (payLaterMethods as readonly string[]).includes(method);

/**
 * What the shop does with a pay-later order still authorised and not shipped a day before its
 * provider's capture deadline: take the money, or close it (the order is cancelled, its stock
 * goes back).
 */
export const captureDeadlineActions = ['capture', 'close'] as const;
export type CaptureDeadlineAction = (typeof captureDeadlineActions)[number];

/** Capturing part of an authorised pay-later order: SAR, two decimals at most, above zero. */
export const capturePartSchema = z.object({
  amount: z.coerce
    .number({ error: 'CAPTURE_AMOUNT_INVALID' })
    .refine((v) => Number.isFinite(v) && v > 0 && Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, {
      message: 'CAPTURE_AMOUNT_INVALID',
    }),
});
export type CapturePartInput = z.input<typeof capturePartSchema>;

/** Provider payment ids are UUIDs (Moyasar's, and the sandbox's which copy them). */
export const paymentIdSchema = z
  .string()
  .trim()
  .regex(
    /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/,
    'PAYMENT_NOT_FOUND',
  );

/** Sent by the callback page (the `id` of the query string) and by the form's completion. */
export const verifyPaymentBodySchema = z.object({ id: paymentIdSchema });
export type VerifyPaymentBody = z.infer<typeof verifyPaymentBodySchema>;

/**
 * 200 only once the provider confirmed the payment and the order is paid. Every other outcome
 * is an error answer whose `code` says why, in the request language: PAYMENT_DECLINED,
 * PAYMENT_INSUFFICIENT_FUNDS, PAYMENT_FAILED, PAYMENT_AMOUNT_MISMATCH,
 * PAYMENT_CURRENCY_MISMATCH (402, the order failed and the cart is kept); PAYMENT_PENDING (409,
 * nothing changed yet); ORDER_ALREADY_PAID (409, this extra payment is refunded);
 * PAYMENT_NOT_FOUND (404); FORBIDDEN (403, not an order of the caller);
 * PAYMENT_PROVIDER_UNAVAILABLE (503, retried automatically).
 */
export const verifyPaymentAnswerSchema = z.object({
  invoiceId: z.uuid(),
  number: z.number().int().positive(),
  status: z.literal('paid'),
  code: z.literal('PAYMENT_COMPLETED'),
  message: z.string(),
});
export type VerifyPaymentAnswer = z.infer<typeof verifyPaymentAnswerSchema>;

const digitsOnly = (v: string) => v.replace(/[\s-]/g, '');

/** The sandbox card form (our page, not Moyasar's): what a real form would post to the provider. */
export const sandboxPayBodySchema = z.object({
  invoiceId: z.uuid(),
  number: z
    .string()
    .transform(digitsOnly)
    .pipe(z.string().regex(/^[0-9]{12,19}$/, 'PAYMENT_CARD_INVALID')),
  /** The card holder: two words at least. */
  name: text()
    .trim()
    .max(100)
    .regex(/^\S+(\s+\S+)+$/, 'PAYMENT_CARD_NAME_INVALID'),
  month: z.coerce.number().int().min(1, 'PAYMENT_CARD_EXPIRED').max(12, 'PAYMENT_CARD_EXPIRED'),
  /** Four digits, or two (`29` means 2029). */
  year: z.coerce.number().int().min(0).max(9999),
  cvc: z.string().regex(/^[0-9]{3,4}$/, 'PAYMENT_CARD_CVC_INVALID'),
  /**
   * Halalas. A real form sends the amount from the browser, so a tampered page could change
   * it; the sandbox lets tests do the same (the default is the order's total).
   */
  amount: z.number().int().positive().optional(),
  /** "Save this card": Moyasar's `save_card`; the card is kept once the payment is verified. */
  saveCard: z.boolean().optional(),
});
export type SandboxPayBody = z.input<typeof sandboxPayBodySchema>;

export const sandboxPayQuery = z.object({ lang: langQuery });

/** Paying an order with Tabby or Tamara: the order, and where to send the shopper (the provider's page). */
export const tabbyCheckoutBodySchema = z.object({ invoiceId: z.uuid() });
export const tabbyCheckoutAnswerSchema = z.object({ redirectUrl: z.string() });
export const tamaraCheckoutBodySchema = tabbyCheckoutBodySchema;
export const tamaraCheckoutAnswerSchema = tabbyCheckoutAnswerSchema;
/** Tabby sends the shopper back with the payment's id; nothing else in the address is read. */
export const tabbyReturnQuery = z.object({ payment_id: z.string().trim().min(1).max(100), lang: langQuery });
/**
 * Tamara sends the shopper back to the session's success, failure or cancel address with its
 * `orderId` (and a `paymentStatus`, never trusted: the order is fetched from Tamara).
 */
export const tamaraReturnQuery = z.looseObject({
  orderId: z.string().trim().min(1).max(100),
  lang: langQuery,
});

export const sandboxPayAnswerSchema = z.object({
  /** The payment id: send it to apiPaths.verifyPayment. */
  id: z.string(),
  status: z.enum(['paid', 'failed']),
  /** The provider's message: APPROVED, INSUFFICIENT FUNDS, DECLINED. */
  message: z.string(),
  /** The callback URL with `id`, `status` and `message`, as Moyasar redirects. */
  redirectUrl: z.string(),
});
export type SandboxPayAnswer = z.infer<typeof sandboxPayAnswerSchema>;

/** Moyasar's webhook body: only `secret_token` and `data.id` are read; the payment is re-fetched. */
export const moyasarWebhookBodySchema = z.looseObject({
  id: text().optional(),
  type: text().optional(),
  secret_token: text().optional(),
  data: z.looseObject({ id: text() }).optional(),
});

export const webhookAnswerSchema = z.object({ received: z.literal(true) });

/** The card a payment was made with, as order pages name it: "mada •••• 1234". */
export const paidCardSchema = z.object({ brand: z.string(), lastFour: z.string() });

/**
 * A card the shopper saved at Moyasar (decision 243), as the shop shows it: never its number,
 * nor the token, which could be charged with the shop's publishable key.
 */
export const savedCardSchema = z.object({
  id: z.uuid(),
  /** mada, visa, mastercard… (lower case, as Moyasar names it). */
  brand: z.string(),
  lastFour: z.string().regex(/^[0-9]{4}$/),
  month: z.number().int().min(1).max(12),
  year: z.number().int(),
  name: z.string(),
  /** Its month has passed (in Riyadh): it cannot pay any more, and the shopper may delete it. */
  expired: z.boolean(),
});
export type SavedCard = z.infer<typeof savedCardSchema>;
export const savedCardsSchema = z.array(savedCardSchema);
export const savedCardParams = z.object({ cardId: z.uuid('SAVED_CARD_NOT_FOUND') });

/** Paying an order with one of the shopper's saved cards. */
export const savedCardPayBodySchema = z.object({
  invoiceId: z.uuid(),
  cardId: z.uuid('SAVED_CARD_NOT_FOUND'),
});

/** STC Pay's first step: the shopper's Saudi mobile number (05…, or +966 5…). */
export const stcPayStartBodySchema = z.object({
  invoiceId: z.uuid(),
  mobile: text().trim().max(20, 'STCPAY_MOBILE_INVALID'),
});

/** STC Pay's second step: the one-time code sent by SMS. */
export const stcPayConfirmBodySchema = z.object({
  invoiceId: z.uuid(),
  otp: z
    .string()
    .trim()
    .regex(/^[0-9]{4,8}$/, 'STCPAY_OTP_INVALID'),
});

/** The sandbox's Apple Pay button for an order. */
export const sandboxApplePayBodySchema = z.object({ invoiceId: z.uuid() });

/**
 * A payment the server made: where to send the shopper (the orders page once verified, or the
 * bank's 3-D Secure page), with PAYMENT_COMPLETED or PAYMENT_BANK_CHECK.
 */
export const serverPaymentAnswerSchema = okSchema.extend({ redirectTo: z.string() });
