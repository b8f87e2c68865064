import { okMessage, type StoreWishlist } from '@shop/contract';
import {
  addToWishlist,
  askWhenInStock,
  moveWishToCart,
  removeFromWishlist,
} from '../../../use-cases/wishlist.ts';
import { shopperMarks, shopperWishlist } from '../../../views/store/wishlist.ts';
import type { StorePageContext } from '../store-data.ts';

/**
 * The wishlist page, the hearts and the header's marks: the wishlist's view and use cases, for
 * the signed-in shopper (the API's wishlist calls answer the same, with the same refusals).
 */
export function wishlistPages({ app, lang, shopperId, act, marks }: StorePageContext): StoreWishlist {
  const shop = app.shop;
  return {
    wishlist: async () => {
      const id = await shopperId();
      return id ? shopperWishlist(shop.db, id, lang) : null;
    },
    shopperMarks: async () => {
      const id = await shopperId();
      if (!id) return null;
      // Read with the session for a page asked for with GET; after a change, read again.
      return marks() ?? shopperMarks(shop.db, id);
    },
    addToWishlist: (productId, choice) =>
      act(async (shopper) => {
        await addToWishlist(shop, shopper.id, productId, choice);
        return { ...okMessage('ADDED_TO_WISHLIST', lang), productId };
      }),
    removeFromWishlist: (productId) =>
      act(async (shopper) => {
        await removeFromWishlist(shop, shopper.id, productId);
        return { ...okMessage('REMOVED_FROM_WISHLIST', lang), productId };
      }),
    moveWishToCart: (productId) =>
      act(async (shopper) => ({
        ...okMessage('MOVED_TO_CART', lang),
        ...(await moveWishToCart(shop, shopper.id, productId)),
      })),
    askWhenInStock: (productId, choice) =>
      act(async (shopper) => {
        await askWhenInStock(shop, shopper.id, productId, choice);
        return { ...okMessage('STOCK_REQUEST_KEPT', lang), productId };
      }),
  };
}
