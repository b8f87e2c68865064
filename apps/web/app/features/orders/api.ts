import { apiPaths, verifyPaymentAnswerSchema } from '@shop/contract';
import type { ApiClient } from '../../lib/api.ts';

/** The orders tab shows 5 orders a page. */
export const ORDERS_PAGE_SIZE = 5;

/** The server asks the provider about the payment; only its answer makes an order paid. */
export function verifyPayment(api: ApiClient, id: string) {
  return api.post(apiPaths.verifyPayment.build({}), verifyPaymentAnswerSchema, { body: { id } });
}
