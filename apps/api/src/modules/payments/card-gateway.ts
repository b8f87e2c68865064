import { sameSecret } from '../../lib/same-secret.ts';
import {
  ProviderRejectedError,
  WebhookUnauthorisedError,
  type CheckoutRequest,
  type CheckoutSession,
  type GatewayPayment,
  type PaymentGateway,
  type PaymentProvider,
  type ProviderPayment,
} from './provider.ts';
import { paymentState, type PaymentFacts } from './state.ts';

/** Moyasar's statuses as facts: a paid card is captured in full when it is paid. */
function cardFacts(p: ProviderPayment): PaymentFacts {
  const base = { amount: p.amount, refunded: p.refunded };
  switch (p.status) {
    case 'initiated':
      return { ...base, status: 'open', captured: 0 };
    case 'authorized':
      return { ...base, status: 'authorised', captured: 0 };
    case 'failed':
      return { ...base, status: 'rejected', captured: 0 };
    case 'voided':
      return { ...base, status: 'closed', captured: 0 };
    default:
      // paid, captured, refunded: the whole amount was taken.
      return { ...base, status: 'closed', captured: p.amount };
  }
}

export function cardPayment(p: ProviderPayment): GatewayPayment {
  const facts = cardFacts(p);
  return {
    ...facts,
    id: p.id,
    state: paymentState(facts),
    currency: p.currency,
    orderId: p.metadata.order_id ?? null,
    providerStatus: p.status,
    message: p.message,
    raw: p.raw,
  };
}

/**
 * A card provider (Moyasar, or its sandbox) behind the one interface of every method. Nothing
 * of the card's behaviour changes: the payment is made by the card form on the shop's payment
 * page (its id is the order's `given_id`), captured when paid, voided on close, refunded by
 * amount. Moyasar takes no idempotency key on a refund: the shop's refunds table gives it one
 * (decision 115). Its webhook proves itself by the `secret_token` in its body.
 */
export function cardGateway(
  provider: PaymentProvider,
  webhookSecret: () => string | undefined,
): PaymentGateway {
  return {
    name: provider.name,
    method: 'card',
    startCheckout(request: CheckoutRequest): Promise<CheckoutSession> {
      const paymentId = request.order.paymentGivenId;
      return Promise.resolve({ outcome: 'created', paymentId, redirectUrl: null });
    },
    async fetch(id) {
      return cardPayment(await provider.fetchPayment(id));
    },
    capture() {
      return Promise.reject(new ProviderRejectedError(400, 'a card payment is captured when it is paid'));
    },
    async close(id) {
      return cardPayment(await provider.voidPayment(id));
    },
    async refund(id, amountHalalas) {
      return cardPayment(await provider.refundPayment(id, amountHalalas));
    },
    async webhookPaymentId({ body }) {
      const expected = webhookSecret();
      const event = (body ?? {}) as { secret_token?: unknown; data?: { id?: unknown } };
      const given = event.secret_token;
      if (!expected || typeof given !== 'string' || !sameSecret(given, expected))
        throw new WebhookUnauthorisedError('the webhook did not carry the secret token');
      return typeof event.data?.id === 'string' ? event.data.id : null;
    },
  };
}
