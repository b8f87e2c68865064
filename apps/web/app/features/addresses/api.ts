import { addressOkSchema, apiPaths, okSchema, type AddressInput } from '@shop/contract';
import type { ApiClient } from '../../lib/api.ts';

export function addAddress(api: ApiClient, input: AddressInput) {
  return api.post(apiPaths.addressAdd.build({}), addressOkSchema, { body: input });
}

export function updateAddress(api: ApiClient, id: string, input: AddressInput) {
  return api.put(apiPaths.addressUpdate.build({ id }), addressOkSchema, { body: input });
}

export function deleteAddress(api: ApiClient, id: string) {
  return api.delete(apiPaths.addressDelete.build({ id }), okSchema);
}
