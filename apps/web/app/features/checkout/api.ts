import {
  apiPaths,
  payInvoiceAnswerSchema,
  sandboxPayAnswerSchema,
  verifyPaymentAnswerSchema,
  type PayInvoiceAnswer,
  type SandboxPayAnswer,
  type SandboxPayBody,
  type VerifyPaymentAnswer,
} from '@shop/contract';
import type { ApiClient } from '../../lib/api.ts';
import type { PaymentNavigationState } from '../cart/payment-state.ts';

/**
 * Places the order of the cart (spec §3 invoice submission). Only the delivery fields of the
 * navigation state matter: the server prices the order from the cart itself.
 */
export function placeOrder(api: ApiClient, state: PaymentNavigationState): Promise<PayInvoiceAnswer> {
  return api.post(apiPaths.payInvoice.build({}), payInvoiceAnswerSchema, {
    body: {
      userId: state.userId,
      invoiceUserAdress: state.invoiceUserAdress,
      invoiceUserPhone: state.invoiceUserPhone,
      invoiceUserLocation: state.invoiceUserLocation,
      invoiceNote: state.invoiceNote,
      products: state.products,
    },
  });
}

/** The simulated card payment (only when the shop runs without Moyasar keys). */
export function payWithSandbox(api: ApiClient, body: SandboxPayBody): Promise<SandboxPayAnswer> {
  return api.post(apiPaths.sandboxPay.build({}), sandboxPayAnswerSchema, { body });
}

/** Asks the server to confirm a payment with the provider; resolves only once the order is paid. */
export function verifyPayment(api: ApiClient, id: string): Promise<VerifyPaymentAnswer> {
  return api.post(apiPaths.verifyPayment.build({}), verifyPaymentAnswerSchema, { body: { id } });
}
