import { jwtVerify } from 'jose';
import { z } from 'zod';
import {
  ProviderRejectedError,
  ProviderUnavailableError,
  WebhookUnauthorisedError,
  halalasOf,
  BearerApi,
  type CheckoutRequest,
  type CheckoutSession,
  type GatewayPayment,
  type PaymentGateway,
  type WebhookRequest,
} from './provider.ts';
import { paymentState, type PaymentFacts } from './state.ts';

/**
 * Tamara, "pay in 4" (https://docs.tamara.co): `POST /checkout` creates the order at Tamara
 * (`new`) and answers its hosted page (`checkout_url`); the shopper approves there (`approved`),
 * and the merchant must then acknowledge it with `POST /orders/{order_id}/authorise`, which makes
 * it `authorised`: a confirmed order. The shop captures it when it ships (`POST
 * /payments/capture`), cancels the uncaptured rest (`POST /orders/{order_id}/cancel`) and
 * refunds captured money (`POST /payments/simplified-refund/{order_id}`, with our refund's id
 * as `merchant_refund_id`). `GET /orders/{order_id}` is the only source of the order's state.
 * Amounts are numbers of riyals in `{ amount, currency }` objects.
 */

const money = z.looseObject({ amount: z.union([z.number(), z.string()]), currency: z.string() });
const movement = z.looseObject({
  amount: z.union([z.number(), z.string(), money]).optional(),
  total_amount: money.optional(),
  merchant_refund_id: z.string().nullish(),
  reference_id: z.string().nullish(),
});

/** Tamara's order object (`GET /orders/{order_id}`), the fields we read. */
export const tamaraOrderSchema = z.looseObject({
  order_id: z.string(),
  order_reference_id: z.string().nullish(),
  status: z.string(),
  total_amount: money,
  captured_amount: money.nullish(),
  refunded_amount: money.nullish(),
  transactions: z
    .looseObject({ captures: z.array(movement).nullish(), refunds: z.array(movement).nullish() })
    .nullish(),
});
export type TamaraOrder = z.infer<typeof tamaraOrderSchema>;

/**
 * Tamara's order statuses as the shop's facts. `approved` waits for the merchant's `authorise`;
 * once captured in full or refunded, nothing more is authorised (closed); `canceled` gave up
 * what was not captured.
 */
const byStatus: Record<string, PaymentFacts['status']> = {
  new: 'open',
  updated: 'open',
  approved: 'open',
  declined: 'rejected',
  expired: 'expired',
  authorised: 'authorised',
  partially_captured: 'authorised',
  fully_captured: 'closed',
  partially_refunded: 'closed',
  fully_refunded: 'closed',
  canceled: 'closed',
};

const halalasOfMoney = (m: z.infer<typeof money> | null | undefined) => (m ? halalasOf(m.amount) : 0);

export function tamaraFacts(order: TamaraOrder): PaymentFacts {
  const status = byStatus[order.status.toLowerCase()];
  if (!status) throw new ProviderUnavailableError(`Tamara answered an order status "${order.status}"`);
  return {
    status,
    amount: halalasOfMoney(order.total_amount),
    captured: halalasOfMoney(order.captured_amount),
    refunded: halalasOfMoney(order.refunded_amount),
  };
}

export function toTamaraPayment(json: unknown): GatewayPayment {
  const parsed = tamaraOrderSchema.safeParse(json);
  if (!parsed.success) throw new ProviderUnavailableError('Tamara answered an unexpected order object');
  const order = parsed.data;
  const facts = tamaraFacts(order);
  return {
    ...facts,
    id: order.order_id,
    state: paymentState(facts),
    currency: order.total_amount.currency.toUpperCase(),
    orderId: order.order_reference_id ?? null,
    providerStatus: order.status,
    message: order.status,
    awaitingMerchant: order.status.toLowerCase() === 'approved',
    raw: json,
  };
}

/** An amount as Tamara takes it: riyals, a number, with the currency. */
export const sar = (halalas: number) => ({ amount: halalas / 100, currency: 'SAR' });

/** The body of `POST /checkout` for an order: pay by instalments, in 4. */
export function tamaraCheckoutPayload(request: CheckoutRequest) {
  const { order } = request;
  const [firstName = '', ...rest] = order.buyer.name.trim().split(/\s+/);
  const lastName = rest.join(' ') || firstName;
  return {
    order_reference_id: order.id,
    order_number: String(order.number),
    description: `#${order.number}`,
    country_code: 'SA',
    payment_type: 'PAY_BY_INSTALMENTS',
    instalments: 4,
    locale: request.lang === 'ar' ? 'ar_SA' : 'en_US',
    total_amount: sar(order.totalHalalas),
    tax_amount: sar(order.vatHalalas),
    shipping_amount: sar(order.shippingHalalas),
    discount: { name: 'discount', amount: sar(order.discountHalalas) },
    items: order.lines.map((line) => ({
      reference_id: line.sku,
      sku: line.sku,
      name: line.title,
      type: 'Physical',
      quantity: line.quantity,
      unit_price: sar(line.unitPriceHalalas),
      total_amount: sar(line.unitPriceHalalas * line.quantity),
    })),
    consumer: {
      first_name: firstName,
      last_name: lastName,
      phone_number: order.buyer.phone,
      email: order.buyer.email,
    },
    shipping_address: {
      first_name: firstName,
      last_name: lastName,
      line1: order.shipping.address,
      city: order.shipping.city,
      postal_code: order.shipping.zip,
      country_code: 'SA',
      phone_number: order.buyer.phone,
    },
    merchant_url: { ...request.returnUrls, notification: request.notifyUrl ?? '' },
  };
}

const sessionSchema = z.looseObject({ order_id: z.string(), checkout_url: z.string() });

/** The notification's token: the `tamaraToken` query parameter, or the `Authorization: Bearer` header. */
function tokenOf({ headers, query }: WebhookRequest): string | null {
  const fromQuery = query?.tamaraToken;
  if (typeof fromQuery === 'string' && fromQuery) return fromQuery;
  const authorization = headers.authorization;
  if (typeof authorization === 'string' && /^Bearer\s+\S/i.test(authorization))
    return authorization.replace(/^Bearer\s+/i, '');
  return null;
}

/**
 * Tamara's notification proves itself by a JWT signed (HS256) with the merchant's notification
 * key, sent as `tamaraToken` in the query and as a bearer token; a request without a valid one
 * is refused before its body is read. Then only the order's id is read: its status never is.
 */
export async function tamaraWebhookPaymentId(
  notificationKey: string | undefined,
  request: WebhookRequest,
): Promise<string | null> {
  const token = tokenOf(request);
  if (!notificationKey || !token) throw new WebhookUnauthorisedError('the notification carried no token');
  try {
    await jwtVerify(token, new TextEncoder().encode(notificationKey), { algorithms: ['HS256'] });
  } catch {
    throw new WebhookUnauthorisedError('the notification token is not signed with the shop key');
  }
  const id = (request.body as { order_id?: unknown } | null)?.order_id;
  return typeof id === 'string' ? id : null;
}

export interface TamaraOptions {
  /** `https://api.tamara.co` (sandbox `https://api-sandbox.tamara.co`), or a local fake in tests. */
  apiUrl: string;
  /** Read on every call: an owner may replace the token while the shop runs. */
  apiToken: () => string | undefined;
  notificationKey: () => string | undefined;
  timeoutMs?: number;
}

/** Tamara's REST API, HTTP Bearer with the merchant's API token. */
export class TamaraClient extends BearerApi implements PaymentGateway {
  readonly name = 'tamara' as const;
  readonly method = 'tamara' as const;
  constructor(private readonly options: TamaraOptions) {
    super({
      name: 'Tamara',
      apiUrl: options.apiUrl,
      bearer: options.apiToken,
      messageField: 'message',
      timeoutMs: options.timeoutMs,
    });
  }

  async startCheckout(request: CheckoutRequest): Promise<CheckoutSession> {
    let answer: unknown;
    try {
      answer = await this.call('POST', '/checkout', tamaraCheckoutPayload(request));
    } catch (error) {
      // Tamara refuses a session it will not offer (the total, the buyer) with a 4xx.
      if (error instanceof ProviderRejectedError) return { outcome: 'rejected' };
      throw error;
    }
    const parsed = sessionSchema.safeParse(answer);
    if (!parsed.success) throw new ProviderUnavailableError('Tamara answered an unexpected session');
    return { outcome: 'created', paymentId: parsed.data.order_id, redirectUrl: parsed.data.checkout_url };
  }

  async fetch(id: string): Promise<GatewayPayment> {
    return toTamaraPayment(await this.call('GET', `/orders/${encodeURIComponent(id)}`));
  }

  async authorise(id: string): Promise<GatewayPayment> {
    await this.call('POST', `/orders/${encodeURIComponent(id)}/authorise`);
    return this.fetch(id);
  }

  async capture(id: string, amountHalalas: number): Promise<GatewayPayment> {
    await this.call('POST', '/payments/capture', {
      order_id: id,
      total_amount: sar(amountHalalas),
      shipping_info: { shipped_at: new Date().toISOString(), shipping_company: 'shop' },
    });
    return this.fetch(id);
  }

  async close(id: string): Promise<GatewayPayment> {
    const now = await this.fetch(id);
    await this.call('POST', `/orders/${encodeURIComponent(id)}/cancel`, {
      total_amount: sar(now.amount - now.captured),
    });
    return this.fetch(id);
  }

  /** A refund whose reference Tamara already lists (a retry after a crash) gives nothing more. */
  async refund(id: string, amountHalalas: number, referenceId: string): Promise<GatewayPayment> {
    const now = await this.fetch(id);
    const refunds = tamaraOrderSchema.parse(now.raw).transactions?.refunds ?? [];
    if (refunds.some((r) => r.merchant_refund_id === referenceId)) return now;
    await this.call('POST', `/payments/simplified-refund/${encodeURIComponent(id)}`, {
      total_amount: sar(amountHalalas),
      comment: 'refund',
      merchant_refund_id: referenceId,
    });
    return this.fetch(id);
  }

  webhookPaymentId(request: WebhookRequest): Promise<string | null> {
    return tamaraWebhookPaymentId(this.options.notificationKey(), request);
  }
}
