import { z } from 'zod';

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
