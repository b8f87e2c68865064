import { z } from 'zod';
import { sameSecret } from '../../lib/same-secret.ts';
import {
  ProviderUnavailableError,
  WebhookUnauthorisedError,
  BearerApi,
  decimalOf,
  halalasOf,
  type CheckoutRequest,
  type CheckoutSession,
  type GatewayPayment,
  type PaymentGateway,
  type WebhookRequest,
} from './provider.ts';
import { paymentState, type PaymentFacts } from './state.ts';

/**
 * Tabby, "pay in 4" (https://docs.tabby.ai): a checkout session creates the payment and answers
 * Tabby's pre-scoring (`created`, with the hosted page's `web_url`, or `rejected`); the shopper
 * approves on Tabby's page and comes back; the payment (`GET /api/v2/payments/{id}`) is then
 * AUTHORIZED, and the shop captures it (`/captures`, all or part), closes the rest (`/close`)
 * and refunds captured money (`/refunds`). Captures and refunds carry our own `reference_id`,
 * which Tabby takes as their idempotency key.
 */

/** The header the shop asks Tabby to send with every webhook, carrying the webhook secret. */
export const TABBY_WEBHOOK_HEADER = 'x-tabby-webhook-secret';

const amount = z.union([z.string(), z.number()]);
const moneyMovement = z.looseObject({
  id: z.string().optional(),
  amount,
  reference_id: z.string().nullish(),
});

/** Tabby's payment object, the fields we read. */
export const tabbyPaymentSchema = z.looseObject({
  id: z.string(),
  status: z.string(),
  amount,
  currency: z.string(),
  order: z.looseObject({ reference_id: z.string().nullish() }).nullish(),
  meta: z.record(z.string(), z.unknown()).nullish(),
  captures: z.array(moneyMovement).nullish(),
  refunds: z.array(moneyMovement).nullish(),
});
export type TabbyPayment = z.infer<typeof tabbyPaymentSchema>;

const sum = (items: { amount: string | number }[] | null | undefined) =>
  (items ?? []).reduce((total, item) => total + halalasOf(item.amount), 0);

/** Tabby's statuses (upper case in the API, lower case in webhooks) as the shop's facts. */
export function tabbyFacts(p: TabbyPayment): PaymentFacts {
  const byStatus: Record<string, PaymentFacts['status']> = {
    CREATED: 'open',
    AUTHORIZED: 'authorised',
    CLOSED: 'closed',
    REJECTED: 'rejected',
    EXPIRED: 'expired',
  };
  const status = byStatus[p.status.toUpperCase()];
  if (!status) throw new ProviderUnavailableError(`Tabby answered a payment status "${p.status}"`);
  return { status, amount: halalasOf(p.amount), captured: sum(p.captures), refunded: sum(p.refunds) };
}

export function toTabbyPayment(json: unknown): GatewayPayment {
  const parsed = tabbyPaymentSchema.safeParse(json);
  if (!parsed.success) throw new ProviderUnavailableError('Tabby answered an unexpected payment object');
  const p = parsed.data;
  const facts = tabbyFacts(p);
  const orderId = p.meta?.order_id;
  return {
    ...facts,
    id: p.id,
    state: paymentState(facts),
    currency: p.currency.toUpperCase(),
    orderId: typeof orderId === 'string' ? orderId : null,
    providerStatus: p.status,
    message: p.status,
    raw: json,
  };
}

/** The body of `POST /api/v2/checkout` for an order (Tabby's session payload model). */
export function checkoutPayload(request: CheckoutRequest, merchantCode: string) {
  const { order } = request;
  return {
    payment: {
      amount: decimalOf(order.totalHalalas),
      currency: 'SAR',
      description: `#${order.number}`,
      buyer: order.buyer,
      shipping_address: order.shipping,
      order: {
        reference_id: String(order.number),
        tax_amount: decimalOf(order.vatHalalas),
        shipping_amount: decimalOf(order.shippingHalalas),
        discount_amount: decimalOf(order.discountHalalas),
        items: order.lines.map((line) => ({
          reference_id: line.sku,
          title: line.title,
          quantity: line.quantity,
          unit_price: decimalOf(line.unitPriceHalalas),
          category: 'electronics',
        })),
      },
      meta: { order_id: order.id },
    },
    lang: request.lang,
    merchant_code: merchantCode,
    merchant_urls: request.returnUrls,
  };
}

const sessionSchema = z.looseObject({
  status: z.string(),
  payment: z.looseObject({ id: z.string() }).nullish(),
  configuration: z
    .looseObject({
      available_products: z
        .looseObject({ installments: z.array(z.looseObject({ web_url: z.string() })).nullish() })
        .nullish(),
    })
    .nullish(),
});

/** Tabby's webhook proves itself by the header the shop registered it with, nothing else. */
export async function tabbyWebhookPaymentId(
  expected: string | undefined,
  { headers, body }: WebhookRequest,
): Promise<string | null> {
  const given = headers[TABBY_WEBHOOK_HEADER];
  if (!expected || typeof given !== 'string' || !sameSecret(given, expected))
    throw new WebhookUnauthorisedError('the webhook did not carry the shop header');
  const id = (body as { id?: unknown } | null)?.id;
  return typeof id === 'string' ? id : null;
}

/** Tabby's API for merchants in Saudi Arabia. */
export const TABBY_API_URL = 'https://api.tabby.sa';

export interface TabbyOptions {
  /** `https://api.tabby.sa` for Saudi merchants, or a local fake in tests. */
  apiUrl: string;
  /** Read on every call: an owner may replace the key while the shop runs. */
  secretKey: () => string | undefined;
  merchantCode: () => string | undefined;
  webhookSecret: () => string | undefined;
  timeoutMs?: number;
}

/** Tabby's REST API, HTTP Bearer with the secret key. */
export class TabbyClient extends BearerApi implements PaymentGateway {
  readonly name = 'tabby' as const;
  readonly method = 'tabby' as const;
  constructor(private readonly options: TabbyOptions) {
    super({
      name: 'Tabby',
      apiUrl: options.apiUrl,
      bearer: options.secretKey,
      messageField: 'error',
      timeoutMs: options.timeoutMs,
    });
  }

  async startCheckout(request: CheckoutRequest): Promise<CheckoutSession> {
    const body = checkoutPayload(request, this.options.merchantCode() ?? '');
    const parsed = sessionSchema.safeParse(await this.call('POST', '/api/v2/checkout', body));
    if (!parsed.success) throw new ProviderUnavailableError('Tabby answered an unexpected session');
    const session = parsed.data;
    const webUrl = session.configuration?.available_products?.installments?.[0]?.web_url;
    // A pre-scoring rejection is a 200 with status "rejected" and no page to send the shopper to.
    if (session.status !== 'created' || !webUrl || !session.payment) return { outcome: 'rejected' };
    return { outcome: 'created', paymentId: session.payment.id, redirectUrl: webUrl };
  }

  async fetch(id: string): Promise<GatewayPayment> {
    return toTabbyPayment(await this.call('GET', `/api/v2/payments/${encodeURIComponent(id)}`));
  }

  async capture(id: string, amountHalalas: number, referenceId: string): Promise<GatewayPayment> {
    const body = { amount: decimalOf(amountHalalas), reference_id: referenceId };
    return toTabbyPayment(
      await this.call('POST', `/api/v2/payments/${encodeURIComponent(id)}/captures`, body),
    );
  }

  async close(id: string): Promise<GatewayPayment> {
    return toTabbyPayment(await this.call('POST', `/api/v2/payments/${encodeURIComponent(id)}/close`));
  }

  async refund(id: string, amountHalalas: number, referenceId: string): Promise<GatewayPayment> {
    const body = { amount: decimalOf(amountHalalas), reference_id: referenceId };
    return toTabbyPayment(
      await this.call('POST', `/api/v2/payments/${encodeURIComponent(id)}/refunds`, body),
    );
  }

  webhookPaymentId(request: WebhookRequest): Promise<string | null> {
    return tabbyWebhookPaymentId(this.options.webhookSecret(), request);
  }
}
