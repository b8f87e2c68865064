import type { AddressData } from '@shop/contract';
import type { Db } from '../db/client.ts';
import { forbidden, notFound } from '../lib/errors.ts';
import type { Shop } from '../lib/shop.ts';
import {
  addAddress as insertAddress,
  deleteAddress as removeAddress,
  findAddress,
  updateAddress as replaceAddress,
  type AddressRow,
} from '../modules/addresses/service.ts';

/**
 * The shopper's changes to their address book, for the API's address calls and the address
 * pages (and the cart's checkout dialog) alike. Whose an address is, is checked here, once.
 */

/** The address when it is the shopper's: 404 when there is none, 403 when it is someone else's. */
async function ownAddress(db: Db, shopperId: string, id: string): Promise<AddressRow> {
  const row = await findAddress(db, id);
  if (!row) throw notFound('ADDRESS_NOT_FOUND');
  if (row.userId !== shopperId) throw forbidden();
  return row;
}

/** An input may name its owner (`user`, as older clients send it): it must then be the shopper. */
function onlyForShopper(shopperId: string, input: AddressData): void {
  if (input.user !== undefined && input.user !== shopperId) throw forbidden();
}

/** Adds an address to the shopper's book: 400 for a mobile that is not Saudi, 409 ADDRESS_LIMIT when the book is full. */
export async function addAddress(
  shop: Pick<Shop, 'db'>,
  shopperId: string,
  input: AddressData,
): Promise<AddressRow> {
  onlyForShopper(shopperId, input);
  return insertAddress(shop.db, shopperId, input);
}

/** Replaces one of the shopper's addresses (fields left out become empty). */
export async function updateAddress(
  shop: Pick<Shop, 'db'>,
  shopperId: string,
  id: string,
  input: AddressData,
): Promise<AddressRow> {
  await ownAddress(shop.db, shopperId, id);
  onlyForShopper(shopperId, input);
  const row = await replaceAddress(shop.db, shopperId, id, input);
  // Deleted meanwhile (another tab).
  if (!row) throw notFound('ADDRESS_NOT_FOUND');
  return row;
}

/** Deletes one of the shopper's addresses. */
export async function deleteAddress(shop: Pick<Shop, 'db'>, shopperId: string, id: string): Promise<void> {
  await ownAddress(shop.db, shopperId, id);
  await removeAddress(shop.db, shopperId, id);
}
