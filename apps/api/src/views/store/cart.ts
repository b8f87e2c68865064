import type { Cart, Lang } from '@shop/contract';
import type { Db } from '../../db/client.ts';
import { countCartUnits, readCart } from '../../modules/cart/service.ts';

/**
 * A shopper's cart, for the API's cart call and the storefront's cart page and header badge.
 * The callers give the shopper whose session asks: a cart is only ever read for its owner.
 */

/** The cart priced from the catalog now, with its names in `lang`. */
export function shopperCart(db: Db, shopperId: string, lang: Lang): Promise<Cart> {
  return readCart(db, shopperId, lang);
}

/** The units in the cart (its badge), without reading its products. */
export function shopperCartUnits(db: Db, shopperId: string): Promise<number> {
  return countCartUnits(db, shopperId);
}
