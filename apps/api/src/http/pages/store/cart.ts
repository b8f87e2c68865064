import { okMessage, type StoreCart } from '@shop/contract';
import { addToCart, removeCartLine, setCartLineCount } from '../../../use-cases/cart.ts';
import { shopperCart, shopperCartUnits } from '../../../views/store/cart.ts';
import { applyCartCode, removeCartCode } from '../../../use-cases/discounts.ts';
import type { StorePageContext } from '../store-data.ts';

/**
 * The cart page, the header's badge, and add to cart: the cart's view and use cases, for the
 * signed-in shopper (the API's cart calls answer the same, with the same refusals). The pages'
 * actions have checked their fields with the contract's schemas (`cartLineCountParams`).
 */
export function cartPages({ app, lang, shopperId, act, marks }: StorePageContext): StoreCart {
  const shop = app.shop;
  return {
    cart: async () => {
      const id = await shopperId();
      return id
        ? shopperCart(shop.db, app.promotions, id, lang, new Date(), marks()?.cartCode ?? true)
        : null;
    },
    cartCount: async () => {
      const id = await shopperId();
      if (!id) return null;
      // Read with the session for a page asked for with GET; after a change, read again.
      return marks()?.cartCount ?? shopperCartUnits(shop.db, id);
    },
    addToCart: (productId, choice) =>
      act(async (shopper) => ({
        ...okMessage('ADDED_TO_CART', lang),
        ...(await addToCart(shop, shopper.id, productId, choice)),
      })),
    setCartLineCount: (carId, count) =>
      act(async (shopper) => ({
        ...okMessage('EDITED', lang),
        ...(await setCartLineCount(shop, shopper.id, carId, count)),
      })),
    applyDiscountCode: (code) =>
      act(async (shopper) => {
        await applyCartCode(shop, shopper.id, code, lang);
        return okMessage('DISCOUNT_CODE_APPLIED', lang);
      }),
    removeDiscountCode: () =>
      act(async (shopper) => {
        await removeCartCode(shop, shopper.id);
        return okMessage('DISCOUNT_CODE_REMOVED', lang);
      }),
    removeCartLine: (carId) =>
      act(async (shopper) => {
        await removeCartLine(shop, shopper.id, carId);
        return okMessage('DELETED', lang);
      }),
  };
}
