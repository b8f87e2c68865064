import { AppError } from '../../lib/errors.ts';
import { sameSecret } from '../../lib/same-secret.ts';
import type { PaymentKeys } from '../../modules/payments/keys.ts';
import {
  ProviderNotFoundError,
  ProviderRejectedError,
  ProviderUnavailableError,
} from '../../modules/payments/provider.ts';
import { verifyPayment, type PaymentDeps } from './settle-payment.ts';

/** What the webhook reads of Moyasar's event: its token, its type, and the payment's id. */
export interface PaymentEvent {
  secret_token?: string | undefined;
  type?: string | undefined;
  data?: { id: string } | undefined;
}

/**
 * Moyasar's webhook: the event proves nothing but its `secret_token` (401 WEBHOOK_UNAUTHORIZED
 * without the shop's webhook secret); the payment is fetched from Moyasar again and its order
 * settled as any payment is. Moyasar sends the event again until it gets a 2xx, which is worth
 * it only when asking again can help: 503 while Moyasar cannot be reached, a 2xx for a payment
 * it does not know (logged).
 */
export async function receivePaymentEvent(
  deps: PaymentDeps & { paymentKeys: Pick<PaymentKeys, 'get'> },
  event: PaymentEvent,
): Promise<void> {
  const expected = deps.paymentKeys.get('webhookSecret');
  const given = event.secret_token;
  if (!expected || given === undefined || !sameSecret(given, expected)) {
    throw new AppError(401, 'WEBHOOK_UNAUTHORIZED');
  }
  const paymentId = event.data?.id;
  if (!paymentId) return;
  try {
    const settlement = await verifyPayment(deps, paymentId);
    deps.log.info({ paymentId, ok: settlement.ok, type: event.type }, 'webhook settled');
  } catch (error) {
    if (error instanceof ProviderUnavailableError) throw new AppError(503, 'PAYMENT_PROVIDER_UNAVAILABLE');
    if (!(error instanceof ProviderNotFoundError || error instanceof ProviderRejectedError)) throw error;
    deps.log.warn({ err: error, paymentId }, 'webhook for a payment the provider does not know');
  }
}
