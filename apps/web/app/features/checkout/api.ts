import {
  apiPaths,
  payInvoiceAnswerSchema,
  sandboxPayAnswerSchema,
  verifyPaymentAnswerSchema,
  type PayInvoiceAnswer,
  type PayInvoiceBody,
  type SandboxPayAnswer,
  type SandboxPayBody,
  type VerifyPaymentAnswer,
} from '@shop/contract';
import type { ApiClient } from '../../lib/api.ts';

/**
 * Places the order of the shopper's cart with the delivery fields of `body`; the server prices
 * it from the cart itself.
 */
export function placeOrder(api: ApiClient, body: PayInvoiceBody): Promise<PayInvoiceAnswer> {
  return api.post(apiPaths.payInvoice.build({}), payInvoiceAnswerSchema, { body });
}

/** The simulated card payment (only when the shop runs without Moyasar keys). */
export function payWithSandbox(api: ApiClient, body: SandboxPayBody): Promise<SandboxPayAnswer> {
  return api.post(apiPaths.sandboxPay.build({}), sandboxPayAnswerSchema, { body });
}

/** Asks the server to confirm a payment with the provider; resolves only once the order is paid. */
export function verifyPayment(api: ApiClient, id: string): Promise<VerifyPaymentAnswer> {
  return api.post(apiPaths.verifyPayment.build({}), verifyPaymentAnswerSchema, { body: { id } });
}
