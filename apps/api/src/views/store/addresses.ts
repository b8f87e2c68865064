import type { Address } from '@shop/contract';
import type { Db } from '../../db/client.ts';
import {
  findAddress,
  listAddresses,
  toAddressAnswer,
  type AddressRow,
} from '../../modules/addresses/service.ts';
import type { OwnRead } from '../owned.ts';

/** A shopper's address book, for the API's address calls and the storefront's pages alike. */

/** The shopper's addresses, oldest first. */
export async function shopperAddresses(db: Db, shopperId: string): Promise<Address[]> {
  return (await listAddresses(db, shopperId)).map(toAddressAnswer);
}

/** One address, when it is the shopper's. */
export async function shopperAddress(db: Db, shopperId: string, id: string): Promise<OwnRead<Address>> {
  const row = await findAddress(db, id);
  if (!row) return 'none';
  return row.userId === shopperId ? { value: toAddressAnswer(row) } : 'not-yours';
}

/** An address as it is answered, from its row (a saved address). */
export function addressAnswer(row: AddressRow): Address {
  return toAddressAnswer(row);
}
