import { paymentProviderNames, type PayLaterMethod } from '@shop/contract';
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
  /** The provider's whole object, kept with our payment row. */
  raw: unknown;
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
  source: z.looseObject({ message: z.string().nullish() }).nullish(),
});

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
export type PaymentMethod = 'card' | PayLaterMethod;
export type { PayLaterMethod };

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
