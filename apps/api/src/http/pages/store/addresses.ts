import { addressIdParams, okMessage, uuidParam, type StoreAddresses } from '@shop/contract';
import { addAddress, deleteAddress, updateAddress } from '../../../use-cases/addresses.ts';
import { addressAnswer, shopperAddress, shopperAddresses } from '../../../views/store/addresses.ts';
import { ownValue } from '../../../views/owned.ts';
import { parseAs } from '../../form.ts';
import type { StorePageContext } from '../store-data.ts';

/** An address id as the API's paths check it (400 when it is not one). */
const addressId = (id: string) => parseAs(addressIdParams, { id }, 'params').id;

/**
 * The address book's pages (and the cart's checkout dialog, which adds one): the address views
 * and use cases, for the signed-in shopper, refused as the API's address calls refuse.
 */
export function addressPages({ app, lang, shopperId, act }: StorePageContext): StoreAddresses {
  const shop = app.shop;
  return {
    addresses: async () => {
      const id = await shopperId();
      return id ? shopperAddresses(shop.db, id) : null;
    },
    // Someone else's address, a missing one or not an id: none, as the page shows it.
    address: async (id) => {
      const shopper = await shopperId();
      if (!shopper || !uuidParam.safeParse(id).success) return null;
      return ownValue(await shopperAddress(shop.db, shopper, id));
    },
    addAddress: (input) =>
      act(async (shopper) => ({
        ...okMessage('SAVED', lang),
        ...addressAnswer(await addAddress(shop, shopper.id, input)),
      })),
    updateAddress: (id, input) =>
      act(async (shopper) => ({
        ...okMessage('EDITED', lang),
        ...addressAnswer(await updateAddress(shop, shopper.id, addressId(id), input)),
      })),
    deleteAddress: (id) =>
      act(async (shopper) => {
        await deleteAddress(shop, shopper.id, addressId(id));
        return okMessage('DELETED', lang);
      }),
  };
}
