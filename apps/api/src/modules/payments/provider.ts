import { paymentProviderNames, type PaymentMethod } from '@shop/contract';
import { z } from 'zod';
import { providerFetch } from '../../lib/tracing.ts';
import type { PaymentFacts, PaymentState } from './state.ts';

/**
 * A card payment provider as the shop needs it: read a payment, give money back. Both
 * providers speak Moyasar's payment object, so the rest of the shop cannot tell them apart.
 */
export interface PaymentProvider {
  readonly name: 'moyasar' | 'sandbox';
  /** Throws ProviderNotFoundError, ProviderUnavailableError or ProviderRejectedError. */
  fetchPayment(id: string): Promise<ProviderPayment>;
  /** Cancels a payment that is not settled yet (same day). */
  voidPayment(id: string): Promise<ProviderPayment>;
  /**
   * Gives back part or all of a paid payment. Several partial refunds may follow each other
   * while their sum stays within the amount; `refunded` on the answer is their running total
   * and the status becomes `refunded` once the whole amount is back (it stays `paid` before).
   */
  refundPayment(id: string, amountHalalas: number): Promise<ProviderPayment>;
  /**
   * Creates a payment from the shop's server (decision 243): a saved card's token, an STC Pay
   * mobile number, or a sandbox Apple Pay token. The answer may still be `initiated`, with the
   * address the shopper completes it at (3-D Secure) or the one-time code is sent to (STC Pay)
   * in `transactionUrl`. Throws ProviderRejectedError when the provider refuses the request.
   */
  createPayment(request: NewPayment): Promise<ProviderPayment>;
  /** STC Pay's second step: the one-time code sent to the payment's `transactionUrl`. */
  submitOtp(payment: ProviderPayment, otp: string): Promise<ProviderPayment>;
  /** A saved card's token (GET /v1/tokens/{id}): what the shopper recognises it by. */
  fetchToken(id: string): Promise<CardToken>;
  /** Forgets a token (DELETE /v1/tokens/{id}). */
  deleteToken(id: string): Promise<void>;
}

/** What a server-side payment is made from, as Moyasar's `source` takes it. */
export type PaymentSource =
  { type: 'token'; token: string } | { type: 'stcpay'; mobile: string } | { type: 'applepay'; token: string };

/** A payment the shop's server creates: the order's `given_id` is its id, as with the card form. */
export interface NewPayment {
  givenId: string;
  amount: number;
  description: string;
  /** Where a 3-D Secure page sends the shopper back to (the orders page, which verifies). */
  callbackUrl: string;
  metadata: { order_id: string };
  source: PaymentSource;
}

/** Moyasar's token object (https://docs.moyasar.com/api/tokens), the fields the shop keeps. */
export interface CardToken {
  id: string;
  /** initiated, active, inactive, expired. */
  status: string;
  brand: string;
  lastFour: string;
  month: number;
  year: number;
  name: string;
}

export const moyasarTokenSchema = z.looseObject({
  id: z.string(),
  status: z.string(),
  brand: z.string(),
  last_four: z.string().regex(/^[0-9]{4}$/),
  month: z.coerce.number().int().min(1).max(12),
  year: z.coerce.number().int(),
  name: z.string().nullish(),
});

export function toCardToken(json: unknown): CardToken {
  const parsed = moyasarTokenSchema.safeParse(json);
  if (!parsed.success) throw new ProviderUnavailableError('the provider answered an unexpected token object');
  const t = parsed.data;
  return {
    id: t.id,
    status: t.status,
    brand: t.brand.toLowerCase(),
    lastFour: t.last_four,
    month: t.month,
    year: t.year < 100 ? 2000 + t.year : t.year,
    name: t.name ?? '',
  };
}

/** The fields of a provider payment the shop decides on. */
export interface ProviderPayment {
  id: string;
  /** initiated, paid, failed, authorized, captured, refunded, voided. */
  status: string;
  /** Smallest currency unit (halalas for SAR). */
  amount: number;
  /** What has been refunded of `amount` so far, all refunds together (halalas). */
  refunded: number;
  currency: string;
  /** The card network's answer: APPROVED, INSUFFICIENT FUNDS, DECLINED, ... */
  message: string;
  metadata: Record<string, string>;
  /** How it was paid, from Moyasar's `source`. */
  source: PaymentSourceFacts;
  /** The provider's whole object, kept with our payment row. */
  raw: unknown;
}

/** A payment whose source the shop does not read (Tabby's, seen through the card's shape). */
export const noSource: PaymentSourceFacts = {
  type: '',
  brand: null,
  lastFour: null,
  token: null,
  transactionUrl: null,
};

/** What the shop reads of a payment's `source`. */
export interface PaymentSourceFacts {
  /** creditcard, token, applepay, stcpay (empty when the provider did not say). */
  type: string;
  /** A card's network, lower case (mada, visa, mastercard), or null. */
  brand: string | null;
  /** A card's last four digits, or null. */
  lastFour: string | null;
  /** The token Moyasar saved the card as, when the shopper asked to save it (`save_card`). */
  token: string | null;
  /** Where the shopper completes the payment (3-D Secure), or where STC Pay's code is sent. */
  transactionUrl: string | null;
}

/** The provider could not be asked (network error, timeout, 5xx, 429, wrong key): try later. */
export class ProviderUnavailableError extends Error {
  override name = 'ProviderUnavailableError';
}

/** The provider does not know this payment. */
export class ProviderNotFoundError extends Error {
  override name = 'ProviderNotFoundError';
}

/** The provider refused the request (a 4xx other than 404, e.g. voiding a settled payment). */
export class ProviderRejectedError extends Error {
  override name = 'ProviderRejectedError';
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** Moyasar's payment object (https://docs.moyasar.com/payment-object), the fields we read. */
export const moyasarPaymentSchema = z.looseObject({
  id: z.string(),
  status: z.string(),
  amount: z.number().int(),
  refunded: z.number().int().nullish(),
  currency: z.string(),
  metadata: z.record(z.string(), z.unknown()).nullish(),
  source: z
    .looseObject({
      type: z.string().nullish(),
      message: z.string().nullish(),
      company: z.string().nullish(),
      number: z.string().nullish(),
      last_four: z.string().nullish(),
      token: z.string().nullish(),
      transaction_url: z.string().nullish(),
    })
    .nullish(),
});

/** The last four digits of a masked card number (`XXXX-XXXX-XXXX-1111`, `4111 11** **** 1111`). */
function lastFourOf(masked: string | null | undefined): string | null {
  const digits = (masked ?? '').replace(/\D/g, '');
  return digits.length >= 4 ? digits.slice(-4) : null;
}

export function toProviderPayment(json: unknown): ProviderPayment {
  const parsed = moyasarPaymentSchema.safeParse(json);
  if (!parsed.success)
    throw new ProviderUnavailableError('the provider answered an unexpected payment object');
  const p = parsed.data;
  const metadata: Record<string, string> = {};
  for (const [key, value] of Object.entries(p.metadata ?? {})) {
    if (typeof value === 'string' || typeof value === 'number') metadata[key] = String(value);
  }
  return {
    id: p.id,
    status: p.status,
    amount: p.amount,
    refunded: p.refunded ?? 0,
    currency: p.currency.toUpperCase(),
    message: p.source?.message ?? '',
    metadata,
    source: {
      type: p.source?.type ?? '',
      brand: p.source?.company?.toLowerCase() ?? null,
      lastFour: lastFourOf(p.source?.last_four ?? p.source?.number),
      token: p.source?.token ?? null,
      transactionUrl: p.source?.transaction_url ?? null,
    },
    raw: json,
  };
}

/**
 * Every payment method's provider, as the shop needs it (decision 240): a card (Moyasar, or its
 * local sandbox) and buy now, pay later (Tabby, or its local simulator) answer the same calls,
 * and later methods (Tamara, Apple Pay, STC Pay, saved cards) join by implementing them. The
 * card's `PaymentProvider` above stays as it is: `cardGateway` puts it behind this interface.
 */
export interface PaymentGateway {
  /** Stored with each payment row: stable names, never renamed. */
  readonly name: GatewayName;
  readonly method: PaymentMethod;
  /**
   * Starts paying an order: a checkout session at the provider, or nothing to create when the
   * payment is made in a form on the shop's own payment page (a card). A refusal before the
   * shopper is sent anywhere (Tabby's pre-scoring) is an answer, not an error.
   */
  startCheckout(request: CheckoutRequest): Promise<CheckoutSession>;
  /** The payment as the provider knows it now: the only source of its state. */
  fetch(id: string): Promise<GatewayPayment>;
  /** Takes part or all of an authorised amount; the same `referenceId` again takes nothing more. */
  capture(id: string, amountHalalas: number, referenceId: string): Promise<GatewayPayment>;
  /** Gives up what is authorised and not captured (a card: voids it). */
  close(id: string): Promise<GatewayPayment>;
  /** Gives back part or all of what was captured; the same `referenceId` again gives nothing more. */
  refund(id: string, amountHalalas: number, referenceId: string): Promise<GatewayPayment>;
  /**
   * The payment a webhook is about, once the request proved it comes from the provider (throws
   * WebhookUnauthorisedError otherwise); null for an event about no payment. The body's status
   * is never read: the payment is fetched again.
   */
  webhookPaymentId(request: WebhookRequest): Promise<string | null>;
  /**
   * The merchant's acknowledgement of a payment the shopper approved (`awaitingMerchant`), which
   * makes it authorised: Tamara's `authorise`. Absent where approving authorises (Tabby).
   */
  authorise?(id: string): Promise<GatewayPayment>;
}

/** What a webhook brings: its headers, its query string (Tamara's `tamaraToken`) and its body. */
export interface WebhookRequest {
  headers: Readonly<Record<string, unknown>>;
  query?: Readonly<Record<string, unknown>>;
  body: unknown;
}

export const gatewayNames = paymentProviderNames;
export type GatewayName = (typeof gatewayNames)[number];
export type { PayLaterMethod, PaymentMethod } from '@shop/contract';

/** The method a card provider's payment was made with, from its source (a saved card is a card). */
export function methodOfSource(sourceType: string): 'card' | 'applepay' | 'stcpay' {
  if (sourceType === 'applepay') return 'applepay';
  if (sourceType === 'stcpay') return 'stcpay';
  return 'card';
}

/** A payment as every provider reports it, in halalas, with the shop's one state. */
export interface GatewayPayment extends PaymentFacts {
  id: string;
  state: PaymentState;
  currency: string;
  /** The shop's order this payment was made for, as the shop told the provider. */
  orderId: string | null;
  /** The provider's own status word (Moyasar `paid`, Tabby `AUTHORIZED`), kept with the payment row. */
  providerStatus: string;
  /** The provider's words for a refusal, for the logs (never shown to a shopper). */
  message: string;
  /** Approved by the shopper, pending until the merchant acknowledges it (`authorise`). */
  awaitingMerchant?: boolean;
  raw: unknown;
}

/** What a provider is told of an order to pay (Tabby scores the buyer on it). */
export interface CheckoutRequest {
  order: {
    id: string;
    /** The shop's order number, which the shopper and the provider's dashboard show. */
    number: number;
    /** The id the shop chose for the order's payment (a card payment's id, as Moyasar's form takes it). */
    paymentGivenId: string;
    totalHalalas: number;
    shippingHalalas: number;
    discountHalalas: number;
    vatHalalas: number;
    lines: { sku: string; title: string; quantity: number; unitPriceHalalas: number }[];
    buyer: { name: string; email: string; phone: string };
    shipping: { city: string; address: string; zip: string };
  };
  lang: 'ar' | 'en';
  /** Where the provider sends the shopper back to: approved, cancelled, rejected. */
  returnUrls: { success: string; cancel: string; failure: string };
  /** Where the provider sends its notifications about this payment (Tamara takes it per session). */
  notifyUrl?: string;
}

export type CheckoutSession =
  /** `redirectUrl` null: the payment is made on the shop's own page (a card form). */
  { outcome: 'created'; paymentId: string; redirectUrl: string | null } | { outcome: 'rejected' };

/** A webhook that does not carry the secret the shop gave the provider: 401, nothing changes. */
export class WebhookUnauthorisedError extends Error {
  override name = 'WebhookUnauthorisedError';
}

/** Whole halalas from a provider's decimal amount (`"1299.50"` → 129950). */
export function halalasOf(amount: string | number): number {
  const value = typeof amount === 'number' ? amount : Number(amount);
  if (!Number.isFinite(value))
    throw new ProviderUnavailableError(`the provider answered an amount "${amount}"`);
  return Math.round(value * 100);
}

/** A decimal amount with two places, as Tabby takes SAR (`129950` → `"1299.50"`); Tamara takes the number. */
export function decimalOf(halalas: number): string {
  return (halalas / 100).toFixed(2);
}

/**
 * A provider's JSON answer, or the error the shop decides on: 404 the provider does not know
 * it; a wrong key (401, 403), too many requests (429) or a 5xx is our configuration or their
 * outage, not the shopper's payment, so try later; any other 4xx is a refusal, with the
 * provider's words from `messageField` of its error body.
 */
export async function providerAnswer(
  response: Response,
  provider: string,
  messageField: string,
): Promise<unknown> {
  if (response.status === 404) throw new ProviderNotFoundError(`${provider} does not know this payment`);
  if ([401, 403, 429].includes(response.status) || response.status >= 500)
    throw new ProviderUnavailableError(`${provider} answered ${response.status}`);
  let json: unknown;
  try {
    json = await response.json();
  } catch {
    throw new ProviderUnavailableError(`${provider} answered ${response.status} without JSON`);
  }
  if (!response.ok) {
    const message = (json as Record<string, unknown> | null)?.[messageField];
    throw new ProviderRejectedError(
      response.status,
      typeof message === 'string' ? message : `status ${response.status}`,
    );
  }
  return json;
}

/** Where a provider's REST API is and how it is called: its bearer key is read on every call. */
export interface BearerApiOptions {
  name: string;
  apiUrl: string;
  bearer: () => string | undefined;
  /** The field of its error bodies that carries its words. */
  messageField: string;
  timeoutMs?: number;
}

/**
 * A provider's REST API with a bearer key (Tabby's, Tamara's): one JSON call, read by
 * `providerAnswer`; a provider that cannot be reached (network, timeout) is unavailable: try
 * later. A POST always sends a JSON body (`{}` when it has none).
 */
export abstract class BearerApi {
  private readonly fetchFn: typeof fetch;

  constructor(private readonly api: BearerApiOptions) {
    this.fetchFn = providerFetch(api.name.toLowerCase());
  }

  protected async call(method: 'GET' | 'POST', path: string, body?: object): Promise<unknown> {
    let response: Response;
    try {
      response = await this.fetchFn(`${this.api.apiUrl}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${this.api.bearer() ?? ''}`,
          accept: 'application/json',
          ...(method === 'POST' && { 'content-type': 'application/json' }),
        },
        body: method === 'POST' ? JSON.stringify(body ?? {}) : undefined,
        signal: AbortSignal.timeout(this.api.timeoutMs ?? 10_000),
      });
    } catch (error) {
      throw new ProviderUnavailableError(
        `${this.api.name} could not be reached: ${(error as Error).message}`,
      );
    }
    return providerAnswer(response, this.api.name, this.api.messageField);
  }
}
