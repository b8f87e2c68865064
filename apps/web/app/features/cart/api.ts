import { apiPaths, cartSchema, cartUpdateResponseSchema, okSchema } from '@shop/contract';
import type { ApiClient } from '../../lib/api.ts';

export function fetchCart(api: ApiClient, userId: string) {
  return api.get(apiPaths.cartByUser.build({ userId }), cartSchema);
}

export function updateCartLine(api: ApiClient, carId: number, count: number) {
  return api.put(apiPaths.cartUpdate.build({ carId, count }), cartUpdateResponseSchema);
}

export function removeCartLine(api: ApiClient, carId: number) {
  return api.delete(apiPaths.cartDelete.build({ carId }), okSchema);
}
