import { providerFetch } from '../../lib/tracing.ts';
import {
  ProviderUnavailableError,
  providerAnswer,
  toCardToken,
  toProviderPayment,
  type CardToken,
  type NewPayment,
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
 * user name and an empty password. A typed card is paid in Moyasar's form in the browser, so
 * card data never reaches us; the server creates only payments that carry no card data: a saved
 * card's token, an STC Pay mobile number (decision 243).
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

  createPayment(request: NewPayment): Promise<ProviderPayment> {
    const source = request.source.type === 'token' ? { ...request.source, '3ds': true } : request.source;
    return this.request('POST', '/v1/payments', {
      given_id: request.givenId,
      amount: request.amount,
      currency: 'SAR',
      description: request.description,
      callback_url: request.callbackUrl,
      metadata: request.metadata,
      source,
    });
  }

  /**
   * Sends STC Pay's one-time code to the payment's `transaction_url`, which Moyasar answers with
   * the payment. The address must be Moyasar's own: the secret key goes nowhere else.
   */
  async submitOtp(payment: ProviderPayment, otp: string): Promise<ProviderPayment> {
    const url = payment.source.transactionUrl;
    if (!url || new URL(url).origin !== new URL(this.options.apiUrl).origin)
      throw new ProviderUnavailableError('the payment has no STC Pay address at Moyasar');
    return toProviderPayment(await this.call('POST', url, { otp_value: otp }));
  }

  async fetchToken(id: string): Promise<CardToken> {
    return toCardToken(await this.call('GET', `${this.options.apiUrl}/v1/tokens/${encodeURIComponent(id)}`));
  }

  async deleteToken(id: string): Promise<void> {
    await this.call('DELETE', `${this.options.apiUrl}/v1/tokens/${encodeURIComponent(id)}`);
  }

  private async request(method: 'GET' | 'POST', path: string, body?: object): Promise<ProviderPayment> {
    return toProviderPayment(await this.call(method, `${this.options.apiUrl}${path}`, body));
  }

  /** One call; Moyasar answers 204 without a body to a deleted token. */
  private async call(method: 'GET' | 'POST' | 'DELETE', url: string, body?: object): Promise<unknown> {
    let response: Response;
    try {
      response = await this.fetch(url, {
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
    if (response.status === 204) return null;
    return providerAnswer(response, 'Moyasar', 'message');
  }
}
