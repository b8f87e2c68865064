import { apiPaths, cartUpdateResponseSchema, okSchema } from '@shop/contract';
import type { ApiClient } from '../../lib/api.ts';

export function updateCartLine(api: ApiClient, carId: number, count: number) {
  return api.put(apiPaths.cartUpdate.build({ carId, count }), cartUpdateResponseSchema);
}

export function removeCartLine(api: ApiClient, carId: number) {
  return api.delete(apiPaths.cartDelete.build({ carId }), okSchema);
}
