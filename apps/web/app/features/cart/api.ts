import { apiPaths } from '@shop/contract';
import type { ApiClient } from '../../lib/api.ts';

/** The cart page's action calls return the raw Response for the form helper to read. */
export function updateCartLine(api: ApiClient, carId: number, count: number) {
  return api.raw('PUT', apiPaths.cartUpdate.build({ carId, count }));
}

export function removeCartLine(api: ApiClient, carId: number) {
  return api.raw('DELETE', apiPaths.cartDelete.build({ carId }));
}
