import type { Shop } from '../lib/shop.ts';
import { AppError, notFound } from '../lib/errors.ts';
import { variantToBuy, type VariantChoice } from '../modules/catalog/variants.ts';
import { addToCart } from '../modules/cart/service.ts';
import {
  dropWish,
  findWish,
  keepStockRequest,
  keepWish,
  productForSale,
} from '../modules/wishlist/service.ts';

/**
 * The shopper's changes to their wishlist (decision 220), for the API's wishlist calls and the
 * pages' hearts and wishlist page alike. Each touches the asking shopper's own list only: the
 * list is found by the session's shopper, never by an id the caller sends.
 */

/**
 * Keeps a product that is for sale, with the variant chosen on its page when one is named (404
 * PRODUCT_NOT_FOUND for a product that does not exist or is hidden, 404 VARIANT_NOT_FOUND for a
 * variant it does not sell). Adding it again is no change; 409 WISHLIST_LIMIT when the list is full.
 */
export async function addToWishlist(
  shop: Pick<Shop, 'db'>,
  shopperId: string,
  productId: number,
  choice: VariantChoice = {},
): Promise<void> {
  const named = choice.variantId !== undefined || choice.sku !== undefined;
  const variantId = named ? (await variantToBuy(shop.db, productId, choice)).variantId : null;
  if (!named && !(await productForSale(shop.db, productId))) throw notFound('PRODUCT_NOT_FOUND');
  await keepWish(shop.db, shopperId, productId, variantId);
}

/** Takes a product out of the wishlist; one that is not there is already out (no error). */
export async function removeFromWishlist(
  shop: Pick<Shop, 'db'>,
  shopperId: string,
  productId: number,
): Promise<void> {
  await dropWish(shop.db, shopperId, productId);
}

/**
 * One unit of a wished product into the cart, and the product out of the wishlist, together:
 * the variant chosen on its page, or the product's default one. 404 WISHLIST_ITEM_NOT_FOUND
 * when it is not in the list (or no longer for sale); 409 OUT_OF_STOCK for a sold-out one,
 * or the cart's own limits, and the wishlist is left as it was.
 */
export async function moveWishToCart(
  shop: Pick<Shop, 'db'>,
  shopperId: string,
  productId: number,
): Promise<{ carId: number; productCount: number }> {
  return shop.db.transaction(async (tx) => {
    const wish = await findWish(tx, shopperId, productId);
    if (!wish) throw notFound('WISHLIST_ITEM_NOT_FOUND');
    const line = await addToCart(tx, shopperId, wish); // cart
    await dropWish(tx, shopperId, productId); // wishlist
    return line;
  });
}

/**
 * "Tell me when it is back" (decision 225): keeps the shopper's request about a sold-out variant
 * (the one named, or the product's only one). 404 PRODUCT_NOT_FOUND or VARIANT_NOT_FOUND for what
 * is not sold, 400 VARIANT_REQUIRED when the product has several and none is named, 409
 * STILL_IN_STOCK when it can be bought now. Asking again is no change.
 */
export async function askWhenInStock(
  shop: Pick<Shop, 'db'>,
  shopperId: string,
  productId: number,
  choice: VariantChoice = {},
): Promise<void> {
  const variant = await variantToBuy(shop.db, productId, choice); // catalog
  if (variant.stock > 0) throw new AppError(409, 'STILL_IN_STOCK');
  await keepStockRequest(shop.db, shopperId, productId, variant.variantId); // wishlist
}
