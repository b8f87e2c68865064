import { apiPaths, type AddressInput } from '@shop/contract';
import type { ApiClient } from '../../lib/api.ts';

/** The address actions' calls return the raw Response for the form helper to read. */
export function addAddress(api: ApiClient, input: AddressInput) {
  return api.raw('POST', apiPaths.addressAdd.build({}), { body: input });
}

export function updateAddress(api: ApiClient, id: string, input: AddressInput) {
  return api.raw('PUT', apiPaths.addressUpdate.build({ id }), { body: input });
}

export function deleteAddress(api: ApiClient, id: string) {
  return api.raw('DELETE', apiPaths.addressDelete.build({ id }));
}
