import { providerFetch } from '../../lib/tracing.ts';
import {
  ProviderUnavailableError,
  providerAnswer,
  toProviderPayment,
  type PaymentProvider,
  type ProviderPayment,
} from './provider.ts';

export interface MoyasarOptions {
  /** `https://api.moyasar.com`, or a local fake in tests. */
  apiUrl: string;
  /** Read on every call: an owner may replace the key while the shop runs. */
  secretKey: string | (() => string | undefined);
  /** A slow provider must not hold a shopper's request (or a webhook) for long. */
  timeoutMs?: number;
}

/**
 * Moyasar's REST API (https://docs.moyasar.com/api): HTTP Basic with the secret key as the
 * user name and an empty password. Only reads and refunds/voids: payments are created by
 * Moyasar's form in the browser, so card data never reaches us.
 */
export class MoyasarProvider implements PaymentProvider {
  readonly name = 'moyasar' as const;
  private readonly timeoutMs: number;
  /** A span for each call while tracing is on. */
  private readonly fetch = providerFetch('moyasar');

  constructor(private readonly options: MoyasarOptions) {
    this.timeoutMs = options.timeoutMs ?? 10_000;
  }

  private get authorization(): string {
    const key =
      typeof this.options.secretKey === 'function' ? this.options.secretKey() : this.options.secretKey;
    return `Basic ${Buffer.from(`${key ?? ''}:`).toString('base64')}`;
  }

  fetchPayment(id: string): Promise<ProviderPayment> {
    return this.request('GET', `/v1/payments/${encodeURIComponent(id)}`);
  }

  voidPayment(id: string): Promise<ProviderPayment> {
    return this.request('POST', `/v1/payments/${encodeURIComponent(id)}/void`);
  }

  refundPayment(id: string, amountHalalas: number): Promise<ProviderPayment> {
    return this.request('POST', `/v1/payments/${encodeURIComponent(id)}/refund`, { amount: amountHalalas });
  }

  private async request(method: 'GET' | 'POST', path: string, body?: object): Promise<ProviderPayment> {
    let response: Response;
    try {
      response = await this.fetch(`${this.options.apiUrl}${path}`, {
        method,
        headers: {
          authorization: this.authorization,
          accept: 'application/json',
          ...(body && { 'content-type': 'application/json' }),
        },
        body: body ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (error) {
      throw new ProviderUnavailableError(`Moyasar could not be reached: ${(error as Error).message}`);
    }
    const json = await providerAnswer(response, 'Moyasar', 'message');
    return toProviderPayment(json);
  }
}
